import { clientErrorSchema } from '#app/platform/schemas/client-error.ts';
import { RATE_LIMITS } from '../limits.ts';
import { apiRouter, routeTable } from '../route-spec.ts';

/** A browser's error as the server reports it (logs and Sentry show the type ClientError). */
export class ClientError extends Error {
  override name = 'ClientError';
}

const route = routeTable({ tags: ['Foutmeldingen'] });

const CLIENT_ERROR_ROUTES = [
  route(
    {
      method: 'post',
      path: '/client-errors',
      summary: 'Report a browser error',
      description:
        'Spec §8 "any API error is also reported": the browser sends its errors here and the server passes them ' +
        "to its error reporter (Sentry when configured, otherwise the log), nested under the log line's own fields.",
      body: clientErrorSchema,
      answer: { status: 202, description: 'Accepted for reporting.' },
      limits: { rateLimit: RATE_LIMITS.clientErrors },
    },
    (c) => {
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
    },
  ),
];

export const clientErrorsApi = () => apiRouter(CLIENT_ERROR_ROUTES);
