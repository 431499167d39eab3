import { NEWSLETTER_MESSAGES, newsletterReceiptSchema, newsletterSignupSchema } from '#app/modules/newsletter/index.ts';
import { subscribeToNewsletter } from '#app/modules/newsletter/index.server.ts';
import { RATE_LIMITS } from '../limits.ts';
import { apiRouter, routeTable } from '../route-spec.ts';

const route = routeTable({ tags: ['Nieuwsbrief'] });

const NEWSLETTER_ROUTES = [
  route(
    {
      method: 'post',
      path: '/newsletter',
      summary: 'Sign up for the newsletter (double opt-in)',
      description:
        'The opt-in form of /nieuwsbrief and of articles. The address is stored as pending and mailed a ' +
        'confirmation link (valid 7 days, queued); only after that link is used does it get the newsletter. ' +
        'The answer is the same whatever the state of the address (new, waiting, subscribed, unsubscribed), so it ' +
        'tells nobody whether an address is subscribed; an already subscribed address is not mailed again, nor is a ' +
        'waiting one within 5 minutes of its last confirmation mail. Invalid fields answer 400 with Dutch field errors.',
      body: newsletterSignupSchema,
      answer: {
        status: 202,
        description: `Accepted: "${NEWSLETTER_MESSAGES.PENDING}"`,
        schema: newsletterReceiptSchema,
      },
      limits: { rateLimit: RATE_LIMITS.newsletter },
    },
    async (c) => {
      await subscribeToNewsletter(c.var.scope, c.req.valid('json'));
      return c.json({ message: NEWSLETTER_MESSAGES.PENDING }, 202);
    },
  ),
];

export const newsletterApi = () => apiRouter(NEWSLETTER_ROUTES);
