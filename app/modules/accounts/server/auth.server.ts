/**
 * Identity with Better Auth and its Drizzle adapter: e-mail and
 * password accounts, e-mail verification, password reset, sessions in the
 * database (cookie HttpOnly, SameSite=Lax, Secure on https) and brute-force
 * protection on sign-in. Its HTTP endpoints live under AUTH_BASE_PATH
 * (mounted in server/api). Mails go through the mail port's `send-mail` job.
 */
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { createAuthMiddleware } from 'better-auth/api';
import { openAPI } from 'better-auth/plugins';
import type { Db } from '#app/db/client.server.ts';
import { accounts, sessions, users, verifications } from '../db/tables.ts';
import { emailHasAccount } from '#app/modules/accounts/db/users.server.ts';
import { BRAND } from '#app/platform/brand.ts';
import { SIGNED_IN_COOKIE } from '#app/platform/cookies.ts';
import type { JobEnqueuer } from '#app/platform/server/deps.ts';
import { followEmailChange } from '#app/modules/newsletter/index.server.ts';
import { hashPassword, verifyPassword } from '#app/platform/server/password-hash.server.ts';

export const AUTH_BASE_PATH = '/api/auth';
/**
 * The client address as our own server determined it (server/api/client-key.ts,
 * honouring TRUST_PROXY): the only header Better Auth reads an address from.
 * The mount replaces whatever a client sent under this name.
 */
export const AUTH_CLIENT_HEADER = 'x-slaagbundel-client';
/** Sessions last 30 days and are extended once a day while used (seconds). */
export const SESSION_TIMES = { expiresIn: 30 * 24 * 60 * 60, updateAge: 24 * 60 * 60 } as const;
/** Sign-in attempts per client and minute; the next one answers 429 (the 4th rapid wrong password). */
export const SIGN_IN_ATTEMPTS = { window: 60, max: 3 } as const;

/** Counts a request against a rule, shared by every server copy (the app's rate-limit store). */
export type ConsumeRateLimit = (
  key: string,
  rule: { window: number; max: number },
) => Promise<{ allowed: boolean; retryAfter: number | null }>;

export interface AuthOptions {
  db: Db;
  secret: string;
  publicUrl: string;
  jobs: JobEnqueuer;
  consumeRateLimit: ConsumeRateLimit;
}

const signature = `\n\nGroet,\nHet team van ${BRAND.name}\n`;

/**
 * The old and the new address when this update of a user is the library
 * confirming an e-mail change: it happens in its verify-email endpoint, after
 * it verified the link's token, whose payload names both (`email` the address
 * it was bound to, `updateTo` the new one). Null for any other update.
 */
export function emailChangeOf(
  user: { id: string; email: string },
  context: { path?: string; query?: Record<string, unknown> | undefined } | null | undefined,
): { from: string; to: string } | null {
  const token = context?.path === '/verify-email' ? context.query?.token : undefined;
  if (typeof token !== 'string') return null;
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      email?: unknown;
      updateTo?: unknown;
      userId?: unknown;
    };
    const { email, updateTo, userId } = payload;
    if (typeof email !== 'string' || typeof updateTo !== 'string' || userId !== user.id) return null;
    return updateTo.toLowerCase() === user.email.toLowerCase() ? { from: email, to: user.email } : null;
  } catch {
    return null;
  }
}

export function createAuth({ db, secret, publicUrl, jobs, consumeRateLimit }: AuthOptions) {
  return betterAuth({
    appName: BRAND.name,
    baseURL: publicUrl,
    basePath: AUTH_BASE_PATH,
    secret,
    trustedOrigins: [new URL(publicUrl).origin],
    telemetry: { enabled: false },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      password: { hash: hashPassword, verify: verifyPassword },
      async sendResetPassword({ user, url }) {
        await jobs.enqueue('send-mail', {
          to: user.email,
          subject: `Nieuw wachtwoord instellen – ${BRAND.name}`,
          text:
            `Hoi ${user.name},\n\nJe hebt gevraagd om een nieuw wachtwoord voor je account bij ${BRAND.name}. ` +
            `Kies je nieuwe wachtwoord via deze link (hij werkt een uur):\n\n${url}\n\n` +
            `Heb je dit niet zelf gevraagd? Dan kun je deze e-mail negeren; je wachtwoord blijft hetzelfde.${signature}`,
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      async sendVerificationEmail({ user, url }) {
        // An e-mail change verifies the new address, which no account has yet.
        if (!(await emailHasAccount(db, user.email))) {
          await jobs.enqueue('send-mail', {
            to: user.email,
            subject: `Bevestig je nieuwe e-mailadres – ${BRAND.name}`,
            text:
              `Hoi ${user.name},\n\nJe wilt voortaan met dit e-mailadres inloggen bij ${BRAND.name}. ` +
              `Bevestig het via deze link (hij werkt 24 uur); tot dan blijft je oude adres gelden:\n\n${url}\n\n` +
              `Heb je dit niet zelf gevraagd? Dan kun je deze e-mail negeren.${signature}`,
          });
          return;
        }
        await jobs.enqueue('send-mail', {
          to: user.email,
          subject: `Bevestig je e-mailadres – ${BRAND.name}`,
          text:
            `Hoi ${user.name},\n\nWelkom bij ${BRAND.name}! Bevestig je e-mailadres via deze link ` +
            `(hij werkt 24 uur), dan kun je meteen aan de slag:\n\n${url}\n\n` +
            `Heb je geen account aangemaakt? Dan kun je deze e-mail negeren.${signature}`,
        });
      },
    },
    user: { changeEmail: { enabled: true } },
    databaseHooks: {
      user: {
        update: {
          // An e-mail change takes the newsletter subscription along to the new address.
          async after(user, context) {
            const change = emailChangeOf(user, context);
            if (change) await followEmailChange({ db }, change.from, change.to);
          },
        },
      },
    },
    // Describes the endpoints for our API document (server/api/auth.ts authOpenApi); its own page is off.
    plugins: [openAPI({ disableDefaultReference: true })],
    hooks: {
      // The signed-in hint for the public header (app/platform/cookies.ts SIGNED_IN_COOKIE) follows the session.
      after: createAuthMiddleware(async (ctx) => {
        const hint = { path: SIGNED_IN_COOKIE.path, sameSite: 'lax', httpOnly: false } as const;
        if (ctx.context.newSession) {
          ctx.setCookie(SIGNED_IN_COOKIE.name, '1', { ...hint, maxAge: SIGNED_IN_COOKIE.maxAgeDays * 24 * 60 * 60 });
        } else if (ctx.path === '/sign-out' || ctx.path === '/revoke-sessions') {
          ctx.setCookie(SIGNED_IN_COOKIE.name, '', { ...hint, maxAge: 0 });
        }
      }),
    },
    session: { ...SESSION_TIMES },
    rateLimit: {
      enabled: true,
      window: 60,
      max: 60,
      customRules: { '/sign-in/email': SIGN_IN_ATTEMPTS },
      customStorage: { consume: consumeRateLimit },
    },
    advanced: {
      cookiePrefix: BRAND.slug,
      useSecureCookies: publicUrl.startsWith('https:'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      ipAddress: { ipAddressHeaders: [AUTH_CLIENT_HEADER] },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

declare module '#app/platform/server/deps.ts' {
  interface ModuleDeps {
    /** Accounts (Better Auth); absent where no accounts exist (unit tests of the shell): nobody is signed in. */
    auth?: Auth;
  }
}
