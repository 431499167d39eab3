import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions, users } from '#app/modules/accounts/db/tables.ts';
import { sessionUser } from '#app/modules/accounts/server/session.server.ts';
import { verifySignedCookieValue } from '#app/platform/server/signed-cookie.server.ts';
import { signedInUser, useMails } from './accounts.ts';
import { useTestRuntime } from './test-db.ts';

/**
 * The hot-path session read (ADR 009) agrees with the accounts library: the
 * cookie it set is accepted, a forged or ended one is not, and a session due
 * for its daily refresh is extended by the library.
 */
const rt = useTestRuntime({ env: { TRUST_PROXY: '1' } });
const mails = useMails(rt);

const headers = (cookie: string) => new Headers({ cookie: `gdpr_cookie=*,1,GTM:1; ${cookie}` });
const tokenOf = (cookie: string) => decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!;

describe('sessionUser', () => {
  it('accepts the library’s cookie and answers its user, as the library does', async () => {
    const cookie = await signedInUser(rt(), mails, 'sessie@example.nl', { 'x-forwarded-for': '203.0.113.70' });
    const viaLibrary = await rt().auth.api.getSession({ headers: headers(cookie) });
    expect(viaLibrary).not.toBeNull();
    const user = await sessionUser(rt().deps, headers(cookie));
    expect(user?.id).toBe(viaLibrary!.user.id);
    expect(user).toMatchObject({ email: 'sessie@example.nl', educationRole: 'pupil', onboardingCompleted: false });
  });

  it('refuses a missing cookie, a forged signature and a token with another’s signature', async () => {
    const cookie = await signedInUser(rt(), mails, 'vals@example.nl', { 'x-forwarded-for': '203.0.113.71' });
    const [name, value] = cookie.split('=') as [string, string];
    const decoded = decodeURIComponent(value);
    const token = decoded.split('.')[0]!;
    expect(await sessionUser(rt().deps, new Headers())).toBeNull();
    expect(
      await sessionUser(rt().deps, headers(`${name}=${encodeURIComponent(`${token}.${'A'.repeat(43)}=`)}`)),
    ).toBeNull();
    expect(await sessionUser(rt().deps, headers(`${name}=${token}`))).toBeNull();
    expect(verifySignedCookieValue(`${token}.not-base64`, 'secret-of-at-least-32-characters!!')).toBeNull();
  });

  it('refuses a session that ended (signed out, deleted) or expired', async () => {
    const cookie = await signedInUser(rt(), mails, 'einde@example.nl', { 'x-forwarded-for': '203.0.113.72' });
    const token = tokenOf(cookie);
    await rt()
      .deps.db.update(sessions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(sessions.token, token));
    expect(await sessionUser(rt().deps, headers(cookie))).toBeNull();
    await rt().deps.db.delete(sessions).where(eq(sessions.token, token));
    expect(await sessionUser(rt().deps, headers(cookie))).toBeNull();
  });

  it('lets the library extend a session that is due for its daily refresh', async () => {
    const cookie = await signedInUser(rt(), mails, 'verleng@example.nl', { 'x-forwarded-for': '203.0.113.73' });
    const token = tokenOf(cookie);
    await rt()
      .deps.db.update(sessions)
      .set({ updatedAt: sql`now() - interval '2 days'`, expiresAt: sql`now() + interval '28 days'` })
      .where(eq(sessions.token, token));
    const [user] = await rt().deps.db.select({ id: users.id }).from(users).where(eq(users.email, 'verleng@example.nl'));
    expect((await sessionUser(rt().deps, headers(cookie)))?.id).toBe(user!.id);
    const [after] = await rt().deps.db.select().from(sessions).where(eq(sessions.token, token));
    expect(after!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 60 * 60 * 1000);
  });
});
