/**
 * Identity over HTTP: sign-up, e-mail verification through
 * the mail job, sign-in with a session cookie, sign-out (the limits on
 * guessing: auth-limits.test.ts) — Better Auth on our database (PGlite, or PostgreSQL
 * with DATABASE_URL).
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accounts, users } from '#app/modules/accounts/db/tables.ts';
import { apiErrorSchema } from '#app/platform/schemas/api-error.ts';
import { authPost, ORIGIN, sessionCookie, signUp as signUpWith, useMails } from './accounts.ts';
import { useTestRuntime } from './test-db.ts';

// Each test signs in from an address of its own (X-Forwarded-For behind one proxy), as different people would.
const rt = useTestRuntime({ env: { TRUST_PROXY: '1' } });
const mails = useMails(rt);

let client = '192.0.2.1';
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  authPost(rt(), path, body, { 'x-forwarded-for': client, ...headers });
const signUp = (email: string, password?: string) =>
  signUpWith(rt(), mails, email, password, { 'x-forwarded-for': client });

describe('accounts', () => {
  it('signs up, verifies the e-mail address by the link in the mail, then signs in with a session cookie', async () => {
    const email = 'sanne@example.nl';
    const link = await signUp(email);
    // Not verified yet: no session.
    const early = await post('/sign-in/email', { email, password: 'Slaag2026!' });
    expect(early.status).toBe(403);
    expect(sessionCookie(early)).toBeUndefined();
    expect(apiErrorSchema.parse(await early.json())).toMatchObject({
      error: 'email_not_verified',
      message: 'Bevestig eerst je e-mailadres: klik op de link in de e-mail die we je stuurden.',
    });

    const verified = await rt().app.request(`${link.pathname}${link.search}`);
    expect([200, 302]).toContain(verified.status);
    const [user] = await rt().database.db.select().from(users).where(eq(users.email, email));
    expect(user?.emailVerified).toBe(true);

    const signedIn = await post('/sign-in/email', { email, password: 'Slaag2026!' });
    expect(signedIn.status).toBe(200);
    const cookie = sessionCookie(signedIn);
    expect(cookie).toBeTruthy();
    const raw = signedIn.headers.getSetCookie().find((c) => c.startsWith('slaagbundel.session_token='))!;
    expect(raw).toMatch(/HttpOnly/i);
    expect(raw).toMatch(/SameSite=Lax/i);

    const session = await rt().app.request('/api/auth/get-session', { headers: { cookie: cookie! } });
    expect(session.status).toBe(200);
    expect(await session.json()).toMatchObject({ user: { email, name: 'Sanne de Vries' } });

    const out = await post('/sign-out', {}, { cookie: cookie! });
    expect(out.status).toBe(200);
    const after = await rt().app.request('/api/auth/get-session', { headers: { cookie: cookie! } });
    expect(await after.json()).toBeNull();
  });

  it('mails greet with the first name', async () => {
    client = '192.0.2.40';
    const email = 'lotte@example.nl';
    await authPost(
      rt(),
      '/sign-up/email',
      { name: '  Lotte van den Berg ', email, password: 'Slaag2026!' },
      { 'x-forwarded-for': client },
    );
    expect(mails.findLast((m) => m.to === email)?.text).toMatch(/^Hoi Lotte,\n/);
    await post('/request-password-reset', { email, redirectTo: '/mijnslaagbundel/login/nieuw-wachtwoord' });
    const reset = mails.findLast((m) => m.to === email);
    expect(reset?.subject).toBe('Nieuw wachtwoord instellen – Slaagbundel');
    expect(reset?.text).toMatch(/^Hoi Lotte,\n/);
  });

  it('signing up with an address that has an account: the same answer, and a mail to that address on how to get in', async () => {
    client = '192.0.2.41';
    const email = 'bestaat@example.nl';
    const link = await signUp(email);
    await rt().app.request(`${link.pathname}${link.search}`);
    const fresh = await post('/sign-up/email', {
      name: 'Nieuw Iemand',
      email: 'nieuw@example.nl',
      password: 'Slaag2026!',
    });
    const again = await post('/sign-up/email', { name: 'Sanne', email, password: 'Ander-wachtwoord-1' });
    // No account enumeration: the answer looks like that of a new address.
    expect(again.status).toBe(fresh.status);
    expect(Object.keys((await again.json()) as object).sort()).toEqual(
      Object.keys((await fresh.json()) as object).sort(),
    );

    await expect.poll(() => mails.filter((m) => m.to === email).length).toBe(2);
    const mail = mails.findLast((m) => m.to === email)!;
    expect(mail.subject).toBe('Je hebt al een account – Slaagbundel');
    expect(mail.text).toMatch(/^Hoi Sanne,\n/);
    expect(mail.text).toContain('Je hebt hier al een account');
    expect(mail.text).toContain('/mijnslaagbundel/login\n');
    expect(mail.text).toContain('/mijnslaagbundel/login/wachtwoord-vergeten');
    expect(mail.text).not.toContain('verify-email');
    // Nothing changed: the old password still signs in, the new one does not.
    expect((await post('/sign-in/email', { email, password: 'Slaag2026!' })).status).toBe(200);
    expect((await post('/sign-in/email', { email, password: 'Ander-wachtwoord-1' })).status).toBe(401);
  });

  it('signing up again with an address never confirmed mails a fresh confirmation link that works', async () => {
    client = '192.0.2.42';
    const email = 'onbevestigd@example.nl';
    await signUp(email);
    const again = await post('/sign-up/email', { name: 'Sanne de Vries', email, password: 'Slaag2026!' });
    expect(again.status).toBe(200);
    await expect.poll(() => mails.filter((m) => m.to === email).length).toBe(2);
    const mail = mails.findLast((m) => m.to === email)!;
    expect(mail.subject).toBe('Je hebt al een account – Slaagbundel');
    const link = /https?:\/\/\S+\/api\/auth\/verify-email\?\S+/.exec(mail.text)?.[0];
    expect(link).toBeTruthy();
    const url = new URL(link!);
    await rt().app.request(`${url.pathname}${url.search}`);
    const [user] = await rt().database.db.select().from(users).where(eq(users.email, email));
    expect(user?.emailVerified).toBe(true);
  });

  it('stores only a salted scrypt hash of the password', async () => {
    await signUp('noor@example.nl', 'Geheim-wachtwoord-1');
    const [row] = await rt()
      .database.db.select({ password: accounts.password })
      .from(accounts)
      .innerJoin(users, eq(users.id, accounts.userId))
      .where(eq(users.email, 'noor@example.nl'));
    // At the cost this runner sets (TEST_SCRYPT_N; production's 2^17 is checked by the unit test).
    expect(row?.password).toMatch(new RegExp(`^scrypt\\$${process.env.TEST_SCRYPT_N ?? 131072}\\$8\\$1\\$`));
    expect(row?.password).not.toContain('Geheim');
  });

  it('answers refusals in Dutch, in the one error shape, with the field they concern', async () => {
    client = '192.0.2.30';
    const short = await post('/sign-up/email', { name: 'Kim', email: 'kim@example.nl', password: 'kort' });
    expect(short.status).toBe(400);
    expect(apiErrorSchema.parse(await short.json()).fieldErrors).toEqual({
      password: ['Kies een wachtwoord van minimaal 8 tekens.'],
    });
    await signUp('kim@example.nl');
    // Signing up again with a known address answers as for a new one (nobody learns who has an account),
    // and makes no second account.
    const again = await post('/sign-up/email', {
      name: 'Kim',
      email: 'kim@example.nl',
      password: 'Ander-wachtwoord-2',
    });
    expect(again.status).toBe(200);
    expect(await rt().database.db.select().from(users).where(eq(users.email, 'kim@example.nl'))).toHaveLength(1);
    client = '192.0.2.31';
    const wrong = await post('/sign-in/email', { email: 'niemand@example.nl', password: 'Slaag2026!' });
    expect(wrong.status).toBe(401);
    expect(apiErrorSchema.parse(await wrong.json())).toMatchObject({
      status: 401,
      message: 'Het e-mailadres of het wachtwoord klopt niet.',
    });
  });

  it("serves only the endpoints it documents: the library's others answer 404", async () => {
    for (const [method, path] of [
      ['GET', '/open-api/generate-schema'],
      ['GET', '/list-sessions'],
      ['POST', '/update-user'],
      ['POST', '/delete-user'],
      ['GET', '/reference'],
      ['GET', '/sign-in/email'],
    ] as const) {
      const res = await rt().app.request(`/api/auth${path}`, {
        method,
        headers: { origin: ORIGIN, 'x-forwarded-for': client, 'content-type': 'application/json' },
        ...(method === 'POST' ? { body: '{}' } : {}),
      });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(apiErrorSchema.parse(await res.json()).error).toBe('not_found');
    }
  });

  it('refuses a sign-in from another website', async () => {
    const res = await post(
      '/sign-in/email',
      { email: 'x@example.nl', password: 'whatever1' },
      { origin: 'https://evil.example' },
    );
    expect(res.status).toBe(403);
  });
});

describe('the auth host (spec §6, §7)', () => {
  let cookie = '';
  beforeAll(async () => {
    client = '192.0.2.60';
    const email = 'auth-host@example.nl';
    const link = await signUp(email);
    await rt().app.request(`${link.pathname}${link.search}`);
    cookie = sessionCookie(await post('/sign-in/email', { email, password: 'Slaag2026!' }))!;
    expect(cookie).toBeTruthy();
  });

  const authorize = (returnUrl: string | undefined, headers: Record<string, string> = {}) =>
    rt().app.request(
      `/api/auth/authorize${returnUrl === undefined ? '' : `?returnUrl=${encodeURIComponent(returnUrl)}`}`,
      {
        method: 'POST',
        headers: { origin: ORIGIN, ...headers },
      },
    );

  it('authorize answers the return address with loggedIn for a session, with error without one', async () => {
    const signedIn = await authorize('/mijnslaagbundel/12/wiskunde?tab=2', { cookie });
    expect(signedIn.status).toBe(200);
    expect(await signedIn.json()).toEqual({ redirect_url: '/mijnslaagbundel/12/wiskunde?tab=2&loggedIn=1' });
    const anonymous = await authorize('/mijnslaagbundel');
    expect(await anonymous.json()).toEqual({ redirect_url: '/mijnslaagbundel?error=login_required' });
  });

  it("refuses to authorize without a return address ('Please provide a return url') or to another site", async () => {
    const missing = await authorize(undefined, { cookie });
    expect(missing.status).toBe(400);
    expect(apiErrorSchema.parse(await missing.json()).fieldErrors?.returnUrl).toEqual(['Please provide a return url']);
    for (const foreign of ['https://evil.example/x', '//evil.example/x', '/\\evil.example']) {
      const res = await authorize(foreign, { cookie });
      expect(res.status, foreign).toBe(400);
    }
  });

  it('the login without a prompt sends the browser back with the outcome; with a prompt, to the login page', async () => {
    const back = await rt().app.request('/api/auth/login?prompt=none&returnUrl=%2Fmijnslaagbundel', {
      headers: { cookie },
    });
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe('/mijnslaagbundel?loggedIn=1');
    const anonymous = await rt().app.request('/api/auth/login?prompt=none&returnUrl=%2Fmijnslaagbundel');
    expect(anonymous.headers.get('location')).toBe('/mijnslaagbundel?error=login_required');
    const prompt = await rt().app.request('/api/auth/login?returnUrl=%2Fmijnslaagbundel%2Faccount');
    expect(prompt.headers.get('location')).toBe('/mijnslaagbundel/login?from=%2Fmijnslaagbundel%2Faccount');
  });

  it('logout ends the session and returns to the page', async () => {
    const out = await rt().app.request('/api/auth/logout?returnUrl=%2Fexamentips', { headers: { cookie } });
    expect(out.status).toBe(302);
    expect(out.headers.get('location')).toBe('/examentips');
    expect(out.headers.getSetCookie().some((c) => c.startsWith('slaagbundel.session_token=;'))).toBe(true);
    const after = await rt().app.request('/api/auth/get-session', { headers: { cookie } });
    expect(await after.json()).toBeNull();
    const missing = await rt().app.request('/api/auth/logout');
    expect(missing.status).toBe(400);
  });
});
