import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The outbox of the offline mail adapter (app/integrations/mail): without
 * SMTP every mail the site sends lands here, readable at /dev/mail outside
 * production.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_created_at_idx').on(t.createdAt)],
);

/**
 * Every attempt of the `send-mail` job, whatever the adapter (issue 32): sent, or failed with the mail server's
 * answer. `ref` names what the mail is about ('order:SB26-000123'); an order's page in the back office shows its
 * mails, the day's dashboard the ones that failed.
 */
export const mailLog = pgTable(
  'mail_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ref: text('ref'),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    status: text('status').notNull(),
    error: text('error'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mail_log_ref_idx').on(t.ref, t.at),
    index('mail_log_status_idx').on(t.status, t.at),
    check('mail_log_status_check', sql`${t.status} in ('sent', 'failed')`),
  ],
);
