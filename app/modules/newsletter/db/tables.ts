import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Newsletter subscriptions with double opt-in (/nieuwsbrief, POST
 * /api/v1/newsletter; app/modules/newsletter/server/newsletter.server.ts). One row per
 * address, stored trimmed and in lower case.
 *
 * - `status`: 'pending' (signed up, waiting for the confirmation link),
 *   'confirmed' (may be mailed newsletters), 'unsubscribed'.
 * - Tokens are never stored: only the SHA-256 (hex) of the token in the
 *   confirmation link (valid 7 days from `confirmation_requested_at`) and of
 *   the one in the unsubscribe link (made when the address is confirmed).
 * - `source`: where the last sign-up happened ('page', 'footer', 'article:<slug>').
 * - `confirmed_at` and `unsubscribed_at` hold the last time that happened:
 *   with `confirmation_requested_at` and `source` they are the proof of consent.
 */
export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    status: text('status', { enum: ['pending', 'confirmed', 'unsubscribed'] })
      .notNull()
      .default('pending'),
    confirmTokenHash: text('confirm_token_hash'),
    unsubscribeTokenHash: text('unsubscribe_token_hash'),
    source: text('source').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmationRequestedAt: timestamp('confirmation_requested_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('newsletter_subscriptions_email_idx').on(t.email),
    uniqueIndex('newsletter_subscriptions_confirm_token_idx').on(t.confirmTokenHash),
    uniqueIndex('newsletter_subscriptions_unsubscribe_token_idx').on(t.unsubscribeTokenHash),
    index('newsletter_subscriptions_status_idx').on(t.status),
    check('newsletter_subscriptions_status_check', sql`${t.status} in ('pending', 'confirmed', 'unsubscribed')`),
    check('newsletter_subscriptions_email_lower_check', sql`${t.email} = lower(${t.email})`),
  ],
);
