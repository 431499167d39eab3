import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '#app/modules/accounts/index.server.ts';
import { products } from '#app/modules/catalog/index.server.ts';

/**
 * Shopping carts. A visitor's cart is found by its random id (in a
 * signed cookie); a signed-in user's by `user_id` (one cart per user). Stored
 * here so a cart survives restarts and works across server copies.
 */
export const carts = pgTable(
  'carts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('carts_updated_idx').on(t.updatedAt)],
);

/** One product in a cart. Prices are never stored here: they are read from `products` on every view. */
export const cartItems = pgTable(
  'cart_items',
  {
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.cartId, t.productId] }),
    check('cart_items_quantity_range', sql`${t.quantity} between 1 and 10`),
  ],
);

/** The buyer's details as typed at checkout (app/modules/shop/schemas/checkout.ts). */
export interface OrderCustomer {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string | undefined;
  billing: OrderAddress;
  /** Only when the buyer chose a different delivery address. */
  delivery?: OrderAddress | undefined;
}

export interface OrderAddress {
  street: string;
  houseNumber: string;
  houseNumberExtension?: string | undefined;
  postcode: string;
  city: string;
}

/**
 * Orders. Every amount was computed on the server from `products` when the
 * order was placed (never from the client) and is kept as it was then.
 * `status` moves only through the transitions of app/modules/shop/domain/orders.ts.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    /** The number people see: 'SB26-000123'. */
    number: text('number').notNull().unique(),
    /** Random; with the number it lets a guest see the order (the confirmation page link). */
    accessToken: text('access_token').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    status: text('status').notNull().default('pending'),
    customer: jsonb('customer').$type<OrderCustomer>().notNull(),
    shippingMethod: text('shipping_method').notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountPercent: integer('discount_percent').notNull(),
    discountCents: integer('discount_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    vatCents: integer('vat_cents').notNull(),
    newsletter: boolean('newsletter').notNull().default(false),
    /** Set once the paid order's follow-up (mail, access, licence codes) has been queued. */
    fulfilmentQueuedAt: timestamp('fulfilment_queued_at', { withTimezone: true }),
    /** Set, with the order row locked, by the one run of the follow-up that issued access and codes. */
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_status_idx').on(t.status, t.createdAt),
    // The back office finds an order by its buyer's address, any case (issue 32).
    index('orders_email_idx').on(sql`lower(${t.email})`, t.id),
    check('orders_status_check', sql`${t.status} in ('pending', 'paid', 'cancelled')`),
    check('orders_amounts_non_negative', sql`${t.totalCents} >= 0 and ${t.discountCents} >= 0`),
  ],
);

/** The products of an order, with the price and discount of that moment. */
export const orderLines = pgTable(
  'order_lines',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    /** unitPrice × quantity, before the discount. */
    lineTotalCents: integer('line_total_cents').notNull(),
    discountCents: integer('discount_cents').notNull(),
    position: integer('position').notNull(),
    /** The line's VAT rate (issue 32); null on the lines of orders placed before it was stored (9 %). */
    vatRatePercent: smallint('vat_rate_percent'),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.position] })],
);

/** Every change of an order's status, with what caused it (an audit trail; one row per real transition). */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId)],
);

/**
 * Payments of an order at the payment provider (one per attempt). `status`
 * mirrors the provider's, re-fetched on every webhook; it only moves from
 * open to a final state (app/modules/shop/domain/orders.ts), so a repeated or late
 * webhook changes nothing.
 */
export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    method: text('method'),
    status: text('status').notNull(),
    amountCents: integer('amount_cents').notNull(),
    checkoutUrl: text('checkout_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payments_order_idx').on(t.orderId)],
);

/**
 * A payment that was paid although its order did not need it: the order was paid by another
 * payment before, or cancelled (not paid in time). One row per such payment, written in the
 * transaction that stored it as paid; the order stays as it was. Its refund runs as the once-only
 * `refund-extra-payment` job (ADR 010): `status` moves queued → refunding → refunded, or to failed
 * (the provider refused, or every retry failed: the operator refunds by hand). The operator's list:
 * `select * from extra_payments where status <> 'refunded'`.
 */
export const extraPayments = pgTable(
  'extra_payments',
  {
    paymentId: text('payment_id')
      .primaryKey()
      .references(() => payments.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    /** Why it is extra: `order_paid` (another payment paid the order) or `order_cancelled`. */
    reason: text('reason').notNull(),
    status: text('status').notNull().default('queued'),
    /** The provider's refund, once it accepted one. */
    refundId: text('refund_id'),
    /** The provider's status of that refund when it answered (queued, pending, refunded, …). */
    refundStatus: text('refund_status'),
    attempts: integer('attempts').notNull().default(0),
    /** Why the last attempt failed (the provider's answer); cleared when a refund is accepted. */
    lastError: text('last_error'),
    /** When a run took the refund on (status refunding); a stale claim may be taken over. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** A staff member looked at it and marked it handled (issue 32): refunded, or refunded by hand after a failure. */
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: text('handled_by'),
    handledNote: text('handled_note'),
  },
  (t) => [
    index('extra_payments_status_idx').on(t.status, t.createdAt),
    index('extra_payments_order_idx').on(t.orderId),
    check('extra_payments_status_check', sql`${t.status} in ('queued', 'refunding', 'refunded', 'failed')`),
    check('extra_payments_reason_check', sql`${t.reason} in ('order_paid', 'order_cancelled')`),
  ],
);
