/**
 * The back office's pages (issue 32, ADR 026), rendered as a browser gets them: the guard of /beheer (a visitor to
 * the staff sign-in, a customer 404, staff without TOTP to its set-up, a role that may not 403), setting TOTP up
 * with the password and a first code, and a staff sign-in's two steps.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, users } from '#app/modules/accounts/db/tables.ts';
import { makeStaffMember } from '#app/modules/backoffice/index.server.ts';
import { hashPassword } from '#app/platform/server/password-hash.server.ts';
import { ORIGIN, PASSWORD } from './accounts.ts';
import { secretOfUri, totpCode } from './staff.ts';
import { createSsrTestApp, type SsrTestApp } from './test-db.ts';

let ssr: SsrTestApp;
let clients = 0;

beforeAll(async () => {
  ssr = await createSsrTestApp({ seed: false });
}, 120_000);
afterAll(() => ssr?.close());

/** A browser: its cookies, kept from every answer. */
function browser() {
  const jar = new Map<string, string>();
  const client = `198.18.0.${(clients += 1)}`;
  const keep = (res: Response) => {
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, value] = pair!.split('=');
      if (!value || /max-age=0/i.test(cookie)) jar.delete(name!);
      else jar.set(name!, value);
    }
    return res;
  };
  const headers = () => ({
    cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
    'x-forwarded-for': client,
  });
  return {
    get: async (path: string) => keep(await ssr.app.request(path, { headers: headers(), redirect: 'manual' })),
    post: async (path: string, form: Record<string, string>) =>
      keep(
        await ssr.app.request(path, {
          method: 'POST',
          redirect: 'manual',
          headers: { ...headers(), origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(form),
        }),
      ),
  };
}

async function user(email: string): Promise<string> {
  const id = randomUUID();
  await ssr.database.db.insert(users).values({ id, name: 'Mila Medewerker', email, emailVerified: true });
  await ssr.database.db.insert(accounts).values({
    id: randomUUID(),
    accountId: id,
    providerId: 'credential',
    userId: id,
    password: await hashPassword(PASSWORD),
  });
  return id;
}

describe('/beheer', () => {
  it('sends a visitor to the staff sign-in and answers a customer 404', async () => {
    const visitor = browser();
    const res = await visitor.get('/beheer');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/beheer/inloggen');
    expect(res.headers.get('cache-control')).toContain('no-store');
    await user('klant-pagina@example.nl');
    const customer = browser();
    expect(
      (await customer.post('/beheer/inloggen', { email: 'klant-pagina@example.nl', password: PASSWORD })).status,
    ).toBe(302);
    expect((await customer.get('/beheer')).status).toBe(404);
    expect((await customer.get('/beheer/audit')).status).toBe(404);
    expect((await customer.get('/beheer/inloggen')).status).toBe(404);
  });

  it('a new staff member sets up TOTP first, then signs in with the password and a code', async () => {
    const id = await user('nieuwe-beheerder@example.nl');
    await makeStaffMember(ssr.database.db, id, 'admin');
    const staff = browser();
    expect(
      (await staff.post('/beheer/inloggen', { email: 'nieuwe-beheerder@example.nl', password: PASSWORD })).status,
    ).toBe(302);
    const home = await staff.get('/beheer');
    expect(home.headers.get('location')).toBe('/beheer/tweestapsverificatie');
    const started = await staff.post('/beheer/tweestapsverificatie', { password: PASSWORD });
    const html = await started.text();
    expect(started.status).toBe(200);
    const uri = /otpauth:\/\/totp\/[^<"]+/.exec(html)![0].replaceAll('&amp;', '&');
    const secret = secretOfUri(uri);
    expect(html).toContain(secret.slice(0, 4) + ' ' + secret.slice(4, 8));
    const wrong = await staff.post('/beheer/tweestapsverificatie', {
      intent: 'code',
      uri,
      code: '000000' === totpCode(secret) ? '111111' : '000000',
    });
    expect(wrong.status).toBe(400);
    const enabled = await staff.post('/beheer/tweestapsverificatie', { intent: 'code', uri, code: totpCode(secret) });
    expect(enabled.status).toBe(302);
    expect(enabled.headers.get('location')).toBe('/beheer');
    const welcome = await staff.get('/beheer');
    expect(welcome.status).toBe(200);
    expect(await welcome.text()).toContain('Welkom, Mila Medewerker');
    expect((await staff.get('/beheer/audit')).status).toBe(200);

    // Another browser: the password alone gives only the code prompt.
    const again = browser();
    const first = await again.post('/beheer/inloggen', { email: 'nieuwe-beheerder@example.nl', password: PASSWORD });
    expect(first.status).toBe(200);
    expect(await first.text()).toContain('Code uit je authenticator-app');
    expect((await again.get('/beheer')).headers.get('location')).toBe('/beheer/inloggen');
    const second = await again.post('/beheer/inloggen', { intent: 'code', code: totpCode(secret) });
    expect(second.headers.get('location')).toBe('/beheer');
    const staffPage = await again.get('/beheer/medewerkers');
    expect(staffPage.status).toBe(200);
    const invited = await again.post('/beheer/medewerkers', {
      intent: 'invite',
      email: 'collega@example.nl',
      role: 'support',
    });
    expect(invited.status).toBe(200);
    expect(await invited.text()).toContain('Uitnodiging verstuurd naar collega@example.nl.');
    const noRole = await again.post('/beheer/medewerkers', { intent: 'invite', email: 'collega2@example.nl' });
    expect(noRole.status).toBe(400);
    const audit = await (await again.get('/beheer/audit?action=staff.invite')).text();
    expect(audit).toContain('collega@example.nl');

    // A support member without TOTP: every back-office page sends them to set it up first.
    const supportId = await user('support-pagina@example.nl');
    await makeStaffMember(ssr.database.db, supportId, 'support');
    const support = browser();
    await support.post('/beheer/inloggen', { email: 'support-pagina@example.nl', password: PASSWORD });
    for (const path of ['/beheer', '/beheer/audit', '/beheer/medewerkers']) {
      expect((await support.get(path)).headers.get('location'), path).toBe('/beheer/tweestapsverificatie');
    }
  });
});
