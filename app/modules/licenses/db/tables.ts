import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '#app/modules/accounts/index.server.ts';
import { products, subjects } from '#app/modules/catalog/index.server.ts';
import { orders } from '#app/modules/shop/index.server.ts';

/**
 * License codes printed in the back of a book: redeeming one gives full access
 * to the product's subject. `code` is stored normalised (upper case, no
 * spaces); a code is used once `redeemed_at` is set (it stays set when the
 * redeeming account is deleted).
 */
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
  },
  (t) => [
    index('license_codes_redeemed_by_idx').on(t.redeemedBy),
    // One code per copy of an order line, whatever runs the follow-up: enforced by the database.
    uniqueIndex('license_codes_order_copy_idx').on(t.orderId, t.productId, t.copy),
    check('license_codes_seats_check', sql`${t.seats} is null or ${t.seats} between 1 and 1000`),
  ],
);
