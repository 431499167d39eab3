/**
 * The limits on signing in, registering and reset mails (ADR 015), and the account rules around
 * them, over HTTP as a browser or script would meet them:
 * - a class of 30 behind one school address all sign in, and all register;
 * - guessing one account from any number of addresses is bounded (AUTH_LIMITS), and a password
 *   reset by mail unlocks it at once;
 * - while the shared store is down, signing in, registering and resets answer a Dutch 503, and
 *   the other limits still count in the process;
 * - changing the e-mail needs the password over the API too, and the old address hears of it;
 * - a password change ends the other sessions; a new reset link voids the older ones, and one
 *   account gets at most three reset mails an hour;
 * - the sign-in answer carries no session token; logout refuses a cross-site request.
 */
import { randomUUID } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, users, verifications } from '#app/modules/accounts/db/tables.ts';
import { AUTH_LIMITS } from '#app/modules/accounts/index.server.ts';
import { apiErrorSchema } from '#app/platform/schemas/api-error.ts';
import { hashPassword } from '#app/platform/server/password-hash.server.ts';
import { authPost, ORIGIN, PASSWORD, recordMails, sessionCookie, type Mail } from './accounts.ts';
import { createTestRuntime, type TestRuntime } from './test-db.ts';

let rt: TestRuntime;
let mails: Mail[];
let passwordHash: string;

beforeAll(async () => {
  rt = await createTestRuntime({ seed: false, env: { TRUST_PROXY: '1' } });
  mails = recordMails(rt);
  passwordHash = await hashPassword(PASSWORD);
});
afterAll(() => rt.close());

/** Verified accounts with PASSWORD, written straight to the database (sign-up itself is tested elsewhere). */
async function createAccounts(emails: string[]): Promise<void> {
  const rows = emails.map((email) => ({ id: randomUUID(), email, name: 'Leerling', emailVerified: true }));
  await rt.deps.db.insert(users).values(rows);
  await rt.deps.db.insert(accounts).values(
    rows.map((row) => ({
      id: randomUUID(),
      accountId: row.id,
      providerId: 'credential',
      userId: row.id,
      password: passwordHash,
    })),
  );
}

const from = (address: string) => ({ 'x-forwarded-for': address });
const signIn = (email: string, password: string, address: string) =>
  authPost(rt, '/sign-in/email', { email, password }, from(address));

describe('a class behind one school address', () => {
  it('signs in, all 30 at once, each with a session; only failures count against the address', async () => {
    const school = '198.51.100.7';
    const pupils = Array.from({ length: 30 }, (_, i) => `klas-4h-${i}@school.example`);
    await createAccounts(pupils);
    // Two mistype first, as pupils do.
    expect((await signIn(pupils[0]!, 'verkeerd-wachtwoord', school)).status).toBe(401);
    expect((await signIn(pupils[1]!, 'verkeerd-wachtwoord', school)).status).toBe(401);
    const answers = await Promise.all(pupils.map((email) => signIn(email, PASSWORD, school)));
    const statuses = await Promise.all(
      answers.map(async (a) => (a.status === 200 ? 200 : `${a.status} ${await a.text()}`)),
    );
    expect(statuses).toEqual(pupils.map(() => 200));
    expect(new Set(answers.map(sessionCookie)).size).toBe(30);
    // And again: a success never counts, so the next lesson starts the same way.
    const again = await Promise.all(pupils.slice(0, 5).map((email) => signIn(email, PASSWORD, school)));
    expect(again.map((a) => a.status)).toEqual(again.map(() => 200));
  }, 90_000);

  it('registers, all 30 from one address', async () => {
    const school = '198.51.100.8';
    const statuses: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      const res = await authPost(
        rt,
        '/sign-up/email',
        { name: 'Leerling', email: `nieuw-${i}@school.example`, password: PASSWORD },
        from(school),
      );
      statuses.push(res.status);
    }
    expect(statuses).toEqual(statuses.map(() => 200));
  }, 90_000);
});

describe('guessing one account', () => {
  it('is bounded from rotating addresses: 200 guesses, at most the documented number checked', async () => {
    const victim = 'doelwit@example.nl';
    await createAccounts([victim]);
    const limit = AUTH_LIMITS.signInFailuresPerAccount.points;
    const statuses: number[] = [];
    // Side by side in waves of 20, from 200 addresses: parallel guesses cannot slip past the count.
    for (let wave = 0; wave < 10; wave += 1) {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => signIn(victim, `gok-${wave}-${i}`, `203.0.113.${wave * 20 + i + 1}`)),
      );
      statuses.push(...answers.map((a) => a.status));
    }
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    expect(statuses.filter((s) => s === 401)).toHaveLength(limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(200 - limit);

    // Locked for everyone, the right password too, with a Dutch answer that says how to get in now.
    const locked = await signIn(victim, PASSWORD, '192.0.2.200');
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(60);
    const body = apiErrorSchema.parse(await locked.json());
    expect(body).toMatchObject({ status: 429, error: 'rate_limited' });
    expect(body.message).toMatch(
      /^Voor dit account is te vaak een verkeerd wachtwoord ingevuld\. Probeer het over \d+ minuten opnieuw/,
    );
    expect(body.message).toContain("'Wachtwoord vergeten?'");
    // Another account is not affected.
    await createAccounts(['buurman@example.nl']);
    expect((await signIn('buurman@example.nl', PASSWORD, '192.0.2.200')).status).toBe(200);

    // The owner resets the password by mail: the lock ends at once.
    expect(
      (await authPost(rt, '/request-password-reset', { email: victim, redirectTo: '/' }, from('192.0.2.201'))).status,
    ).toBe(200);
    const link = mails.findLast((m) => m.to === victim)?.text.match(/\/reset-password\/([\w-]+)/)?.[1];
    expect(link).toBeTruthy();
    const reset = await authPost(
      rt,
      '/reset-password',
      { token: link, newPassword: 'Nieuw-wachtwoord-1' },
      from('192.0.2.201'),
    );
    expect(reset.status).toBe(200);
    expect((await signIn(victim, 'Nieuw-wachtwoord-1', '192.0.2.202')).status).toBe(200);
  }, 60_000);

  it('sprayed from one address at many accounts is refused after the documented number of failures', async () => {
    const address = '203.0.113.250';
    const rule = AUTH_LIMITS.signInFailuresPerClient;
    // The address has sprayed all but five of its allowance already (each a wrong password, counted so).
    for (let i = 0; i < rule.points - 5; i += 1) await rt.deps.rateLimit!.consume(rule, address);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => signIn(`spray-${i}@example.nl`, 'Welkom2026!', address)),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    const refused = await signIn('spray-x@example.nl', 'Welkom2026!', address);
    expect(refused.status).toBe(429);
    expect(apiErrorSchema.parse(await refused.json()).message).toMatch(/^Vanaf dit netwerk is dit te vaak geprobeerd/);
  });
});

describe('while the rate-limit store is down', () => {
  let down: TestRuntime;
  beforeAll(async () => {
    // Redis that does not answer (nothing listens on port 1).
    down = await createTestRuntime({ seed: false, env: { TRUST_PROXY: '1', REDIS_URL: 'redis://127.0.0.1:1' } });
  });
  afterAll(() => down.close());

  it('refuses sign-in, registration and reset mails with a Dutch 503; other limits still count', async () => {
    const post = async (path: string, body: unknown) => {
      const res = await authPost(down, path, body, from('192.0.2.90'));
      return { res, body: (await res.json()) as unknown };
    };
    for (const [path, body] of [
      ['/sign-in/email', { email: 'iemand@example.nl', password: PASSWORD }],
      ['/sign-up/email', { name: 'Iemand', email: 'iemand@example.nl', password: PASSWORD }],
      ['/request-password-reset', { email: 'iemand@example.nl', redirectTo: '/' }],
    ] as const) {
      const answer = await post(path, body);
      expect(answer.res.status, path).toBe(503);
      expect(Number(answer.res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(apiErrorSchema.parse(answer.body)).toMatchObject({
        error: 'service_unavailable',
        message:
          'Inloggen, registreren en wachtwoorden herstellen lukt even niet door een storing. Probeer het over een minuut opnieuw.',
      });
    }
    // No account was made while the limits could not count.
    expect(await down.deps.db.select().from(users).where(eq(users.email, 'iemand@example.nl'))).toEqual([]);

    // Consent (10 a minute) still counts, in this process.
    const consent = () =>
      down.app.request('/api/v1/consent', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ORIGIN, ...from('192.0.2.91') },
        body: JSON.stringify({ category: '1', visitorId: randomUUID() }),
      });
    for (let i = 0; i < 10; i += 1) expect((await consent()).status).toBe(201);
    expect((await consent()).status).toBe(429);

    // And the readiness check says why.
    const ready = await down.app.request('/readyz');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'unavailable', database: 'ok', rateLimitStore: 'unreachable' });
  });
});

describe('account changes', () => {
  it('changing the e-mail over the API needs the password, and the old address is told', async () => {
    const email = 'wissel@example.nl';
    await createAccounts([email]);
    const cookie = sessionCookie(await signIn(email, PASSWORD, '192.0.2.110'))!;
    const change = (body: Record<string, unknown>) =>
      authPost(rt, '/change-email', { newEmail: 'nieuw-wissel@example.nl', callbackURL: '/', ...body }, { cookie });

    const without = await change({});
    expect(without.status).toBe(400);
    expect(apiErrorSchema.parse(await without.json())).toMatchObject({
      message: 'Je huidige wachtwoord klopt niet.',
      fieldErrors: { currentPassword: ['Je huidige wachtwoord klopt niet.'] },
    });
    expect((await change({ currentPassword: 'niet-het-wachtwoord' })).status).toBe(400);
    expect(mails.some((m) => m.to === 'nieuw-wissel@example.nl')).toBe(false);

    expect((await change({ currentPassword: PASSWORD })).status).toBe(200);
    const link = mails
      .findLast((m) => m.to === 'nieuw-wissel@example.nl')
      ?.text.match(/https?:\/\/\S+\/api\/auth\/verify-email\?\S+/)?.[0];
    expect(link).toBeTruthy();
    const url = new URL(link!);
    await rt.app.request(`${url.pathname}${url.search}`, { headers: { cookie } });
    const [user] = await rt.deps.db.select().from(users).where(eq(users.email, 'nieuw-wissel@example.nl'));
    expect(user).toBeTruthy();
    // The API document says so.
    const doc = (await (await rt.app.request('/api/openapi.json')).json()) as {
      paths: Record<
        string,
        { post: { requestBody: { content: { 'application/json': { schema: { required: string[] } } } } } }
      >;
    };
    expect(doc.paths['/auth/change-email']!.post.requestBody.content['application/json'].schema.required).toContain(
      'currentPassword',
    );
    const told = mails.findLast((m) => m.to === email);
    expect(told?.subject).toBe('Je e-mailadres is gewijzigd – Slaagbundel');
    expect(told?.text).toContain('nieuw-wissel@example.nl');
  });

  it('a password change over the API ends the other sessions, whatever the client asks', async () => {
    const email = 'wachtwoord@example.nl';
    await createAccounts([email]);
    const phone = sessionCookie(await signIn(email, PASSWORD, '192.0.2.120'))!;
    const laptop = sessionCookie(await signIn(email, PASSWORD, '192.0.2.121'))!;
    const changed = await authPost(
      rt,
      '/change-password',
      { currentPassword: PASSWORD, newPassword: 'Ander-wachtwoord-2', revokeOtherSessions: false },
      { cookie: laptop },
    );
    expect(changed.status).toBe(200);
    const session = await rt.app.request('/api/auth/get-session', { headers: { cookie: phone } });
    expect(await session.json()).toBeNull();
  });

  it('a new reset link voids the older ones; one account gets at most three reset mails an hour', async () => {
    const email = 'vergeten@example.nl';
    await createAccounts([email]);
    const ask = () => authPost(rt, '/request-password-reset', { email, redirectTo: '/' }, from('192.0.2.130'));
    const before = mails.length;
    for (let i = 0; i < 5; i += 1) expect((await ask()).status).toBe(200); // the same answer every time
    const sent = mails.slice(before).filter((m) => m.to === email);
    expect(sent).toHaveLength(AUTH_LIMITS.resetMailsPerAccount.points);
    const tokens = sent.map((m) => m.text.match(/\/reset-password\/([\w-]+)/)![1]!);
    // Only the newest link works; the unsent ones were never kept.
    const kept = await rt.deps.db
      .select()
      .from(verifications)
      .where(like(verifications.identifier, 'reset-password:%'));
    expect(kept.filter((v) => tokens.includes(v.identifier.slice('reset-password:'.length)))).toHaveLength(1);
    const old = await authPost(rt, '/reset-password', { token: tokens[0], newPassword: 'Oud-link-wachtwoord-3' });
    expect(old.status).toBe(400);
    const newest = await authPost(rt, '/reset-password', {
      token: tokens.at(-1),
      newPassword: 'Nieuw-link-wachtwoord-4',
    });
    expect(newest.status).toBe(200);
  });

  it('the sign-in answer carries no session token: it lives in the HttpOnly cookie only', async () => {
    const email = 'token@example.nl';
    await createAccounts([email]);
    const res = await signIn(email, PASSWORD, '192.0.2.140');
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).not.toHaveProperty('token');
    expect(body).toMatchObject({ user: { email } });
    expect(sessionCookie(res)).toBeTruthy();
  });

  it('logout refuses a cross-site request and keeps the session; from the site itself it signs out', async () => {
    const email = 'uitloggen@example.nl';
    await createAccounts([email]);
    const cookie = sessionCookie(await signIn(email, PASSWORD, '192.0.2.150'))!;
    const logout = (headers: Record<string, string>) =>
      rt.app.request('/api/auth/logout?returnUrl=%2F', { headers: { cookie, ...headers } });
    const foreign = await logout({ 'sec-fetch-site': 'cross-site' });
    expect(foreign.status).toBe(403);
    expect(apiErrorSchema.parse(await foreign.json()).error).toBe('forbidden_origin');
    const byReferer = await logout({ referer: 'https://evil.example/page' });
    expect(byReferer.status).toBe(403);
    const still = await rt.app.request('/api/auth/get-session', { headers: { cookie } });
    expect(await still.json()).toMatchObject({ user: { email } });

    const own = await logout({ 'sec-fetch-site': 'same-origin', referer: `${ORIGIN}/mijnslaagbundel` });
    expect(own.status).toBe(302);
    const gone = await rt.app.request('/api/auth/get-session', { headers: { cookie } });
    expect(await gone.json()).toBeNull();
  });
});
