import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from '#app/modules/accounts/db/auth-tables.ts';
import { products } from '#app/modules/catalog/db/tables.ts';
import { orders } from '#app/modules/shop/db/tables.ts';

/**
 * Study subjects (spec §3 User subject): one row per school subject and level,
 * e.g. "Wiskunde B havo" (slug 'wiskunde-b', level 'havo'). Reference data,
 * seeded from content/school-subjects.json in its order (`position`).
 */
export const subjects = pgTable(
  'subjects',
  {
    id: serial('id').primaryKey(),
    /** The school subject's slug: 'wiskunde-b'. */
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    /** One of LEVEL_ORDER (app/platform/levels.ts). */
    levelName: text('level_name').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    unique('subjects_slug_level_unique').on(t.slug, t.levelName),
    check('subjects_level_name_check', sql`${t.levelName} in ('vmbo-b', 'vmbo-k', 'vmbo-gl-tl', 'havo', 'vwo')`),
  ],
);

/** The subjects a user chose (onboarding, "mijn vakken"). */
export const userSubjects = pgTable(
  'user_subjects',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.subjectId] }), index('user_subjects_subject_idx').on(t.subjectId)],
);

/**
 * Access to a subject's study stream (spec §4 Subject access): 'full' or
 * 'light', from a license code, an order or a demo. Full beats light: an
 * upsert never turns a full stream back into a light one.
 */
export const subjectAccess = pgTable(
  'subject_access',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    stream: text('stream').notNull(),
    source: text('source').notNull(),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.subjectId] }),
    index('subject_access_subject_idx').on(t.subjectId),
    check('subject_access_stream_check', sql`${t.stream} in ('full', 'light')`),
    check('subject_access_source_check', sql`${t.source} in ('license', 'order', 'demo')`),
  ],
);

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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('license_codes_redeemed_by_idx').on(t.redeemedBy)],
);
