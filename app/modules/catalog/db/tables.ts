import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';

/** Shop products (exam bundles, summaries, idioms). Prices in cents incl. 9 % VAT. */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    sku: text('sku').notNull().unique(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    productType: text('product_type').notNull(),
    levelSlug: text('level_slug').notNull(),
    subjectSlug: text('subject_slug').notNull(),
    brand: text('brand').notNull(),
    eanCode: text('ean_code').notNull().unique(),
    priceCents: integer('price_cents').notNull(),
    isOrderable: text('is_orderable').notNull().default('Y'),
    totalQuantity: integer('total_quantity').notNull().default(0),
    hasPreview: boolean('has_preview').notNull().default(false),
    description: text('description').notNull(),
    highlights: jsonb('highlights').$type<string[]>().notNull().default([]),
    pages: integer('pages'),
    featured: boolean('featured').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('products_level_idx').on(t.levelSlug),
    index('products_subject_idx').on(t.subjectSlug),
    check('products_price_positive', sql`${t.priceCents} >= 0`),
    check('products_quantity_non_negative', sql`${t.totalQuantity} >= 0`),
    check('products_is_orderable_flag', sql`${t.isOrderable} in ('Y', 'N')`),
  ],
);

/**
 * Every change of a product's stock (issue 32, item 4): a staff adjustment with its reason and who made it, an
 * order taking stock, an unpaid order putting it back. Written in the transaction of the change (db/stock.server.ts).
 * `staff_user_id` names the staff member (a user of accounts, a module after this one: no foreign key); null: the
 * shop or the system.
 */
export const stockChanges = pgTable(
  'stock_changes',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    fromQuantity: integer('from_quantity').notNull(),
    toQuantity: integer('to_quantity').notNull(),
    delta: integer('delta').notNull(),
    /** adjustment (staff), order (an order took it), release (an unpaid order put it back). */
    kind: text('kind').notNull(),
    reason: text('reason'),
    staffUserId: text('staff_user_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stock_changes_product_idx').on(t.productId, t.id),
    check('stock_changes_kind_check', sql`${t.kind} in ('adjustment', 'order', 'release')`),
    check('stock_changes_delta_check', sql`${t.delta} = ${t.toQuantity} - ${t.fromQuantity}`),
    check('stock_changes_to_non_negative', sql`${t.toQuantity} >= 0`),
  ],
);

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

/** The column of a row that belongs to one school subject (`subject_id`, deleted with the subject). */
export function subjectIdColumn() {
  return integer('subject_id')
    .notNull()
    .references(() => subjects.id, { onDelete: 'cascade' });
}
