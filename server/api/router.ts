import { OpenAPIHono } from '@hono/zod-openapi';
import type { HttpEnv } from '#server/http-env.ts';
import { handleApiError, validationHook } from './errors.ts';

/**
 * A router for one API resource (or a group of them): a module's table of
 * routes is added with `apiRouter(ROUTES)` (./route-spec.ts); failed validation
 * answers the one error shape with Dutch field errors, and thrown errors answer it too.
 */
export function createApiRouter() {
  const router = new OpenAPIHono<HttpEnv>({ defaultHook: validationHook });
  router.onError(handleApiError);
  return router;
}
