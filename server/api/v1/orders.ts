import type { Context } from 'hono';
import { API_ERROR_CODES, apiErrorBody } from '#app/platform/schemas/api-error.ts';
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
  ORDER_REFUSAL_STATUS,
  type OrderRefusal,
  placeOrder,
  startPayment,
  emptiedCartCookies,
} from '#app/modules/shop/index.server.ts';
import { listMyOrders, orderWithCodes } from '#app/modules/licenses/index.server.ts';
import type { HttpEnv } from '#server/http-env.ts';
import { RATE_LIMITS } from '../limits.ts';
import { apiRouter, routeTable } from '../route-spec.ts';

const route = routeTable({ tags: ['Bestellingen'] });

const NOT_YOURS = { 404: 'No such order, or not yours.' } as const;
const CHECKOUT_WRITE = { rateLimit: RATE_LIMITS.checkout };

/** A refusal of the order's rules in the one error shape, with the status of its reason. */
function refused<R extends OrderRefusal['reason']>(c: Context<HttpEnv>, refusal: OrderRefusal<R>) {
  const status: (typeof ORDER_REFUSAL_STATUS)[R] = ORDER_REFUSAL_STATUS[refusal.reason];
  const code = status === 409 ? API_ERROR_CODES.conflict : API_ERROR_CODES.internalError;
  return c.json(apiErrorBody(status, code, refusal.message, refusal.fieldErrors), status);
}

const notFound = (c: Context<HttpEnv>) =>
  c.json(apiErrorBody(404, API_ERROR_CODES.notFound, ORDER_MESSAGES.UNKNOWN_ORDER), 404);

const ORDER_ROUTES = [
  route(
    {
      method: 'post',
      path: '/orders',
      summary: 'Place the order of the cart',
      description:
        'Checkout: the buyer’s details with the §5 address rules. The order is priced on the server ' +
        'from the cart (prices sent by a client are ignored), the stock is reserved atomically and the cart is ' +
        'emptied. Then start a payment with POST /orders/{number}/payments. A signed-out buyer orders at most ' +
        `${GUEST_ORDER_MAX_LINE_QUANTITY} of a product and ${GUEST_ORDER_MAX_ITEMS} items in all; more is a 409 with ` +
        'fieldErrors per cart line (`items.{productId}.quantity`) and for the cart as a whole (`items`).',
      body: checkoutSchema,
      answer: { status: 201, description: 'The order, waiting for payment.', schema: orderEnvelopeSchema },
      refusals: {
        409: 'The cart is empty, a product is sold out or no longer orderable, or a signed-out cart is over the guest limits.',
      },
      limits: CHECKOUT_WRITE,
    },
    async (c) => {
      const placed = await placeOrder(c.var.scope, c.req.raw.headers, c.req.valid('json'));
      // Placing an order is refused only as a conflict (empty cart, sold out).
      if (!placed.ok) return refused(c, placed);
      c.header('Cache-Control', 'private, no-store');
      for (const cookie of emptiedCartCookies(c.var.scope)) c.header('Set-Cookie', cookie, { append: true });
      return c.json({ order: await orderWithCodes(c.var.scope, placed.value) }, 201);
    },
  ),
  route(
    {
      method: 'get',
      path: '/orders/{number}',
      summary: 'An order',
      description:
        'For its signed-in owner, or with the code of its confirmation link. Anyone else gets 404, as for an ' +
        'order that does not exist.',
      params: orderNumberParamsSchema,
      query: orderCodeQuerySchema,
      answer: { status: 200, description: 'The order.', schema: orderEnvelopeSchema },
      refusals: NOT_YOURS,
    },
    async (c) => {
      const order = await findViewableOrder(c.var.scope, c.req.raw.headers, {
        bestelling: c.req.valid('param').number,
        code: c.req.valid('query').code,
      });
      if (!order) return notFound(c);
      c.header('Cache-Control', 'private, no-store');
      return c.json({ order: await orderWithCodes(c.var.scope, order) }, 200);
    },
  ),
  route(
    {
      method: 'post',
      path: '/orders/{number}/payments',
      summary: 'Start a payment',
      description:
        'Creates a payment for the order’s amount at the payment provider (demo or Mollie) and answers where ' +
        'to send the buyer. Also for a new attempt after a failed, cancelled or expired payment.',
      params: orderNumberParamsSchema,
      query: orderCodeQuerySchema,
      body: paymentStartSchema,
      answer: { status: 201, description: 'Send the buyer to checkoutUrl.', schema: checkoutRedirectSchema },
      refusals: {
        ...NOT_YOURS,
        409: 'The order is paid already, or cancelled.',
        502: 'The payment provider could not be reached.',
      },
      limits: CHECKOUT_WRITE,
    },
    async (c) => {
      const order = await findViewableOrder(c.var.scope, c.req.raw.headers, {
        bestelling: c.req.valid('param').number,
        code: c.req.valid('query').code,
      });
      if (!order) return notFound(c);
      const started = await startPayment(c.var.scope, order, c.req.valid('json').method);
      if (!started.ok) return refused(c, started);
      return c.json({ checkoutUrl: started.value.checkoutUrl }, 201);
    },
  ),
  route(
    {
      method: 'get',
      path: '/users/me/orders',
      summary: 'My orders',
      description: 'The signed-in user’s orders, newest first (the account’s order history).',
      answer: { status: 200, description: 'The orders.', schema: orderListSchema },
      errors: [401, 500, 503],
      session: true,
    },
    async (c) => c.json({ orders: await listMyOrders(c.var.scope, c.var.userId) }, 200),
  ),
  route(
    {
      method: 'post',
      path: '/payments/webhook',
      summary: 'Payment status changed (provider webhook)',
      description:
        'Called by the payment provider with only the payment’s id (form-encoded, as Mollie does). The status ' +
        'is re-fetched from the provider; a repeated or out-of-order call changes nothing. Unknown ids answer ' +
        '200 too, so the endpoint tells nobody which payments exist.',
      form: paymentWebhookSchema,
      answer: { status: 200, description: 'Received.' },
      limits: { rateLimit: RATE_LIMITS.webhook, mediaType: 'application/x-www-form-urlencoded' },
    },
    async (c) => {
      await handlePaymentWebhook(c.var.scope, c.req.valid('form').id);
      return c.body(null, 200);
    },
  ),
];

export const ordersApi = () => apiRouter(ORDER_ROUTES);
