import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { userIdColumn, users } from '#app/modules/accounts/index.server.ts';

/**
 * A pupil's link with a parent or carer (issue 31): the pupil invites by e-mail (`invited`, the invitation's
 * token kept only as its SHA-256), the parent accepts with their own account (`active`; a pupil under 16 who
 * registered alone needs the parent's consent first), the pupil can end it any time (`ended`). `digest`: the
 * weekly mail, which the parent can switch off from the mail itself (a link signed with the server's secret).
 * `shares_grades`: the pupil shares their grades page with this parent (off until the pupil turns it on, only
 * on an accepted link; the weekly mail never holds grades).
 */
export const parentLinks = pgTable(
  'parent_links',
  {
    id: serial('id').primaryKey(),
    userId: userIdColumn(),
    parentId: text('parent_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').unique(),
    status: text('status').notNull(),
    under16: boolean('under_16').notNull().default(false),
    digest: boolean('digest').notNull().default(true),
    sharesGrades: boolean('shares_grades').notNull().default(false),
    invitedAt: timestamp('invited_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    consentAt: timestamp('consent_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    digestSentAt: timestamp('digest_sent_at', { withTimezone: true }),
  },
  (t) => [
    index('parent_links_user_idx').on(t.userId),
    index('parent_links_parent_idx').on(t.parentId),
    check('parent_links_status_check', sql`${t.status} in ('invited', 'active', 'ended')`),
  ],
);
