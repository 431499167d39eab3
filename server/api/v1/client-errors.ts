import { createRoute } from '@hono/zod-openapi';
import { clientErrorSchema } from '#app/platform/schemas/client-error.ts';
import { errorResponses, WRITE_ERRORS } from '../errors.ts';
import { RATE_LIMITS, writeLimits } from '../limits.ts';
import { createApiRouter } from '../router.ts';

/** A browser's error as the server reports it (logs and Sentry show the type ClientError). */
export class ClientError extends Error {
  override name = 'ClientError';
}

export const reportClientErrorRoute = createRoute({
  method: 'post',
  path: '/client-errors',
  tags: ['Foutmeldingen'],
  summary: 'Report a browser error',
  description:
    'Spec §8 "any API error is also reported": the browser sends its errors here and the server passes them ' +
    "to its error reporter (Sentry when configured, otherwise the log), nested under the log line's own fields.",
  ...writeLimits({ rateLimit: RATE_LIMITS.clientErrors }),
  request: {
    body: { required: true, content: { 'application/json': { schema: clientErrorSchema } } },
  },
  responses: {
    202: { description: 'Accepted for reporting.' },
    ...errorResponses(...WRITE_ERRORS),
  },
});

export function clientErrorsApi() {
  return createApiRouter().openapi(reportClientErrorRoute, (c) => {
    const { message, stack, url, context } = c.req.valid('json');
    const error = new ClientError(message);
    if (stack) error.stack = stack;
    // The report stays nested: nothing in it can pose as the log line's own fields.
    c.var.scope.errors.capture(error, {
      source: 'browser',
      reqId: c.var.requestId,
      url,
      ...(context ? { reported: context } : {}),
    });
    return c.body(null, 202);
  });
}
