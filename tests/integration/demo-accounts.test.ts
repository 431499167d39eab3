/** The demo accounts of issue 7: seeded once, signed in with the demo password, each with its own state. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seedDemoAccounts } from '#app/db/seed/demo-accounts.server.ts';
import { userEnvelopeSchema } from '#app/schemas/user.ts';
import { authPost, sessionCookie } from './accounts.ts';
import { createTestRuntime, type TestRuntime } from './test-db.ts';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime({ env: { TRUST_PROXY: '1' } });
});
afterAll(() => rt.close());

async function signInAs(email: string, client: string) {
  const res = await authPost(rt, '/sign-in/email', { email, password: DEMO_PASSWORD }, { 'x-forwarded-for': client });
  expect(res.status, email).toBe(200);
  const me = await rt.app.request('/api/v1/users/me', { headers: { cookie: sessionCookie(res)! } });
  return userEnvelopeSchema.parse(await me.json()).user;
}

describe('demo accounts', () => {
  it('are created once, and a second run leaves them as they are', async () => {
    expect(await seedDemoAccounts(rt.database.db)).toBe(3);
    expect(await seedDemoAccounts(rt.database.db)).toBe(0);
  });

  it('sign in with the demo password: a havo pupil, a new account and a teacher', async () => {
    expect(await signInAs('leerling@slaagbundel.test', '198.51.100.1')).toMatchObject({
      educationRole: 'pupil',
      onboardingCompleted: true,
      profile: 'NT',
      levels: ['havo'],
      emailVerified: true,
    });
    expect(await signInAs('nieuw@slaagbundel.test', '198.51.100.2')).toMatchObject({ onboardingCompleted: false });
    expect(await signInAs('docent@slaagbundel.test', '198.51.100.3')).toMatchObject({
      educationRole: 'teacher',
      onboardingCompleted: true,
    });
  });
});
