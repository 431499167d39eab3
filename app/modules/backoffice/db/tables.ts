import { sql } from 'drizzle-orm';
import { bigserial, check, index, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '#app/modules/accounts/index.server.ts';

const ROLE_CHECK = (column: unknown) => sql`${column} in ('admin', 'support', 'content', 'finance')`;

/**
 * The staff (issue 32, ADR 026): a user account with one back-office role. `disabledAt`: blocked, the back office
 * answers them as it answers a customer (404). The row stays, so the audit log's actors keep their meaning.
 */
export const staffMembers = pgTable(
  'staff_members',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
  },
  (t) => [check('staff_members_role_check', ROLE_CHECK(t.role))],
);

/**
 * An admin's invitation of a new staff member by e-mail, with the role they get: the link's token is kept only
 * as its SHA-256 and works once, for 7 days.
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    role: text('role').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: text('accepted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('staff_invitations_role_check', ROLE_CHECK(t.role)), index('staff_invitations_email_idx').on(t.email)],
);

/**
 * The audit log (ADR 026): every staff action, written in the transaction of the change. Append-only — a
 * trigger refuses UPDATE, DELETE and TRUNCATE (migration 0031) — and chained: `hash` is the SHA-256 of
 * `prevHash` and the entry's canonical JSON, so an edited, removed or inserted entry breaks the chain.
 * The actor is no foreign key: an entry outlives the account.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true, precision: 3 }).notNull(),
    actorUserId: text('actor_user_id'),
    actorRole: text('actor_role'),
    action: text('action').notNull(),
    objectType: text('object_type').notNull(),
    objectId: text('object_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull().unique(),
  },
  (t) => [
    index('audit_log_actor_idx').on(t.actorUserId, t.id),
    index('audit_log_action_idx').on(t.action, t.id),
    index('audit_log_object_idx').on(t.objectType, t.objectId, t.id),
    index('audit_log_at_idx').on(t.at),
  ],
);
