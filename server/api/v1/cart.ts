import type { Context } from 'hono';
import { API_ERROR_CODES, apiErrorBody } from '#app/platform/schemas/api-error.ts';
import {
  cartAddBundleSchema,
  cartAddSchema,
  cartEnvelopeSchema,
  cartLineParamsSchema,
  cartQuantitySchema,
} from '#app/modules/shop/index.ts';
import {
  addBundleToCart,
  addToCart,
  CART_REFUSAL_STATUS,
  getCart,
  removeCartItem,
  updateCartItem,
  type CartAnswer,
  type CartChange,
  type CartRefusal,
} from '#app/modules/shop/index.server.ts';
import type { HttpEnv } from '#server/http-env.ts';
import { RATE_LIMITS } from '../limits.ts';
import { apiRouter, routeTable } from '../route-spec.ts';

const route = routeTable({ tags: ['Winkelwagen'] });

const CART_DESCRIPTION =
  'The cart of this browser (the signed `slaagbundel.cart` cookie) or of the signed-in user; prices are ' +
  'always read from the catalogue, never from the client. Every answer sets `slaagbundel.cart_count`.';

/** The refusals of the cart's rules, for every change. */
const CART_REFUSALS = {
  404: 'Unknown product or bundle, or the product is not in the cart.',
  409:
    'The product cannot be ordered (not orderable, sold out, not that many in stock), the cart is full, or ' +
    'another change of the same cart at the same moment got in the way (nothing changed: try again).',
} as const;
const CART_WRITE = { rateLimit: RATE_LIMITS.cart };

/** The cart answer: personal, never stored by a cache, with the cart's cookies. */
function answer(c: Context<HttpEnv>, { cart, setCookies }: CartAnswer) {
  for (const cookie of setCookies) c.header('Set-Cookie', cookie, { append: true });
  c.header('Cache-Control', 'private, no-store');
  return c.json({ cart }, 200);
}

function refused(c: Context<HttpEnv>, refusal: CartRefusal) {
  const status = CART_REFUSAL_STATUS[refusal.reason];
  const code = status === 404 ? API_ERROR_CODES.notFound : API_ERROR_CODES.conflict;
  const fieldErrors = refusal.field ? { [refusal.field]: [refusal.message] } : undefined;
  return c.json(apiErrorBody(status, code, refusal.message, fieldErrors), status);
}

/** Cart writes: a refusal of the cart's rules answers 404/409 in the one error shape. */
async function attempt(c: Context<HttpEnv>, run: () => Promise<CartChange>) {
  const change = await run();
  return change.ok ? answer(c, change.value) : refused(c, change);
}

const CART_ROUTES = [
  route(
    {
      method: 'get',
      path: '/cart',
      summary: 'The cart',
      description: CART_DESCRIPTION,
      answer: { status: 200, description: 'The cart, priced.', schema: cartEnvelopeSchema },
    },
    async (c) => answer(c, await getCart(c.var.scope, c.req.raw.headers)),
  ),
  route(
    {
      method: 'post',
      path: '/cart/items',
      summary: 'Add a product',
      description: `${CART_DESCRIPTION} Adds on top of what is there (at most 10 of a product).`,
      body: cartAddSchema,
      answer: { status: 200, description: 'The cart after adding.', schema: cartEnvelopeSchema },
      refusals: CART_REFUSALS,
      limits: CART_WRITE,
    },
    (c) => attempt(c, () => addToCart(c.var.scope, c.req.raw.headers, c.req.valid('json'))),
  ),
  route(
    {
      method: 'post',
      path: '/cart/bundles',
      summary: 'Add every product of a bundle',
      description: `${CART_DESCRIPTION} Products of the bundle that cannot be ordered are left out.`,
      body: cartAddBundleSchema,
      answer: { status: 200, description: 'The cart after adding.', schema: cartEnvelopeSchema },
      refusals: CART_REFUSALS,
      limits: CART_WRITE,
    },
    (c) => attempt(c, () => addBundleToCart(c.var.scope, c.req.raw.headers, c.req.valid('json'))),
  ),
  route(
    {
      method: 'patch',
      path: '/cart/items/{productId}',
      summary: 'Change the quantity of a product',
      description: CART_DESCRIPTION,
      params: cartLineParamsSchema,
      body: cartQuantitySchema,
      answer: { status: 200, description: 'The cart after the change.', schema: cartEnvelopeSchema },
      refusals: CART_REFUSALS,
      limits: CART_WRITE,
    },
    (c) =>
      attempt(c, () =>
        updateCartItem(c.var.scope, c.req.raw.headers, {
          productId: c.req.valid('param').productId,
          quantity: c.req.valid('json').quantity,
        }),
      ),
  ),
  route(
    {
      method: 'delete',
      path: '/cart/items/{productId}',
      summary: 'Remove a product',
      description: CART_DESCRIPTION,
      params: cartLineParamsSchema,
      answer: { status: 200, description: 'The cart after removing.', schema: cartEnvelopeSchema },
      refusals: CART_REFUSALS,
      limits: CART_WRITE,
    },
    (c) => attempt(c, () => removeCartItem(c.var.scope, c.req.raw.headers, c.req.valid('param'))),
  ),
];

export const cartApi = () => apiRouter(CART_ROUTES);
