import { createRoute } from '@hono/zod-openapi';
import { CONTENT_MESSAGES, contactReceiptSchema, contactSchema } from '#app/modules/content/index.ts';
import { submitContact } from '#app/modules/content/index.server.ts';
import { errorResponses, WRITE_ERRORS } from '../errors.ts';
import { RATE_LIMITS, writeLimits } from '../limits.ts';
import { createApiRouter } from '../router.ts';

export const contactRoute = createRoute({
  method: 'post',
  path: '/contact',
  tags: ['Contact'],
  summary: 'Send a message to customer service',
  description:
    'The contact form of /contact (spec §2, §8). The message is stored, and mailed to our inbox with a ' +
    'confirmation to the sender (both queued). Invalid fields answer 400 with Dutch field errors.',
  ...writeLimits({ rateLimit: RATE_LIMITS.contact }),
  request: {
    body: { required: true, content: { 'application/json': { schema: contactSchema } } },
  },
  responses: {
    201: {
      description: 'Received: "Contact formulier succesvol verzonden."',
      content: { 'application/json': { schema: contactReceiptSchema } },
    },
    ...errorResponses(...WRITE_ERRORS),
  },
});

export function contactApi() {
  return createApiRouter().openapi(contactRoute, async (c) => {
    await submitContact(c.var.scope, c.req.valid('json'));
    return c.json({ message: CONTENT_MESSAGES.CONTACT_SUCCESS }, 201);
  });
}
