/**
 * Identity with Better Auth and its Drizzle adapter: e-mail and
 * password accounts, e-mail verification, password reset, sessions in the
 * database (cookie HttpOnly, SameSite=Lax, Secure on https) and brute-force
 * protection on sign-in. Its HTTP endpoints live under AUTH_BASE_PATH
 * (mounted in server/api). Mails go through the mail port's `send-mail` job.
 */
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware, createEmailVerificationToken, getSessionFromCtx } from 'better-auth/api';
import { and, eq, like, ne } from 'drizzle-orm';
import { openAPI, twoFactor } from 'better-auth/plugins';
import type { Db } from '#app/db/client.server.ts';
import { accounts, sessions, twoFactors, users, verifications } from '../db/tables.ts';
import { emailHasAccount } from '#app/modules/accounts/db/users.server.ts';
import { BRAND } from '#app/platform/brand.ts';
import { SIGNED_IN_COOKIE } from '#app/platform/cookies.ts';
import type { JobEnqueuer, RateLimit } from '#app/platform/server/deps.ts';
import { AUTH_LIMIT_MESSAGES } from '../domain/messages.ts';
import { AREA_PATHS } from '#app/platform/area-paths.ts';
import { existingAccountMail, MAIL_SIGNATURE, mailGreeting } from '../domain/mails.ts';
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
/**
 * The limits on what guessing and mail bombing aim at (ADR 015), counted in the app's shared
 * rate-limit store. Each fails closed: while the store is down these answer 503.
 * - Only failed sign-ins count (a sign-in that succeeds gives its point back), so a class of 30
 *   behind one school address all sign in at once.
 * - Per account, from any number of addresses: 10 wrong passwords in 15 minutes lock it until
 *   the window ends (at most 40 guesses an hour); a password reset by mail unlocks it at once.
 * - Per address, at any accounts: 100 wrong passwords in 15 minutes (password spraying).
 * - Accounts created and reset or verification mails asked for, per address: room for a class.
 * - Reset mails per account: 3 an hour; the answer stays the same, the mail is not sent.
 */
export const AUTH_LIMITS = {
  signInFailuresPerAccount: { name: 'sign-in-account', points: 10, durationSeconds: 15 * 60, failClosed: true },
  signInFailuresPerClient: { name: 'sign-in-client', points: 100, durationSeconds: 15 * 60, failClosed: true },
  signUpsPerClient: { name: 'sign-up-client', points: 60, durationSeconds: 60 * 60, failClosed: true },
  mailRequestsPerClient: { name: 'auth-mail-client', points: 60, durationSeconds: 15 * 60, failClosed: true },
  resetMailsPerAccount: { name: 'reset-mail-account', points: 3, durationSeconds: 60 * 60, failClosed: true },
} as const;

/**
 * The accounts library's own per-address limit (in the same store) for its other endpoints,
 * per minute; sign-in, sign-up and the mail requests are limited by AUTH_LIMITS instead.
 */
const LIBRARY_LIMITS = { window: 60, max: 300 } as const;

/** The error codes of our own refusals on the library's endpoints (their messages are Dutch already). */
export const AUTH_LIMIT_CODES = ['ACCOUNT_LOCKED', 'TOO_MANY_ATTEMPTS', 'AUTH_UNAVAILABLE'] as const;

const normaliseEmail = (email: unknown) => (typeof email === 'string' ? email.trim().toLowerCase() : '');

export interface AuthOptions {
  db: Db;
  secret: string;
  publicUrl: string;
  jobs: JobEnqueuer;
  /** The app's shared rate-limit store. */
  rateLimit: RateLimit;
}

const signature = MAIL_SIGNATURE;
/** How long a confirmation link works (seconds). */
const VERIFICATION_SECONDS = 24 * 60 * 60;

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

/** Counts against each rule in turn; the first refusal gives back what the others counted, and answers. */
async function consumeAll(
  rateLimit: RateLimit,
  counts: readonly { rule: (typeof AUTH_LIMITS)[keyof typeof AUTH_LIMITS]; key: string }[],
): Promise<{ refused: (typeof counts)[number]; retryAfterSeconds: number; unavailable: boolean } | null> {
  const taken: (typeof counts)[number][] = [];
  for (const count of counts) {
    const decision = await rateLimit.consume(count.rule, count.key);
    if (!decision.allowed) {
      await Promise.all(taken.map((t) => rateLimit.refund(t.rule, t.key)));
      return {
        refused: count,
        retryAfterSeconds: decision.retryAfterSeconds,
        unavailable: decision.unavailable === true,
      };
    }
    taken.push(count);
  }
  return null;
}

function limitError(
  refusal: NonNullable<Awaited<ReturnType<typeof consumeAll>>>,
  accountRule: (typeof AUTH_LIMITS)[keyof typeof AUTH_LIMITS] | null,
): APIError {
  const headers = { 'Retry-After': String(refusal.retryAfterSeconds) };
  if (refusal.unavailable) {
    return new APIError(
      'SERVICE_UNAVAILABLE',
      { code: 'AUTH_UNAVAILABLE', message: AUTH_LIMIT_MESSAGES.UNAVAILABLE },
      headers,
    );
  }
  if (refusal.refused.rule === accountRule) {
    return new APIError(
      'TOO_MANY_REQUESTS',
      { code: 'ACCOUNT_LOCKED', message: AUTH_LIMIT_MESSAGES.accountLocked(refusal.retryAfterSeconds) },
      headers,
    );
  }
  return new APIError(
    'TOO_MANY_REQUESTS',
    { code: 'TOO_MANY_ATTEMPTS', message: AUTH_LIMIT_MESSAGES.tooManyAttempts(refusal.retryAfterSeconds) },
    headers,
  );
}

export function createAuth({ db, secret, publicUrl, jobs, rateLimit }: AuthOptions) {
  const clientOf = (headers: Headers | undefined) => headers?.get(AUTH_CLIENT_HEADER) ?? 'unknown';
  return betterAuth({
    appName: BRAND.name,
    baseURL: publicUrl,
    basePath: AUTH_BASE_PATH,
    secret,
    trustedOrigins: [new URL(publicUrl).origin],
    telemetry: { enabled: false },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications, twoFactor: twoFactors },
    }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      password: { hash: hashPassword, verify: verifyPassword },
      async sendResetPassword({ user, url, token }) {
        const decision = await rateLimit.consume(AUTH_LIMITS.resetMailsPerAccount, user.id);
        const thisToken = `reset-password:${token}`;
        if (!decision.allowed) {
          // The answer stays the same (no account enumeration); this link is never sent, so it goes.
          await db.delete(verifications).where(eq(verifications.identifier, thisToken));
          return;
        }
        // The newest link is the only one that works: older links of this account go.
        await db
          .delete(verifications)
          .where(
            and(
              eq(verifications.value, user.id),
              like(verifications.identifier, 'reset-password:%'),
              ne(verifications.identifier, thisToken),
            ),
          );
        await jobs.enqueue('send-mail', {
          to: user.email,
          subject: `Nieuw wachtwoord instellen – ${BRAND.name}`,
          text:
            `${mailGreeting(user.name)}\n\nJe hebt gevraagd om een nieuw wachtwoord voor je account bij ${BRAND.name}. ` +
            `Kies je nieuwe wachtwoord via deze link (hij werkt een uur):\n\n${url}\n\n` +
            `Heb je dit niet zelf gevraagd? Dan kun je deze e-mail negeren; je wachtwoord blijft hetzelfde.${signature}`,
        });
      },
      // Signing up with an address that has an account answers as for a new one (no account enumeration);
      // the address hears how to get in (at most as often as reset mails), through the `send-mail` job.
      async onExistingUserSignUp({ user }) {
        const decision = await rateLimit.consume(AUTH_LIMITS.resetMailsPerAccount, `existing-account:${user.id}`);
        if (!decision.allowed) return;
        const base = publicUrl.replace(/\/+$/, '');
        const verifyUrl = user.emailVerified
          ? undefined
          : `${base}${AUTH_BASE_PATH}/verify-email?token=${await createEmailVerificationToken(
              secret,
              user.email,
              undefined,
              VERIFICATION_SECONDS,
              { userId: user.id },
            )}&callbackURL=${encodeURIComponent(AREA_PATHS.home)}`;
        await jobs.enqueue(
          'send-mail',
          existingAccountMail({
            name: user.name,
            email: user.email,
            signInUrl: `${base}${AREA_PATHS.login}`,
            resetUrl: `${base}${AREA_PATHS.forgotPassword}`,
            verifyUrl,
          }),
        );
      },
      // Setting a new password through the mailed link proves the owner: a lock from wrong passwords ends.
      async onPasswordReset({ user }) {
        await rateLimit.reset(AUTH_LIMITS.signInFailuresPerAccount, normaliseEmail(user.email));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: VERIFICATION_SECONDS,
      async sendVerificationEmail({ user, url }) {
        // An e-mail change verifies the new address, which no account has yet.
        if (!(await emailHasAccount(db, user.email))) {
          await jobs.enqueue('send-mail', {
            to: user.email,
            subject: `Bevestig je nieuwe e-mailadres – ${BRAND.name}`,
            text:
              `${mailGreeting(user.name)}\n\nJe wilt voortaan met dit e-mailadres inloggen bij ${BRAND.name}. ` +
              `Bevestig het via deze link (hij werkt 24 uur); tot dan blijft je oude adres gelden:\n\n${url}\n\n` +
              `Heb je dit niet zelf gevraagd? Dan kun je deze e-mail negeren.${signature}`,
          });
          return;
        }
        await jobs.enqueue('send-mail', {
          to: user.email,
          subject: `Bevestig je e-mailadres – ${BRAND.name}`,
          text:
            `${mailGreeting(user.name)}\n\nWelkom bij ${BRAND.name}! Bevestig je e-mailadres via deze link ` +
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
            if (!change) return;
            await followEmailChange({ db }, change.from, change.to);
            // The old address hears of it: if someone else changed it, its owner knows what to do.
            await jobs.enqueue('send-mail', {
              to: change.from,
              subject: `Je e-mailadres is gewijzigd – ${BRAND.name}`,
              text:
                `${mailGreeting(user.name)}\n\nJe account bij ${BRAND.name} gebruikt vanaf nu het e-mailadres ${change.to}; ` +
                `met dit adres (${change.from}) kun je niet meer inloggen.\n\n` +
                `Heb je dit niet zelf gedaan? Stel dan meteen een nieuw wachtwoord in via ` +
                `${publicUrl.replace(/\/+$/, '')}${AREA_PATHS.forgotPassword} met je nieuwe adres, ` +
                `of antwoord op deze e-mail, dan helpen we je.${signature}`,
            });
          },
        },
      },
    },
    // Describes the endpoints for our API document (server/api/auth.ts authOpenApi); its own page is off.
    // Two-factor sign-in with an authenticator app (TOTP; staff must use it, ADR 026). A user with it on gets
    // no session from the password alone: the sign-in answers `twoFactorRedirect` and a short-lived cookie,
    // and a verified code makes the session. No "trust this device": every staff sign-in asks for a code.
    plugins: [
      openAPI({ disableDefaultReference: true }),
      twoFactor({ issuer: BRAND.name, totpOptions: { digits: 6, period: 30 } }),
    ],
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        const client = clientOf(ctx.headers);
        if (ctx.path === '/sign-in/email') {
          // Reserved before the password is checked (so that parallel guesses cannot all pass), given back
          // by the after hook when the sign-in did not fail.
          const refusal = await consumeAll(rateLimit, [
            { rule: AUTH_LIMITS.signInFailuresPerAccount, key: normaliseEmail(body.email) },
            { rule: AUTH_LIMITS.signInFailuresPerClient, key: client },
          ]);
          if (refusal) throw limitError(refusal, AUTH_LIMITS.signInFailuresPerAccount);
        } else if (ctx.path === '/sign-up/email') {
          const refusal = await consumeAll(rateLimit, [{ rule: AUTH_LIMITS.signUpsPerClient, key: client }]);
          if (refusal) throw limitError(refusal, null);
        } else if (ctx.path === '/request-password-reset' || ctx.path === '/send-verification-email') {
          const refusal = await consumeAll(rateLimit, [{ rule: AUTH_LIMITS.mailRequestsPerClient, key: client }]);
          if (refusal) throw limitError(refusal, null);
        } else if (ctx.path.startsWith('/two-factor/verify')) {
          // No device is ever trusted to skip the code (ADR 026).
          return { context: { body: { ...body, trustDevice: false } } };
        } else if (ctx.path === '/change-password') {
          // Every other session ends when the password changes, whatever the client asked.
          return { context: { body: { ...body, revokeOtherSessions: true } } };
        } else if (ctx.path === '/change-email') {
          // Changing the address that resets the password needs the password, over the API as on the page;
          // a wrong one counts as a failed sign-in of the account.
          const session = await getSessionFromCtx(ctx);
          if (!session) return;
          const accountKey = normaliseEmail(session.user.email);
          const refusal = await consumeAll(rateLimit, [
            { rule: AUTH_LIMITS.signInFailuresPerAccount, key: accountKey },
          ]);
          if (refusal) throw limitError(refusal, AUTH_LIMITS.signInFailuresPerAccount);
          const credential = (await ctx.context.internalAdapter.findAccounts(session.user.id)).find(
            (account) => account.providerId === 'credential',
          );
          const password = typeof body.currentPassword === 'string' ? body.currentPassword : '';
          const valid =
            !!credential?.password &&
            password !== '' &&
            (await ctx.context.password.verify({ hash: credential.password, password }));
          if (!valid) {
            throw new APIError('BAD_REQUEST', { code: 'INVALID_PASSWORD', message: 'Invalid password' });
          }
          await rateLimit.refund(AUTH_LIMITS.signInFailuresPerAccount, accountKey);
          const { currentPassword: _password, ...rest } = body;
          return { context: { body: rest } };
        }
      }),
      // The signed-in hint for the public header (app/platform/cookies.ts SIGNED_IN_COOKIE) follows the session.
      after: createAuthMiddleware(async (ctx) => {
        const hint = { path: SIGNED_IN_COOKIE.path, sameSite: 'lax', httpOnly: false } as const;
        if (ctx.context.newSession) {
          ctx.setCookie(SIGNED_IN_COOKIE.name, '1', { ...hint, maxAge: SIGNED_IN_COOKIE.maxAgeDays * 24 * 60 * 60 });
        } else if (ctx.path === '/sign-out' || ctx.path === '/revoke-sessions') {
          ctx.setCookie(SIGNED_IN_COOKIE.name, '', { ...hint, maxAge: 0 });
        }
        // A session a verified code made has passed the second factor: the back office's guard reads this.
        // A right code on a session from the password alone (made before TOTP was on) marks that session.
        if (ctx.path.startsWith('/two-factor/verify') && !(ctx.context.returned instanceof APIError)) {
          const verified = ctx.context.newSession ?? (await getSessionFromCtx(ctx));
          if (verified) {
            await db.update(sessions).set({ twoFactorAt: new Date() }).where(eq(sessions.id, verified.session.id));
          }
        }
        if (ctx.path === '/sign-in/email') {
          const returned = ctx.context.returned;
          const failed = returned instanceof APIError && returned.statusCode === 401;
          if (!failed) {
            const body = (ctx.body ?? {}) as Record<string, unknown>;
            await Promise.all([
              rateLimit.refund(AUTH_LIMITS.signInFailuresPerAccount, normaliseEmail(body.email)),
              rateLimit.refund(AUTH_LIMITS.signInFailuresPerClient, clientOf(ctx.headers)),
            ]);
          }
        }
        // The session lives in its HttpOnly cookie; its token is not handed to scripts in the body.
        if ((ctx.path === '/sign-in/email' || ctx.path === '/sign-up/email') && isTokenBody(ctx.context.returned)) {
          const { token: _token, ...rest } = ctx.context.returned;
          return ctx.json(rest);
        }
      }),
    },
    session: { ...SESSION_TIMES },
    rateLimit: {
      enabled: true,
      ...LIBRARY_LIMITS,
      customRules: {
        '/sign-in/email': false,
        '/sign-up/email': false,
        '/request-password-reset': false,
        '/send-verification-email': false,
        '/change-password': LIBRARY_LIMITS,
        '/change-email': LIBRARY_LIMITS,
      },
      customStorage: {
        async consume(key, rule) {
          const decision = await rateLimit.consume(
            { name: `auth-${rule.window}s-${rule.max}`, points: rule.max, durationSeconds: rule.window },
            key,
          );
          return { allowed: decision.allowed, retryAfter: decision.allowed ? null : decision.retryAfterSeconds };
        },
      },
    },
    advanced: {
      cookiePrefix: BRAND.slug,
      useSecureCookies: publicUrl.startsWith('https:'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      ipAddress: { ipAddressHeaders: [AUTH_CLIENT_HEADER] },
    },
  });
}

function isTokenBody(value: unknown): value is Record<string, unknown> & { token: unknown } {
  return typeof value === 'object' && value !== null && !(value instanceof APIError) && 'token' in value;
}

export type Auth = ReturnType<typeof createAuth>;

declare module '#app/platform/server/deps.ts' {
  interface ModuleDeps {
    /** Accounts (Better Auth); absent where no accounts exist (unit tests of the shell): nobody is signed in. */
    auth?: Auth;
  }
}
