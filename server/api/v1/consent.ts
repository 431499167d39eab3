import { createRoute } from '@hono/zod-openapi';
import { consentReceiptSchema, consentSchema } from '#app/modules/consent/index.ts';
import { recordConsent } from '#app/modules/consent/index.server.ts';
import { errorResponses, WRITE_ERRORS } from '../errors.ts';
import { RATE_LIMITS, writeLimits } from '../limits.ts';
import { createApiRouter } from '../router.ts';

export const recordConsentRoute = createRoute({
  method: 'post',
  path: '/consent',
  tags: ['Toestemming'],
  summary: 'Record a cookie-consent choice',
  description:
    'The consent pixel of spec §4: the browser sends the chosen categories and its random visitor id. ' +
    'One record per visitor and choice: a repeat only updates its confirmation time. No IP address is stored.',
  ...writeLimits({ rateLimit: RATE_LIMITS.consent, maxBodyBytes: 1024 }),
  request: {
    body: { required: true, content: { 'application/json': { schema: consentSchema } } },
  },
  responses: {
    201: {
      description: 'First time this visitor made this choice: recorded.',
      content: { 'application/json': { schema: consentReceiptSchema } },
    },
    200: {
      description: 'This visitor made this choice before: confirmed again.',
      content: { 'application/json': { schema: consentReceiptSchema } },
    },
    ...errorResponses(...WRITE_ERRORS),
  },
});

export function consentApi() {
  return createApiRouter().openapi(recordConsentRoute, async (c) => {
    const { created, receipt } = await recordConsent(c.var.scope, c.req.valid('json'));
    if (created) return c.json(receipt, 201);
    return c.json(receipt, 200);
  });
}
