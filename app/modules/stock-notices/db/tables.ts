import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { products } from '#app/modules/catalog/index.server.ts';

/**
 * "Mail me als het er weer is": one row per e-mail address and sold-out product. The
 * back-in-stock sweep mails the address once when the product can be ordered again and then
 * deletes the row; the token in the page's and the mail's link deletes it before that. A
 * row is kept at most STOCK_NOTICE_RETENTION_DAYS (app/modules/stock-notices/domain/stock-notices.ts).
 */
export const stockNotices = pgTable(
  'stock_notices',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    token: text('token').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('stock_notices_product_email').on(t.productId, t.email)],
);
