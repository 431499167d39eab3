import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '#app/modules/accounts/index.server.ts';
import { products, subjects } from '#app/modules/catalog/index.server.ts';
import { orders } from '#app/modules/shop/index.server.ts';

/**
 * License codes printed in the back of a book: redeeming one gives full access
 * to the product's subject. `code` is stored normalised (upper case, no
 * spaces); a code is used once `redeemed_at` is set (it stays set when the
 * redeeming account is deleted).
 */
export const licenseCodeBatches = pgTable(
  'license_code_batches',
  {
    id: serial('id').primaryKey(),
    label: text('label').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    /** How many codes it holds. */
    count: integer('count').notNull(),
    /** Class licences: the seats of each code and their exam year; null for a print run. */
    seats: smallint('seats'),
    examYear: integer('exam_year'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('license_code_batches_count_check', sql`${t.count} between 1 and 5000`)],
);

/**
 * Every change of a code (issue 32): issued, redeemed, revoked, reissued, made in a batch, mailed; by staff
 * (`staff_user_id`) or by the shop and its customers (null). The history the back office's code page shows.
 */
export const LICENSE_CODE_EVENT_KINDS = [
  'issued',
  'redeemed',
  'revoked',
  'reissued',
  'batch_created',
  'mailed',
] as const;
export const licenseCodeEvents = pgTable(
  'license_code_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    code: text('code')
      .notNull()
      .references(() => licenseCodes.code, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    staffUserId: text('staff_user_id').references(() => users.id, { onDelete: 'set null' }),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('license_code_events_code_idx').on(t.code, t.id),
    check(
      'license_code_events_kind_check',
      sql`${t.kind} in ('issued', 'redeemed', 'revoked', 'reissued', 'batch_created', 'mailed')`,
    ),
  ],
);

export const licenseCodes = pgTable(
  'license_codes',
  {
    code: text('code').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id),
    redeemedBy: text('redeemed_by').references(() => users.id, { onDelete: 'set null' }),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    /** The paid order this code was issued for (codes mailed to buyers); null for printed codes. */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** Which copy of its order line this code is (0, 1, …); null for printed codes. */
    copy: smallint('copy'),
    /**
     * A class licence (issue 31): redeemed by a teacher on a class, it gives this many pupils of the class full
     * access until 31 July of the school year. Null: a code for one person.
     */
    seats: smallint('seats'),
    /** The exam year a class licence is for (the class's must match); null: any. */
    examYear: integer('exam_year'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when staff revoked the code (issue 32): it can no longer be redeemed, the access it gave ended. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    /** The code this one replaces (a reissue); null for a first code. */
    replaces: text('replaces'),
    /** The batch (a print run, class licences) the back office generated this code in; null otherwise. */
    batchId: integer('batch_id').references(() => licenseCodeBatches.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('license_codes_redeemed_by_idx').on(t.redeemedBy),
    index('license_codes_order_idx').on(t.orderId),
    index('license_codes_batch_idx').on(t.batchId, t.code),
    // One live code per copy of an order line, whatever runs the follow-up: enforced by the database. A revoked
    // code steps aside, so its reissued code takes its place.
    uniqueIndex('license_codes_order_copy_idx')
      .on(t.orderId, t.productId, t.copy)
      .where(sql`${t.revokedAt} is null`),
    check('license_codes_seats_check', sql`${t.seats} is null or ${t.seats} between 1 and 1000`),
  ],
);
