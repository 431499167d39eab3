/**
 * The shop's orders as their buyer sees them, with the licence codes issued for them: the codes (this
 * module's) refer to the orders (the shop's), and the shop reads no module above it, so the order pages,
 * the order API and the fulfilment's confirmation mail read an order here.
 */
import type { Scope } from '#app/platform/server/deps.ts';
import { findMyOrder, listOrdersOf, type OrderRow, orderView } from '#app/modules/shop/index.server.ts';
import type { OrderView } from '#app/modules/shop/index.ts';
import { listOrderLicenseCodes } from '#app/modules/licenses/db/license-codes.server.ts';

/** The buyer's view of an order with its licence codes (read beside the order's lines and payments). */
export function orderWithCodes(s: Scope, order: OrderRow): Promise<OrderView> {
  return orderView(s, order, listOrderLicenseCodes(s.db, order.id));
}

/** The signed-in user's orders, newest first (the account's order history). */
export async function listMyOrders(s: Scope, userId: string): Promise<OrderView[]> {
  const rows = await listOrdersOf(s, userId);
  return Promise.all(rows.map((row) => orderWithCodes(s, row)));
}

/** One order of the signed-in user (the account's invoice page); null when it is not theirs or does not exist. */
export async function getMyOrder(s: Scope, userId: string, number: string): Promise<OrderView | null> {
  const order = await findMyOrder(s, userId, number);
  return order ? orderWithCodes(s, order) : null;
}
