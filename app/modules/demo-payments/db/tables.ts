/**
 * The demo payment provider's tables (the payment port's offline adapter, used by `npm start` and the tests): its
 * payments and refunds, as far as Mollie's resources go that the port reads.
 */
import { index, jsonb, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The demo payment provider's own records (app/modules/shop/server/demo-payment-provider.server.ts). */
export const demoPayments = pgTable('demo_payments', {
  id: text('id').primaryKey(),
  status: text('status').notNull(),
  amountCents: integer('amount_cents').notNull(),
  description: text('description').notNull(),
  method: text('method'),
  redirectUrl: text('redirect_url').notNull(),
  webhookUrl: text('webhook_url').notNull(),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The demo payment provider's refunds (Mollie's refund resource, as far as the port reads it):
 * one per idempotency key, so a repeated call answers the refund it made before.
 */
export const demoRefunds = pgTable(
  'demo_refunds',
  {
    id: text('id').primaryKey(),
    paymentId: text('payment_id')
      .notNull()
      .references(() => demoPayments.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    description: text('description').notNull(),
    status: text('status').notNull(),
    idempotencyKey: text('idempotency_key').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('demo_refunds_payment_idx').on(t.paymentId)],
);
