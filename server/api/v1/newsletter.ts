import { createRoute } from '@hono/zod-openapi';
import { NEWSLETTER_MESSAGES, newsletterReceiptSchema, newsletterSignupSchema } from '#app/modules/newsletter/index.ts';
import { subscribeToNewsletter } from '#app/modules/newsletter/index.server.ts';
import { errorResponses, WRITE_ERRORS } from '../errors.ts';
import { RATE_LIMITS, writeLimits } from '../limits.ts';
import { createApiRouter } from '../router.ts';

export const newsletterSignupRoute = createRoute({
  method: 'post',
  path: '/newsletter',
  tags: ['Nieuwsbrief'],
  summary: 'Sign up for the newsletter (double opt-in)',
  description:
    'The opt-in form of /nieuwsbrief and of articles. The address is stored as pending and mailed a ' +
    'confirmation link (valid 7 days, queued); only after that link is used does it get the newsletter. ' +
    'The answer is the same whatever the state of the address (new, waiting, subscribed, unsubscribed), so it ' +
    'tells nobody whether an address is subscribed; an already subscribed address is not mailed again, nor is a ' +
    'waiting one within 5 minutes of its last confirmation mail. Invalid fields answer 400 with Dutch field errors.',
  ...writeLimits({ rateLimit: RATE_LIMITS.newsletter }),
  request: {
    body: { required: true, content: { 'application/json': { schema: newsletterSignupSchema } } },
  },
  responses: {
    202: {
      description: `Accepted: "${NEWSLETTER_MESSAGES.PENDING}"`,
      content: { 'application/json': { schema: newsletterReceiptSchema } },
    },
    ...errorResponses(...WRITE_ERRORS),
  },
});

export function newsletterApi() {
  return createApiRouter().openapi(newsletterSignupRoute, async (c) => {
    await subscribeToNewsletter(c.var.scope, c.req.valid('json'));
    return c.json({ message: NEWSLETTER_MESSAGES.PENDING }, 202);
  });
}
