import { createRoute, type z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { API_ERROR_CODES, apiErrorBody, apiErrorSchema } from '#app/platform/schemas/api-error.ts';
import {
  checkoutSchema,
  paymentStartSchema,
  checkoutRedirectSchema,
  orderCodeQuerySchema,
  orderEnvelopeSchema,
  orderListSchema,
  orderNumberParamsSchema,
  paymentWebhookSchema,
  ORDER_MESSAGES,
  GUEST_ORDER_MAX_ITEMS,
  GUEST_ORDER_MAX_LINE_QUANTITY,
} from '#app/modules/shop/index.ts';
import {
  findViewableOrder,
  handlePaymentWebhook,
  listMyOrders,
  ORDER_REFUSAL_STATUS,
  orderView,
  type OrderRefusal,
  placeOrder,
  startPayment,
  emptiedCartCookies,
} from '#app/modules/shop/index.server.ts';
import type { HttpEnv } from '#server/http-env.ts';
import { errorResponses, READ_ERRORS, WRITE_ERRORS } from '../errors.ts';
import { RATE_LIMITS, writeLimits } from '../limits.ts';
import { createApiRouter } from '../router.ts';

const json = <S extends z.ZodType>(schema: S) => ({ 'application/json': { schema } });
const problem = (description: string) => ({ description, content: json(apiErrorSchema) });

export const placeOrderRoute = createRoute({
  method: 'post',
  path: '/orders',
  tags: ['Bestellingen'],
  summary: 'Place the order of the cart',
  description:
    'Checkout: the buyer’s details with the §5 address rules. The order is priced on the server ' +
    'from the cart (prices sent by a client are ignored), the stock is reserved atomically and the cart is ' +
    'emptied. Then start a payment with POST /orders/{number}/payments. A signed-out buyer orders at most ' +
    `${GUEST_ORDER_MAX_LINE_QUANTITY} of a product and ${GUEST_ORDER_MAX_ITEMS} items in all; more is a 409 with ` +
    'fieldErrors per cart line (`items.{productId}.quantity`) and for the cart as a whole (`items`).',
  ...writeLimits({ rateLimit: RATE_LIMITS.checkout }),
  request: { body: { required: true, content: json(checkoutSchema) } },
  responses: {
    201: { description: 'The order, waiting for payment.', content: json(orderEnvelopeSchema) },
    409: problem(
      'The cart is empty, a product is sold out or no longer orderable, or a signed-out cart is over the guest limits.',
    ),
    ...errorResponses(...WRITE_ERRORS),
  },
});

export const getOrderRoute = createRoute({
  method: 'get',
  path: '/orders/{number}',
  tags: ['Bestellingen'],
  summary: 'An order',
  description:
    'For its signed-in owner, or with the code of its confirmation link. Anyone else gets 404, as for an ' +
    'order that does not exist.',
  request: { params: orderNumberParamsSchema, query: orderCodeQuerySchema },
  responses: {
    200: { description: 'The order.', content: json(orderEnvelopeSchema) },
    404: problem('No such order, or not yours.'),
    ...errorResponses(...READ_ERRORS),
  },
});

export const startPaymentRoute = createRoute({
  method: 'post',
  path: '/orders/{number}/payments',
  tags: ['Bestellingen'],
  summary: 'Start a payment',
  description:
    'Creates a payment for the order’s amount at the payment provider (demo or Mollie) and answers where ' +
    'to send the buyer. Also for a new attempt after a failed, cancelled or expired payment.',
  ...writeLimits({ rateLimit: RATE_LIMITS.checkout }),
  request: {
    params: orderNumberParamsSchema,
    query: orderCodeQuerySchema,
    body: { required: true, content: json(paymentStartSchema) },
  },
  responses: {
    201: { description: 'Send the buyer to checkoutUrl.', content: json(checkoutRedirectSchema) },
    404: problem('No such order, or not yours.'),
    409: problem('The order is paid already, or cancelled.'),
    502: problem('The payment provider could not be reached.'),
    ...errorResponses(...WRITE_ERRORS),
  },
});

export const myOrdersRoute = createRoute({
  method: 'get',
  path: '/users/me/orders',
  tags: ['Bestellingen'],
  security: [{ session: [] }],
  summary: 'My orders',
  description: 'The signed-in user’s orders, newest first (the account’s order history).',
  responses: {
    200: { description: 'The orders.', content: json(orderListSchema) },
    ...errorResponses(401, 500, 503),
  },
});

export const paymentWebhookRoute = createRoute({
  method: 'post',
  path: '/payments/webhook',
  tags: ['Bestellingen'],
  summary: 'Payment status changed (provider webhook)',
  description:
    'Called by the payment provider with only the payment’s id (form-encoded, as Mollie does). The status ' +
    'is re-fetched from the provider; a repeated or out-of-order call changes nothing. Unknown ids answer ' +
    '200 too, so the endpoint tells nobody which payments exist.',
  ...writeLimits({ rateLimit: RATE_LIMITS.webhook, mediaType: 'application/x-www-form-urlencoded' }),
  request: {
    body: { required: true, content: { 'application/x-www-form-urlencoded': { schema: paymentWebhookSchema } } },
  },
  responses: {
    200: { description: 'Received.' },
    ...errorResponses(...WRITE_ERRORS),
  },
});

/** A refusal of the order's rules in the one error shape, with the status of its reason. */
function refused<R extends OrderRefusal['reason']>(c: Context<HttpEnv>, refusal: OrderRefusal<R>) {
  const status: (typeof ORDER_REFUSAL_STATUS)[R] = ORDER_REFUSAL_STATUS[refusal.reason];
  const code = status === 409 ? API_ERROR_CODES.conflict : API_ERROR_CODES.internalError;
  return c.json(apiErrorBody(status, code, refusal.message, refusal.fieldErrors), status);
}

const notFound = (c: Context<HttpEnv>) =>
  c.json(apiErrorBody(404, API_ERROR_CODES.notFound, ORDER_MESSAGES.UNKNOWN_ORDER), 404);

export function ordersApi() {
  return createApiRouter()
    .openapi(placeOrderRoute, async (c) => {
      const placed = await placeOrder(c.var.scope, c.req.raw.headers, c.req.valid('json'));
      // Placing an order is refused only as a conflict (empty cart, sold out).
      if (!placed.ok) return refused(c, placed);
      c.header('Cache-Control', 'private, no-store');
      for (const cookie of emptiedCartCookies(c.var.scope)) c.header('Set-Cookie', cookie, { append: true });
      return c.json({ order: await orderView(c.var.scope, placed.value) }, 201);
    })
    .openapi(getOrderRoute, async (c) => {
      const order = await findViewableOrder(c.var.scope, c.req.raw.headers, {
        bestelling: c.req.valid('param').number,
        code: c.req.valid('query').code,
      });
      if (!order) return notFound(c);
      c.header('Cache-Control', 'private, no-store');
      return c.json({ order: await orderView(c.var.scope, order) }, 200);
    })
    .openapi(startPaymentRoute, async (c) => {
      const order = await findViewableOrder(c.var.scope, c.req.raw.headers, {
        bestelling: c.req.valid('param').number,
        code: c.req.valid('query').code,
      });
      if (!order) return notFound(c);
      const started = await startPayment(c.var.scope, order, c.req.valid('json').method);
      if (!started.ok) return refused(c, started);
      return c.json({ checkoutUrl: started.value.checkoutUrl }, 201);
    })
    .openapi(myOrdersRoute, async (c) => {
      return c.json({ orders: await listMyOrders(c.var.scope, c.var.userId) }, 200);
    })
    .openapi(paymentWebhookRoute, async (c) => {
      await handlePaymentWebhook(c.var.scope, c.req.valid('form').id);
      return c.body(null, 200);
    });
}
