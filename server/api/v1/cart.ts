import { createRoute, type z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { API_ERROR_CODES, apiErrorBody, apiErrorSchema } from '#app/platform/schemas/api-error.ts';
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
import { errorResponses, READ_ERRORS, WRITE_ERRORS } from '../errors.ts';
import { RATE_LIMITS, writeLimits } from '../limits.ts';
import { createApiRouter } from '../router.ts';

const json = <S extends z.ZodType>(schema: S) => ({ 'application/json': { schema } });
const CART_DESCRIPTION =
  'The cart of this browser (the signed `slaagbundel.cart` cookie) or of the signed-in user; prices are ' +
  'always read from the catalogue, never from the client. Every answer sets `slaagbundel.cart_count`.';

const problems = {
  404: { description: 'Unknown product or bundle, or the product is not in the cart.', content: json(apiErrorSchema) },
  409: {
    description:
      'The product cannot be ordered (not orderable, sold out, not that many in stock), the cart is full, or ' +
      'another change of the same cart at the same moment got in the way (nothing changed: try again).',
    content: json(apiErrorSchema),
  },
};

export const getCartRoute = createRoute({
  method: 'get',
  path: '/cart',
  tags: ['Winkelwagen'],
  summary: 'The cart',
  description: CART_DESCRIPTION,
  responses: {
    200: { description: 'The cart, priced.', content: json(cartEnvelopeSchema) },
    ...errorResponses(...READ_ERRORS),
  },
});

export const addCartItemRoute = createRoute({
  method: 'post',
  path: '/cart/items',
  tags: ['Winkelwagen'],
  summary: 'Add a product',
  description: `${CART_DESCRIPTION} Adds on top of what is there (at most 10 of a product).`,
  ...writeLimits({ rateLimit: RATE_LIMITS.cart }),
  request: { body: { required: true, content: json(cartAddSchema) } },
  responses: {
    200: { description: 'The cart after adding.', content: json(cartEnvelopeSchema) },
    ...problems,
    ...errorResponses(...WRITE_ERRORS),
  },
});

export const addCartBundleRoute = createRoute({
  method: 'post',
  path: '/cart/bundles',
  tags: ['Winkelwagen'],
  summary: 'Add every product of a bundle',
  description: `${CART_DESCRIPTION} Products of the bundle that cannot be ordered are left out.`,
  ...writeLimits({ rateLimit: RATE_LIMITS.cart }),
  request: { body: { required: true, content: json(cartAddBundleSchema) } },
  responses: {
    200: { description: 'The cart after adding.', content: json(cartEnvelopeSchema) },
    ...problems,
    ...errorResponses(...WRITE_ERRORS),
  },
});

export const updateCartItemRoute = createRoute({
  method: 'patch',
  path: '/cart/items/{productId}',
  tags: ['Winkelwagen'],
  summary: 'Change the quantity of a product',
  description: CART_DESCRIPTION,
  ...writeLimits({ rateLimit: RATE_LIMITS.cart }),
  request: { params: cartLineParamsSchema, body: { required: true, content: json(cartQuantitySchema) } },
  responses: {
    200: { description: 'The cart after the change.', content: json(cartEnvelopeSchema) },
    ...problems,
    ...errorResponses(...WRITE_ERRORS),
  },
});

export const removeCartItemRoute = createRoute({
  method: 'delete',
  path: '/cart/items/{productId}',
  tags: ['Winkelwagen'],
  summary: 'Remove a product',
  description: CART_DESCRIPTION,
  ...writeLimits({ rateLimit: RATE_LIMITS.cart }),
  request: { params: cartLineParamsSchema },
  responses: {
    200: { description: 'The cart after removing.', content: json(cartEnvelopeSchema) },
    ...problems,
    ...errorResponses(...WRITE_ERRORS),
  },
});

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

export function cartApi() {
  return createApiRouter()
    .openapi(getCartRoute, async (c) => answer(c, await getCart(c.var.scope, c.req.raw.headers)))
    .openapi(addCartItemRoute, (c) => attempt(c, () => addToCart(c.var.scope, c.req.raw.headers, c.req.valid('json'))))
    .openapi(addCartBundleRoute, (c) =>
      attempt(c, () => addBundleToCart(c.var.scope, c.req.raw.headers, c.req.valid('json'))),
    )
    .openapi(updateCartItemRoute, (c) =>
      attempt(c, () =>
        updateCartItem(c.var.scope, c.req.raw.headers, {
          productId: c.req.valid('param').productId,
          quantity: c.req.valid('json').quantity,
        }),
      ),
    )
    .openapi(removeCartItemRoute, (c) =>
      attempt(c, () => removeCartItem(c.var.scope, c.req.raw.headers, c.req.valid('param'))),
    );
}
