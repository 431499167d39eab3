import { CONTENT_MESSAGES, contactReceiptSchema, contactSchema } from '#app/modules/content/index.ts';
import { submitContact } from '#app/modules/content/index.server.ts';
import { RATE_LIMITS } from '../limits.ts';
import { apiRouter, routeTable } from '../route-spec.ts';

const route = routeTable({ tags: ['Contact'] });

const CONTACT_ROUTES = [
  route(
    {
      method: 'post',
      path: '/contact',
      summary: 'Send a message to customer service',
      description:
        'The contact form of /contact (spec §2, §8). The message is stored, and mailed to our inbox with a ' +
        'confirmation to the sender (both queued). Invalid fields answer 400 with Dutch field errors.',
      body: contactSchema,
      answer: {
        status: 201,
        description: 'Received: "Contact formulier succesvol verzonden."',
        schema: contactReceiptSchema,
      },
      limits: { rateLimit: RATE_LIMITS.contact },
    },
    async (c) => {
      await submitContact(c.var.scope, c.req.valid('json'));
      return c.json({ message: CONTENT_MESSAGES.CONTACT_SUCCESS }, 201);
    },
  ),
];

export const contactApi = () => apiRouter(CONTACT_ROUTES);
