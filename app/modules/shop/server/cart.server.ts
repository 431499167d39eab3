/**
 * The cart (spec §4, §9): which cart is the visitor's (the signed cart cookie, or their account's), its
 * changes (each one lock order, ADR 014 refusals) and its view, priced live from the catalogue.
 */
import type { Db } from '#app/db/client.server.ts';
import { sessionUser } from '#app/modules/accounts/index.server.ts';
import { getBundle } from '#app/modules/bundles/index.server.ts';
import { coverImagePath, isQuoteProduct } from '#app/modules/catalog/index.ts';
import { findProductsByIds } from '#app/modules/catalog/index.server.ts';
import {
  addCartItem,
  addCartItems,
  assignCart,
  createCart,
  deleteCartItem,
  findCart,
  findUserCart,
  isWriteConflict,
  listCartItems,
  mergeCartInto,
  setCartItemQuantity,
  type CartRow,
} from '#app/modules/shop/db/carts.server.ts';
import { cartTotal, MAX_LINE_QUANTITY } from '#app/modules/shop/domain/cart.ts';
import { CART_MESSAGES, CART_STOCK_NOTES } from '#app/modules/shop/domain/messages.ts';
import type { CartLineView, CartView } from '#app/modules/shop/schemas/cart.ts';
import { readCookie, serializeDefinedCookie } from '#app/platform/cookie-header.ts';
import { CART_COOKIE, CART_COUNT_COOKIE } from '#app/platform/cookies.ts';
import { ok, refuse, type Result } from '#app/platform/result.ts';
import { canOrder } from '#app/platform/sales.ts';
import type { Scope } from '#app/platform/server/deps.ts';
import { signCookieValue, verifySignedCookieValue } from '#app/platform/server/signed-cookie.server.ts';
import type { CartRefusal } from './refusals.server.ts';

/**
 * A cart change's answer (ADR 014): the cart, or a refusal with its Dutch
 * message that the API and the cart page answer with CART_REFUSAL_STATUS.
 */
export type CartChange<T = CartAnswer> = Result<T, CartRefusal>;

const refused = (reason: CartRefusal['reason'], message: string, field?: CartRefusal['field']) =>
  refuse<CartRefusal>(field ? { reason, message, field } : { reason, message });

/**
 * Runs a cart change. Every cart write locks the cart row before its lines
 * (app/modules/shop/db/carts.server.ts), so writes at once wait for each
 * other; a conflict the database still breaks off (a deadlock, a
 * serialization failure) wrote nothing and is the refusal 'conflict' (409):
 * the person tries again, and never meets a 500.
 */
async function changing<T>(change: () => Promise<CartChange<T>>): Promise<CartChange<T>> {
  try {
    return await change();
  } catch (error) {
    if (isWriteConflict(error)) return refused('conflict', CART_MESSAGES.CONFLICT);
    throw error;
  }
}

/** Who a cart belongs to in this request, and the cookies the answer must set. */
interface CartContext {
  cart: CartRow | null;
  userId: string | null;
  setCookies: string[];
  secure: boolean;
}

export interface CartAnswer {
  cart: CartView;
  /** Set-Cookie values for the answer: the cart's id (first time) and the header's count. */
  setCookies: string[];
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
  const cookieId = cartIdFromCookie(s, headers);
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
    setCookies.push(clearedCartCookie(secure));
  }
  return { cart, userId: user.id, setCookies, secure };
}

async function ensureCart(s: Scope, ctx: CartContext): Promise<CartRow> {
  if (ctx.cart) return ctx.cart;
  const cart = await createCart(s.db, ctx.userId);
  if (!ctx.userId) {
    ctx.setCookies.push(cartCookie(s, cart.id, ctx.secure));
  }
  ctx.cart = cart;
  return cart;
}

export const EMPTY_CART: CartView = toCartView([]);

async function result(s: Scope, ctx: CartContext, headers: Headers): Promise<CartAnswer> {
  const rows = ctx.cart ? await readCartLines(s.db, ctx.cart.id) : [];
  const cart = toCartView(rows);
  const count = String(cart.itemCount);
  // The header's count: written when it differs from what the browser holds.
  if (readCookie(headers.get('cookie'), CART_COUNT_COOKIE.name) !== count) {
    ctx.setCookies.push(serializeDefinedCookie(CART_COUNT_COOKIE, count, { secure: ctx.secure }));
  }
  return { cart, setCookies: ctx.setCookies };
}

/** The cart of this request (empty when there is none), with the cookies to set. */
export async function getCart(s: Scope, headers: Headers): Promise<CartAnswer> {
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

/** The product a person wants to add or change, as the catalogue has it now; undefined when unknown. */
async function findProduct(s: Scope, productId: number) {
  const [product] = await findProductsByIds(s.db, [productId]);
  return product;
}

async function orderableProduct(s: Scope, productId: number) {
  const product = await findProduct(s, productId);
  if (!product) return refused('unknown_product', CART_MESSAGES.UNKNOWN_PRODUCT, 'productId');
  // A class licence is sold on a quote, whatever its row says about orderable and stock.
  if (isQuoteProduct(product.productType)) return refused('quote_only', CART_MESSAGES.QUOTE_ONLY, 'productId');
  if (product.isOrderable !== 'Y') return refused('not_orderable', CART_MESSAGES.NOT_ORDERABLE, 'productId');
  if (product.totalQuantity <= 0) return refused('sold_out', CART_MESSAGES.SOLD_OUT, 'productId');
  return ok(product);
}

/** Adds a product (on top of what is there); refuses unknown, unorderable and sold-out products and a full cart. */
export async function addToCart(
  s: Scope,
  headers: Headers,
  input: { productId: number; quantity: number },
): Promise<CartChange<CartAnswer & { added: { productId: number; name: string } }>> {
  return changing(async () => {
    const [found, ctx] = await Promise.all([orderableProduct(s, input.productId), cartContext(s, headers)]);
    if (!found.ok) return found;
    const product = found.value;
    const cart = await ensureCart(s, ctx);
    if ((await addCartItem(s.db, cart.id, product.id, Math.min(input.quantity, product.totalQuantity))) === 'full') {
      return refused('cart_full', CART_MESSAGES.TOO_MANY_LINES);
    }
    return ok({ ...(await result(s, ctx, headers)), added: { productId: product.id, name: product.name } });
  });
}

/** Adds every product of a bundle that can be ordered; refuses an unknown bundle. */
export async function addBundleToCart(
  s: Scope,
  headers: Headers,
  input: { bundleId: number },
): Promise<CartChange<CartAnswer & { addedCount: number }>> {
  const bundle = await getBundle(s, input.bundleId);
  if (!bundle) return refused('unknown_bundle', CART_MESSAGES.UNKNOWN_BUNDLE, 'bundleId');
  return addOrderable(
    s,
    headers,
    bundle.products.filter((product) => product.canOrder).map((product) => product.id),
  );
}

/** Adds one of each product that can be ordered (the quick scan's advice); refuses when none can. */
export async function addProductsToCart(
  s: Scope,
  headers: Headers,
  productIds: readonly number[],
): Promise<CartChange<CartAnswer & { addedCount: number }>> {
  const products = await findProductsByIds(s.db, [...new Set(productIds)]);
  const orderable = products.filter(
    (p) =>
      !isQuoteProduct(p.productType) &&
      canOrder({ isOrderable: p.isOrderable, inventory: { totalQuantity: p.totalQuantity } }),
  );
  return addOrderable(
    s,
    headers,
    orderable.map((product) => product.id),
  );
}

/** Adds one of each of these products, which could be ordered when they were read; refuses when there are none. */
function addOrderable(
  s: Scope,
  headers: Headers,
  productIds: readonly number[],
): Promise<CartChange<CartAnswer & { addedCount: number }>> {
  return changing(async () => {
    const ctx = await cartContext(s, headers);
    const cart = await ensureCart(s, ctx);
    const addedCount = (await addCartItems(s.db, cart.id, productIds)).length;
    if (addedCount === 0) return refused('sold_out', CART_MESSAGES.SOLD_OUT, 'bundleId');
    return ok({ ...(await result(s, ctx, headers)), addedCount });
  });
}

/** Sets a line's quantity (1–10, at most the stock). */
export async function updateCartItem(
  s: Scope,
  headers: Headers,
  input: { productId: number; quantity: number },
): Promise<CartChange> {
  return changing(async () => {
    const ctx = await cartContext(s, headers);
    const product = await findProduct(s, input.productId);
    if (!ctx.cart || !product) return refused('not_in_cart', CART_MESSAGES.NOT_IN_CART, 'productId');
    if (input.quantity > product.totalQuantity && product.totalQuantity > 0) {
      return refused('too_many', CART_MESSAGES.TOO_MANY(product.totalQuantity), 'quantity');
    }
    if (!(await setCartItemQuantity(s.db, ctx.cart.id, input.productId, input.quantity))) {
      return refused('not_in_cart', CART_MESSAGES.NOT_IN_CART, 'productId');
    }
    return ok(await result(s, ctx, headers));
  });
}

/** Removes a line; removing what is not there is refused ('not_in_cart', a 404). */
export async function removeCartItem(s: Scope, headers: Headers, input: { productId: number }): Promise<CartChange> {
  return changing(async () => {
    const ctx = await cartContext(s, headers);
    if (!ctx.cart || !(await deleteCartItem(s.db, ctx.cart.id, input.productId))) {
      return refused('not_in_cart', CART_MESSAGES.NOT_IN_CART, 'productId');
    }
    return ok(await result(s, ctx, headers));
  });
}

/** The header's count after the cart was emptied by an order: 0. */
export function emptiedCartCookies(s: Scope): string[] {
  return [serializeDefinedCookie(CART_COUNT_COOKIE, '0', { secure: isSecure(s) })];
}

/**
 * The visitor's cart cookie: the cart's id, signed with the cookie secret, HttpOnly. The one place
 * it is written, read and verified; a forged or tampered value reads as no cart.
 */

/** The cart id this browser's cookie carries, or null when it has none or its signature does not hold. */
export function cartIdFromCookie(s: Pick<Scope, 'settings'>, headers: Headers): string | null {
  return verifySignedCookieValue(readCookie(headers.get('cookie'), CART_COOKIE.name), s.settings.cookieSecret);
}

/** Set-Cookie value handing a visitor their new cart. */
export function cartCookie(s: Pick<Scope, 'settings'>, cartId: string, secure: boolean): string {
  return serializeDefinedCookie(CART_COOKIE, signCookieValue(cartId, s.settings.cookieSecret), {
    secure,
    httpOnly: true,
  });
}

/** Set-Cookie value removing the cart cookie (the account finds the cart from then on). */
export function clearedCartCookie(secure: boolean): string {
  return serializeDefinedCookie({ ...CART_COOKIE, maxAgeDays: 0 }, '', { secure, httpOnly: true });
}

/** A cart line with what pricing and the page need of its product (the catalogue's, read live). */
export interface CartLineRow {
  productId: number;
  sku: string;
  slug: string;
  name: string;
  productType: string;
  levelSlug: string;
  subjectSlug: string;
  priceCents: number;
  isOrderable: string;
  totalQuantity: number;
  quantity: number;
}

/**
 * The cart's lines with their products, oldest first: the cart's lines (the shop's), then their products
 * (the catalogue's public read), two reads whatever the number of lines. Prices and stock are never stored
 * in a cart: they are read on every view.
 */
export async function readCartLines(db: Db, cartId: string): Promise<CartLineRow[]> {
  const items = await listCartItems(db, cartId);
  if (items.length === 0) return [];
  const products = new Map(
    (
      await findProductsByIds(
        db,
        items.map((item) => item.productId),
      )
    ).map((p) => [p.id, p]),
  );
  return items.flatMap(({ productId, quantity }) => {
    const product = products.get(productId);
    if (!product) return [];
    const { sku, slug, name, productType, levelSlug, subjectSlug, priceCents, isOrderable, totalQuantity } = product;
    return [
      {
        productId,
        sku,
        slug,
        name,
        productType,
        levelSlug,
        subjectSlug,
        priceCents,
        isOrderable,
        totalQuantity,
        quantity,
      },
    ];
  });
}

function stockNote(row: CartLineRow): string | null {
  if (row.isOrderable !== 'Y') return CART_STOCK_NOTES.NOT_ORDERABLE;
  if (row.totalQuantity <= 0) return CART_STOCK_NOTES.SOLD_OUT;
  if (row.quantity > row.totalQuantity) return CART_STOCK_NOTES.LOW(row.totalQuantity);
  return null;
}

/**
 * The cart as the page and the API show it, from its lines as stored: priced
 * by cartTotal (app/modules/shop/domain/cart.ts), as the cart page's
 * optimistic cart is.
 */
export function toCartView(rows: readonly CartLineRow[]): CartView {
  const { lines: priced, ...totals } = cartTotal(
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
    const line = priced[i]!;
    return {
      productId: row.productId,
      name: row.name,
      href: `/producten/${row.productId}/${row.slug}`,
      image: coverImagePath(row.sku),
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
  return { lines, ...totals };
}
