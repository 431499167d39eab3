import { OpenAPIHono } from '@hono/zod-openapi';
import type { HttpEnv } from '#server/http-env.ts';
import { handleApiError, validationHook } from './errors.ts';

/**
 * A router for one API resource (or a group of them): routes are added with
 * `.openapi(createRoute(…), handler)`; failed validation answers the one error
 * shape with Dutch field errors, and thrown errors answer it too.
 */
export function createApiRouter() {
  const router = new OpenAPIHono<HttpEnv>({ defaultHook: validationHook });
  router.onError(handleApiError);
  return router;
}
