import { consentReceiptSchema, consentSchema } from '#app/modules/consent/index.ts';
import { recordConsent } from '#app/modules/consent/index.server.ts';
import { RATE_LIMITS } from '../limits.ts';
import { apiRouter, routeTable } from '../route-spec.ts';

const route = routeTable({ tags: ['Toestemming'] });

const CONSENT_ROUTES = [
  route(
    {
      method: 'post',
      path: '/consent',
      summary: 'Record a cookie-consent choice',
      description:
        'The consent pixel of spec §4: the browser sends the chosen categories and its random visitor id. ' +
        'One record per visitor and choice: a repeat only updates its confirmation time. No IP address is stored.',
      body: consentSchema,
      answer: [
        {
          status: 201,
          description: 'First time this visitor made this choice: recorded.',
          schema: consentReceiptSchema,
        },
        {
          status: 200,
          description: 'This visitor made this choice before: confirmed again.',
          schema: consentReceiptSchema,
        },
      ],
      limits: { rateLimit: RATE_LIMITS.consent, maxBodyBytes: 1024 },
    },
    async (c) => {
      const { created, receipt } = await recordConsent(c.var.scope, c.req.valid('json'));
      if (created) return c.json(receipt, 201);
      return c.json(receipt, 200);
    },
  ),
];

export const consentApi = () => apiRouter(CONSENT_ROUTES);
