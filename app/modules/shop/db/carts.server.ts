import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { preparedPerDatabase } from '#app/db/prepared.server.ts';
import { cartItems, carts } from './tables.ts';
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '#app/modules/shop/domain/cart.ts';

export type CartRow = typeof carts.$inferSelect;

/**
 * The cart's hot statements, prepared once per database (like the session
 * read, ADR 009): every cart answer runs them, and building a query costs
 * more CPU than PostgreSQL spends on it.
 */
function build(db: Db) {
  return {
    cart: db
      .select()
      .from(carts)
      .where(eq(carts.id, sql.placeholder('id')))
      .prepare('cart_by_id'),
    userCart: db
      .select()
      .from(carts)
      .where(eq(carts.userId, sql.placeholder('userId')))
      .prepare('cart_by_user'),
    items: db
      .select({ productId: cartItems.productId, quantity: cartItems.quantity })
      .from(cartItems)
      .where(eq(cartItems.cartId, sql.placeholder('cartId')))
      .orderBy(asc(cartItems.addedAt), asc(cartItems.productId))
      .prepare('cart_items_of_cart'),
  };
}
const prepared = preparedPerDatabase(build);

export async function findCart(db: Db, id: string): Promise<CartRow | undefined> {
  const [row] = await prepared(db).cart.execute({ id });
  return row;
}

export async function findUserCart(db: Db, userId: string): Promise<CartRow | undefined> {
  const [row] = await prepared(db).userCart.execute({ userId });
  return row;
}

/** A new cart; for a user, their one cart (an existing one is returned, never a second). */
export async function createCart(db: Db, userId: string | null): Promise<CartRow> {
  if (userId) {
    const [row] = await db
      .insert(carts)
      .values({ userId })
      .onConflictDoUpdate({ target: carts.userId, set: { updatedAt: sql`now()` } })
      .returning();
    return row!;
  }
  const [row] = await db.insert(carts).values({}).returning();
  return row!;
}

/** The cart's lines, oldest first: the product and how many (the catalogue has the rest: readCartLines in server/cart.server.ts). */
export function listCartItems(db: Db, cartId: string): Promise<{ productId: number; quantity: number }[]> {
  return prepared(db).items.execute({ cartId });
}

/**
 * Locks the cart row (`select … for update`) until the transaction `tx` ends:
 * the first step of every write of a cart's lines, the cart's own and the
 * order placed from it (lockCartItems).
 */
async function lockCart(tx: Db, cartId: string): Promise<void> {
  await tx.execute(sql`select id from carts where id = ${cartId}::uuid for update`);
}

/**
 * The first step of placing an order from a cart, in the order's transaction `tx`: the cart row's lock
 * (lockCart, the lock order of every cart write), then its lines by product id, the order in which the
 * order reserves their stock (a fixed lock order: concurrent orders cannot deadlock). An add waits until
 * the order has emptied the cart (and lands in the emptied cart), or the order waits for the add (and
 * orders it).
 */
export async function lockCartItems(tx: Db, cartId: string): Promise<{ productId: number; quantity: number }[]> {
  await lockCart(tx, cartId);
  return tx
    .select({ productId: cartItems.productId, quantity: cartItems.quantity })
    .from(cartItems)
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.productId));
}

/**
 * The one lock order of every cart write: in one transaction, first the cart
 * row (lockCart), then the cart's lines. Writes to one cart wait
 * for each other at the cart row instead of taking the row and the lines in
 * opposite orders, which deadlocked (an item add and a bundle add at once).
 */
function writeCart<T>(db: Db, cartId: string, write: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await lockCart(tx, cartId);
    return write(tx);
  });
}

const CONFLICT_SQLSTATES = new Set(['40P01', '40001']);

/**
 * Whether a write failed because PostgreSQL broke off a lock conflict: a
 * deadlock (40P01) or a serialization failure (40001), also wrapped as
 * Drizzle wraps the driver's error. Its transaction wrote nothing; trying
 * again can succeed.
 */
export function isWriteConflict(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && CONFLICT_SQLSTATES.has(code)) return true;
    current = cause;
  }
  return false;
}

/**
 * Adds `quantity` of a product (on top of what is there), never above
 * MAX_LINE_QUANTITY, and marks the cart as changed. A product that is not in
 * the cart yet needs a free line (MAX_CART_LINES): the cart row is locked, its
 * lines counted and the product added in one transaction, so two adds at once
 * cannot both take the last line. Answers 'full' when there was none.
 */
export async function addCartItem(
  db: Db,
  cartId: string,
  productId: number,
  quantity: number,
): Promise<'added' | 'full'> {
  return writeCart(db, cartId, async (tx) => {
    const counted = (await tx.execute(sql`
      select count(*)::int as lines, coalesce(bool_or(product_id = ${productId}), false) as present
      from cart_items where cart_id = ${cartId}::uuid`)) as unknown as { rows: { lines: number; present: boolean }[] };
    const { lines, present } = counted.rows[0] ?? { lines: 0, present: false };
    if (!present && Number(lines) >= MAX_CART_LINES) return 'full';
    await tx.execute(sql`
      with added as (
        insert into cart_items (cart_id, product_id, quantity)
        values (${cartId}::uuid, ${productId}, ${Math.min(quantity, MAX_LINE_QUANTITY)})
        on conflict (cart_id, product_id) do update
          set quantity = least(cart_items.quantity + excluded.quantity, ${MAX_LINE_QUANTITY})
        returning cart_id
      )
      update carts set updated_at = now() where id = (select cart_id from added)`);
    return 'added';
  });
}

/**
 * Adds one of each of these products (the caller checked that each can be ordered now) to the cart, in one
 * statement after the cart row's lock; answers the ids it added.
 */
export async function addCartItems(db: Db, cartId: string, productIds: readonly number[]): Promise<number[]> {
  const ids = [...new Set(productIds.map(Number))];
  if (ids.length === 0) return [];
  return writeCart(db, cartId, async (tx) => {
    const result = (await tx.execute(sql`
      with added as (
        insert into cart_items (cart_id, product_id, quantity)
        select ${cartId}::uuid, id, 1 from unnest(${`{${ids.join(',')}}`}::int[]) as id
        on conflict (cart_id, product_id) do update
          set quantity = least(cart_items.quantity + 1, ${MAX_LINE_QUANTITY})
        returning product_id
      ), touched as (
        update carts set updated_at = now() where id = ${cartId}::uuid and exists (select 1 from added)
      )
      select product_id from added`)) as unknown as { rows: { product_id: number }[] };
    return result.rows.map((row) => Number(row.product_id));
  });
}

/** Sets a line's quantity; false when the product is not in the cart. */
export async function setCartItemQuantity(
  db: Db,
  cartId: string,
  productId: number,
  quantity: number,
): Promise<boolean> {
  return writeCart(db, cartId, async (tx) => {
    const rows = await tx
      .update(cartItems)
      .set({ quantity })
      .where(and(eq(cartItems.cartId, cartId), eq(cartItems.productId, productId)))
      .returning({ productId: cartItems.productId });
    await touchCart(tx, cartId);
    return rows.length > 0;
  });
}

/** Removes a line; false when it was not there. */
export async function deleteCartItem(db: Db, cartId: string, productId: number): Promise<boolean> {
  return writeCart(db, cartId, async (tx) => {
    const rows = await tx
      .delete(cartItems)
      .where(and(eq(cartItems.cartId, cartId), eq(cartItems.productId, productId)))
      .returning({ productId: cartItems.productId });
    await touchCart(tx, cartId);
    return rows.length > 0;
  });
}

async function touchCart(db: Db, cartId: string): Promise<void> {
  await db
    .update(carts)
    .set({ updatedAt: sql`now()` })
    .where(eq(carts.id, cartId));
}

/**
 * Moves a visitor's cart into a user's on sign-in: quantities of the same
 * product add up (capped), then the visitor's cart is deleted. One transaction
 * that first locks both cart rows (in the order of their ids), then their lines.
 */
export async function mergeCartInto(db: Db, fromCartId: string, toCartId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      select id from carts where id in (${fromCartId}::uuid, ${toCartId}::uuid) order by id for update`);
    await tx.execute(sql`
      insert into cart_items (cart_id, product_id, quantity, added_at)
      select ${toCartId}::uuid, product_id, quantity, added_at from cart_items where cart_id = ${fromCartId}::uuid
      on conflict (cart_id, product_id) do update
        set quantity = least(cart_items.quantity + excluded.quantity, ${MAX_LINE_QUANTITY})`);
    await tx.delete(carts).where(eq(carts.id, fromCartId));
    await tx
      .update(carts)
      .set({ updatedAt: sql`now()` })
      .where(eq(carts.id, toCartId));
  });
}

/** Gives a visitor's cart to a user who has none yet. */
export async function assignCart(db: Db, cartId: string, userId: string): Promise<void> {
  await db
    .update(carts)
    .set({ userId, updatedAt: sql`now()` })
    .where(eq(carts.id, cartId));
}

/** Empties a cart: the order placed from it took its lines (inside the order's transaction, the cart locked). */
export async function clearCart(db: Db, cartId: string): Promise<void> {
  await db.delete(cartItems).where(eq(cartItems.cartId, cartId));
}
