import { createHmac } from 'node:crypto';
import type { Scope } from '#app/platform/server/deps.ts';
import type { CartLineView, CartView } from '#app/modules/shop/schemas/cart.ts';
import { MAX_CART_LINES, MAX_LINE_QUANTITY, nextTierText, priceCart } from '#app/modules/shop/domain/cart.ts';
import { CART_COOKIE, CART_COUNT_COOKIE } from '#app/platform/cookies.ts';
import { missingForFreeShipping, shippingCents } from '#app/modules/shop/domain/shipping.ts';
import { vatAmount } from '#app/platform/money.ts';
import { serializeDefinedCookie } from '#app/platform/cookie-header.ts';
import {
  addCartItem,
  addOrderableCartItems,
  assignCart,
  bundleProductIds,
  cartLines,
  createCart,
  deleteCartItem,
  findCart,
  findProductForCart,
  findUserCart,
  mergeCartInto,
  setCartItemQuantity,
  type CartLineRow,
  type CartRow,
} from '#app/modules/shop/db/carts.server.ts';
import { coverImage } from '#app/modules/catalog/index.server.ts';
import { cookieValue, sessionUser, verifiedToken } from '#app/modules/accounts/index.server.ts';

/** Why a cart change was refused; the API and the cart page turn it into a 4xx with this Dutch message. */
export class CartError extends Error {
  readonly status: 404 | 409;
  readonly field: 'productId' | 'quantity' | 'bundleId' | undefined;
  constructor(status: 404 | 409, message: string, field?: 'productId' | 'quantity' | 'bundleId') {
    super(message);
    this.status = status;
    this.field = field;
  }
}

export const CART_MESSAGES = {
  UNKNOWN_PRODUCT: 'Dit product bestaat niet (meer).',
  UNKNOWN_BUNDLE: 'Dit voordeelpakket bestaat niet (meer).',
  NOT_ORDERABLE: 'Dit product is niet meer te bestellen.',
  SOLD_OUT: 'Dit product is tijdelijk uitverkocht.',
  NOT_IN_CART: 'Dit product zit niet in je winkelwagen.',
  TOO_MANY_LINES: `Je winkelwagen is vol: er passen ${MAX_CART_LINES} verschillende producten in.`,
  TOO_MANY: (stock: number) => `Er ${stock === 1 ? 'is' : 'zijn'} nog maar ${stock} op voorraad.`,
} as const;

/** Who a cart belongs to in this request, and the cookies the answer must set. */
interface CartContext {
  cart: CartRow | null;
  userId: string | null;
  setCookies: string[];
  secure: boolean;
}

export interface CartResult {
  cart: CartView;
  /** Set-Cookie values for the answer: the cart's id (first time) and the header's count. */
  setCookies: string[];
}

function sign(id: string, secret: string): string {
  return `${id}.${createHmac('sha256', secret).update(id).digest('base64')}`;
}

const isSecure = (s: Scope) => s.settings.publicUrl.startsWith('https:');

/**
 * The cart of this request: a signed-in user's own cart, or the visitor's
 * from the signed cookie (a forged or unknown id is ignored). A visitor's
 * cart that meets a signed-in user is merged into the user's (the
 * cart follows the account), once, on the first cart read after sign-in.
 */
async function cartContext(s: Scope, headers: Headers): Promise<CartContext> {
  const secure = isSecure(s);
  const setCookies: string[] = [];
  const cookieId = verifiedToken(cookieValue(headers.get('cookie'), CART_COOKIE.name), s.settings.cookieSecret);
  const user = await sessionUser(s, headers);
  const visitorCart = cookieId ? ((await findCart(s.db, cookieId)) ?? null) : null;
  if (!user) {
    return { cart: visitorCart && visitorCart.userId === null ? visitorCart : null, userId: null, setCookies, secure };
  }
  let cart = (await findUserCart(s.db, user.id)) ?? null;
  if (visitorCart && visitorCart.userId === null) {
    if (cart) await mergeCartInto(s.db, visitorCart.id, cart.id);
    else {
      await assignCart(s.db, visitorCart.id, user.id);
      cart = { ...visitorCart, userId: user.id };
    }
    // The visitor's cookie has done its work: the account finds the cart from now on.
    setCookies.push(serializeDefinedCookie({ ...CART_COOKIE, maxAgeDays: 0 }, '', { secure, httpOnly: true }));
  }
  return { cart, userId: user.id, setCookies, secure };
}

async function ensureCart(s: Scope, ctx: CartContext): Promise<CartRow> {
  if (ctx.cart) return ctx.cart;
  const cart = await createCart(s.db, ctx.userId);
  if (!ctx.userId) {
    ctx.setCookies.push(
      serializeDefinedCookie(CART_COOKIE, sign(cart.id, s.settings.cookieSecret), {
        secure: ctx.secure,
        httpOnly: true,
      }),
    );
  }
  ctx.cart = cart;
  return cart;
}

function stockNote(row: CartLineRow): string | null {
  if (row.isOrderable !== 'Y') return 'Niet meer te bestellen';
  if (row.totalQuantity <= 0) return 'Tijdelijk uitverkocht';
  if (row.quantity > row.totalQuantity) return `Nog maar ${row.totalQuantity} op voorraad`;
  return null;
}

function toCartView(rows: readonly CartLineRow[]): CartView {
  const priced = priceCart(
    rows.map((row) => ({
      productId: row.productId,
      quantity: row.quantity,
      unitPriceCents: row.priceCents,
      isOrderable: row.isOrderable,
      // A line asking for more than is in stock cannot be ordered as it is.
      inventory: { totalQuantity: row.quantity > row.totalQuantity ? 0 : row.totalQuantity },
    })),
  );
  const lines: CartLineView[] = rows.map((row, i) => {
    const line = priced.lines[i]!;
    return {
      productId: row.productId,
      name: row.name,
      href: `/producten/${row.productId}/${row.slug}`,
      image: coverImage(row.sku),
      productType: row.productType,
      level: row.levelSlug,
      quantity: row.quantity,
      unitPriceCents: line.unitPriceCents,
      lineTotalCents: line.lineTotalCents,
      discountPercentage: line.discountPercentage,
      discountCents: line.discountCents,
      priceNetCents: line.priceNetCents,
      canOrder: line.canOrder,
      stockNote: stockNote(row),
      maxQuantity: Math.max(row.quantity, Math.min(MAX_LINE_QUANTITY, row.totalQuantity)),
    };
  });
  const shipping = shippingCents(priced.totalCents, priced.itemCount);
  const grandTotalCents = priced.totalCents + shipping;
  return {
    lines,
    itemCount: priced.itemCount,
    subtotalCents: priced.subtotalCents,
    discountPercentage: priced.discountPercentage,
    discountNetCents: priced.discountNetCents,
    totalCents: priced.totalCents,
    shippingCents: shipping,
    missingForFreeShippingCents: priced.itemCount === 0 ? 0 : missingForFreeShipping(priced.totalCents),
    grandTotalCents,
    vatCents: vatAmount(grandTotalCents),
    nextTierText: nextTierText(priced.nextTier),
    fullyOrderable: priced.fullyOrderable,
  };
}

export const EMPTY_CART: CartView = toCartView([]);

async function result(s: Scope, ctx: CartContext, headers: Headers): Promise<CartResult> {
  const rows = ctx.cart ? await cartLines(s.db, ctx.cart.id) : [];
  const cart = toCartView(rows);
  const count = String(cart.itemCount);
  // The header's count: written when it differs from what the browser holds.
  if (cookieValue(headers.get('cookie'), CART_COUNT_COOKIE.name) !== count) {
    ctx.setCookies.push(serializeDefinedCookie(CART_COUNT_COOKIE, count, { secure: ctx.secure }));
  }
  return { cart, setCookies: ctx.setCookies };
}

/** The cart of this request (empty when there is none), with the cookies to set. */
export async function getCart(s: Scope, headers: Headers): Promise<CartResult> {
  const ctx = await cartContext(s, headers);
  return result(s, ctx, headers);
}

/** The id of this request's cart, if there is one (the checkout reads it). */
export async function currentCartId(
  s: Scope,
  headers: Headers,
): Promise<{ cartId: string | null; userId: string | null }> {
  const ctx = await cartContext(s, headers);
  return { cartId: ctx.cart?.id ?? null, userId: ctx.userId };
}

async function orderableProduct(s: Scope, productId: number) {
  const product = await findProductForCart(s.db, productId);
  if (!product) throw new CartError(404, CART_MESSAGES.UNKNOWN_PRODUCT, 'productId');
  if (product.isOrderable !== 'Y') throw new CartError(409, CART_MESSAGES.NOT_ORDERABLE, 'productId');
  if (product.totalQuantity <= 0) throw new CartError(409, CART_MESSAGES.SOLD_OUT, 'productId');
  return product;
}

/** Adds a product (on top of what is there); refuses unknown, unorderable and sold-out products. */
export async function addToCart(
  s: Scope,
  headers: Headers,
  input: { productId: number; quantity: number },
): Promise<CartResult & { added: { productId: number; name: string } }> {
  const [product, ctx] = await Promise.all([orderableProduct(s, input.productId), cartContext(s, headers)]);
  const cart = await ensureCart(s, ctx);
  await addCartItem(s.db, cart.id, product.id, Math.min(input.quantity, product.totalQuantity));
  const done = await result(s, ctx, headers);
  if (done.cart.lines.length > MAX_CART_LINES) {
    // One product too many: take the new one out again.
    await deleteCartItem(s.db, cart.id, product.id);
    throw new CartError(409, CART_MESSAGES.TOO_MANY_LINES);
  }
  return { ...done, added: { productId: product.id, name: product.name } };
}

/** Adds every product of a bundle that can be ordered; refuses an unknown bundle. */
export async function addBundleToCart(
  s: Scope,
  headers: Headers,
  input: { bundleId: number },
): Promise<CartResult & { addedCount: number }> {
  const productIds = await bundleProductIds(s.db, input.bundleId);
  if (productIds.length === 0) throw new CartError(404, CART_MESSAGES.UNKNOWN_BUNDLE, 'bundleId');
  return addProductsToCart(s, headers, productIds);
}

/** Adds one of each product that can be ordered (the quick scan's advice); refuses when none can. */
export async function addProductsToCart(
  s: Scope,
  headers: Headers,
  productIds: readonly number[],
): Promise<CartResult & { addedCount: number }> {
  const ctx = await cartContext(s, headers);
  const cart = await ensureCart(s, ctx);
  const addedCount = (await addOrderableCartItems(s.db, cart.id, [...new Set(productIds)])).length;
  if (addedCount === 0) throw new CartError(409, CART_MESSAGES.SOLD_OUT, 'bundleId');
  return { ...(await result(s, ctx, headers)), addedCount };
}

/** Sets a line's quantity (1–10, at most the stock). */
export async function updateCartItem(
  s: Scope,
  headers: Headers,
  input: { productId: number; quantity: number },
): Promise<CartResult> {
  const ctx = await cartContext(s, headers);
  const product = await findProductForCart(s.db, input.productId);
  if (!ctx.cart || !product) throw new CartError(404, CART_MESSAGES.NOT_IN_CART, 'productId');
  if (input.quantity > product.totalQuantity && product.totalQuantity > 0) {
    throw new CartError(409, CART_MESSAGES.TOO_MANY(product.totalQuantity), 'quantity');
  }
  if (!(await setCartItemQuantity(s.db, ctx.cart.id, input.productId, input.quantity))) {
    throw new CartError(404, CART_MESSAGES.NOT_IN_CART, 'productId');
  }
  return result(s, ctx, headers);
}

/** Removes a line; removing what is not there is a 404. */
export async function removeCartItem(s: Scope, headers: Headers, input: { productId: number }): Promise<CartResult> {
  const ctx = await cartContext(s, headers);
  if (!ctx.cart || !(await deleteCartItem(s.db, ctx.cart.id, input.productId))) {
    throw new CartError(404, CART_MESSAGES.NOT_IN_CART, 'productId');
  }
  return result(s, ctx, headers);
}

/** The header's count after the cart was emptied by an order: 0. */
export function emptiedCartCookies(s: Scope): string[] {
  return [serializeDefinedCookie(CART_COUNT_COOKIE, '0', { secure: isSecure(s) })];
}
