import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  primaryKey,
  uuid,
} from 'drizzle-orm/pg-core';
import { subjectIdColumn } from '#app/modules/catalog/index.server.ts';

/**
 * Accounts, in the shape Better Auth's Drizzle adapter reads
 * (app/modules/accounts/server/auth.server.ts names these tables as its models): a user,
 * their sessions, their credentials per provider (the password hash lives in
 * `accounts.password`) and one-time verification values (e-mail
 * verification, password reset). Sign-in attempts are counted by the app's
 * own rate limiter (PostgreSQL or Redis), not in a table of Better Auth's.
 */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // The study profile of spec §3 (app/platform/education.ts), set by the onboarding and the profile page.
    educationRole: text('education_role').notNull().default('pupil'),
    onboardingCompleted: boolean('onboarding_completed').notNull().default(false),
    profile: text('profile'),
    examYear: integer('exam_year'),
    levels: text('levels')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // The onboarding's unfinished choices (spec §3 Onboarding draft), kept between its steps.
    onboardingDraft: jsonb('onboarding_draft').$type<Record<string, unknown>>(),
    /**
     * The id a school's export and a future Entree/ECK iD link name the user by (issue 31): never the
     * e-mail address. Better Auth's SSO plugin is the seam that would fill it from the federation.
     */
    pseudonym: uuid('pseudonym').notNull().defaultRandom(),
    /** Two-factor sign-in (TOTP) is on: Better Auth's twoFactor plugin sets it once a first code is verified. */
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
  },
  (t) => [
    check('users_education_role_check', sql`${t.educationRole} in ('pupil', 'teacher')`),
    check('users_profile_check', sql`${t.profile} is null or ${t.profile} in ('NT', 'NG', 'EM', 'CM')`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: userIdColumn(),
    /**
     * When this session passed a second factor (a TOTP code, ADR 026): set by the accounts library's after
     * hook on the session a verified code created. Null for a session made with the password alone.
     */
    twoFactorAt: timestamp('two_factor_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: userIdColumn(),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('accounts_user_id_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/**
 * A user's TOTP secret and backup codes (Better Auth's twoFactor plugin, its `twoFactor` model), both
 * encrypted with the server's secret. `verified` turns true once the first code was accepted.
 */
export const twoFactors = pgTable(
  'two_factors',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: userIdColumn(),
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [index('two_factors_user_id_idx').on(t.userId), index('two_factors_secret_idx').on(t.secret)],
);

/**
 * A stamp per user that moves with every change to their own data (ADR 019): a trigger on each table that
 * holds a user's data (migration 0020, `bump_user_data_version`) raises it when the change commits. The
 * session read returns it with the user, and views computed from the user's data are kept in memory while
 * it stands (`userView`). No row: nothing changed since the stamps began (version 0).
 */
export const userDataVersions = pgTable('user_data_versions', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull(),
});

/** The subjects a user chose (onboarding, "mijn vakken"). */
export const userSubjects = pgTable(
  'user_subjects',
  {
    userId: userIdColumn(),
    subjectId: subjectIdColumn(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.subjectId] }), index('user_subjects_subject_idx').on(t.subjectId)],
);

/**
 * The owner column of a row that belongs to one user (`user_id`, deleted with the user). Every user-owned
 * table declares its owner with it, so the data-version trigger (ADR 019) and the tests that read the
 * catalog find one shape. A function declaration: hoisted, so a table of a module that this one imports may
 * call it while this file is still loading.
 */
export function userIdColumn() {
  return text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
}
