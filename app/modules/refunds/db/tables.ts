import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from '#app/modules/accounts/index.server.ts';
import { orders } from '#app/modules/shop/index.server.ts';

/**
 * A refund of (part of) a paid order (issue 32): taken on here (`pending`, the order row locked) before the payment
 * provider is called with the refund's id as its idempotency key; `accepted` once the provider took it (its credit
 * note is written in the same transaction), `failed` when it refused or could not be reached (no credit note).
 * `lines` says which quantities of which order lines it gives back. Kept with the order (7 years: no cascade).
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    paymentId: text('payment_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** The order's shipping costs are part of it. */
    shippingCents: integer('shipping_cents').notNull().default(0),
    staffUserId: text('staff_user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    note: text('note').notNull().default(''),
    status: text('status').notNull().default('pending'),
    providerRefundId: text('provider_refund_id'),
    providerStatus: text('provider_status'),
    /** Why the provider refused or could not be reached (failed). */
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId),
    check('refunds_status_check', sql`${t.status} in ('pending', 'accepted', 'failed')`),
    check('refunds_amount_positive', sql`${t.amountCents} > 0 and ${t.shippingCents} >= 0`),
  ],
);

/** The order lines (by position) and quantities a refund gives back, with the amount of each (VAT included). */
export const refundLines = pgTable(
  'refund_lines',
  {
    refundId: integer('refund_id')
      .notNull()
      .references(() => refunds.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    quantity: integer('quantity').notNull(),
    amountCents: integer('amount_cents').notNull(),
  },
  (t) => [
    unique('refund_lines_line').on(t.refundId, t.position),
    check('refund_lines_quantity', sql`${t.quantity} > 0`),
  ],
);

/**
 * A credit note (creditnota): the document of an accepted refund, with its own gapless number series
 * (`CN26-000001`, numbered by `credit_note_counters` in the refund's transaction), negative amounts, and the
 * invoice it corrects (the order's number). Kept 7 years with the order: never deleted with it.
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull().unique(),
    refundId: integer('refund_id')
      .notNull()
      .unique()
      .references(() => refunds.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    /** The invoice it refers to: the order's number (SB26-000123). */
    invoiceNumber: text('invoice_number').notNull(),
    /** The buyer as on the invoice when the note was issued (the document never changes afterwards). */
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    customerAddress: jsonb('customer_address').$type<string[]>().notNull(),
    /** Negative, VAT included. */
    totalCents: integer('total_cents').notNull(),
    /** Negative. */
    vatCents: integer('vat_cents').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('credit_notes_order_idx').on(t.orderId),
    check('credit_notes_negative', sql`${t.totalCents} < 0 and ${t.vatCents} <= 0`),
  ],
);

/** A credit note's lines: negative quantity and amounts, with the line's VAT rate and VAT amount. */
export const creditNoteLines = pgTable(
  'credit_note_lines',
  {
    creditNoteId: integer('credit_note_id')
      .notNull()
      .references(() => creditNotes.id),
    position: integer('position').notNull(),
    /** The order line it corrects; null for the shipping costs. */
    orderLinePosition: integer('order_line_position'),
    description: text('description').notNull(),
    sku: text('sku'),
    quantity: integer('quantity').notNull(),
    /** Negative, VAT included. */
    amountCents: integer('amount_cents').notNull(),
    vatRatePercent: smallint('vat_rate_percent').notNull(),
    /** Negative. */
    vatCents: integer('vat_cents').notNull(),
  },
  (t) => [
    unique('credit_note_lines_position').on(t.creditNoteId, t.position),
    check('credit_note_lines_negative', sql`${t.quantity} < 0 and ${t.amountCents} <= 0`),
  ],
);

/**
 * The credit notes' gapless counter: one row per year, its `last` raised in the transaction that issues a credit
 * note (a row lock: concurrent refunds queue; a rollback gives the number back). A sequence would leave gaps.
 */
export const creditNoteCounters = pgTable('credit_note_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});
