/** The demo accounts: seeded once, signed in with the demo password, each with its own state. */
import { gradesViewSchema } from '#app/modules/grades/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seedDemoAccounts } from '#server/seed/demo-accounts.ts';
import { demoLicenseCode, seedDemoData } from '#server/seed/demo-data.ts';
import { ownedProductsSchema } from '#app/modules/licenses/schemas/licenses.ts';
import { userSubjectsSchema } from '#app/modules/checks/schemas/subjects.ts';
import { userEnvelopeSchema } from '#app/modules/accounts/schemas/user.ts';
import { authPost, sessionCookie } from './accounts.ts';
import { createTestRuntime, type TestRuntime } from './test-db.ts';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime({ env: { TRUST_PROXY: '1' } });
});
afterAll(() => rt.close());

async function sessionOf(email: string, client: string) {
  const res = await authPost(rt, '/sign-in/email', { email, password: DEMO_PASSWORD }, { 'x-forwarded-for': client });
  expect(res.status, email).toBe(200);
  return sessionCookie(res)!;
}

async function signInAs(email: string, client: string) {
  const me = await rt.app.request('/api/v1/users/me', { headers: { cookie: await sessionOf(email, client) } });
  return userEnvelopeSchema.parse(await me.json()).user;
}

async function get(cookie: string, path: string) {
  const res = await rt.app.request(`/api/v1${path}`, { headers: { cookie } });
  expect(res.status, path).toBe(200);
  return res.json();
}

/** 'havo wiskunde-b full' / 'light' / 'none' per subject of the account. */
async function subjectsOf(cookie: string) {
  const { subjects } = userSubjectsSchema.parse(await get(cookie, '/users/me/subjects'));
  return subjects.map(
    (s) =>
      `${s.levelName} ${s.schoolSubject} ${s.stream.userHasAccess ? 'full' : s.stream.isLightStream ? 'light' : 'none'}`,
  );
}

describe('demo accounts', () => {
  // The first run also seeds the demo class: 28 pupils' sixteen weeks of reviews (tests/integration/demo-class.test.ts).
  it('are created once, and a second run leaves them as they are', { timeout: 120_000 }, async () => {
    expect(await seedDemoAccounts(rt.database.db)).toBe(4);
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

  it('come with their subjects: the pupil has full access by a redeemed code and a light demo stream', async () => {
    const leerling = await sessionOf('leerling@slaagbundel.test', '198.51.100.4');
    expect(await subjectsOf(leerling)).toEqual([
      'havo nederlands none',
      'havo engels none',
      'havo wiskunde-b full',
      'havo biologie light',
      'havo economie none',
    ]);
    const { products } = ownedProductsSchema.parse(await get(leerling, '/users/me/products'));
    expect(products.map((p) => p.sku)).toEqual(['SB-HAVO-WB-2027']);

    const docent = await sessionOf('docent@slaagbundel.test', '198.51.100.5');
    expect(await subjectsOf(docent)).toEqual([
      'havo nederlands none',
      'vwo nederlands none',
      'vwo engels none',
      'vwo wiskunde-b full',
    ]);
    const nieuw = await sessionOf('nieuw@slaagbundel.test', '198.51.100.6');
    expect(await subjectsOf(nieuw)).toEqual([]);
  });

  it('the pupil’s grade simulator predicts Wiskunde B from the reviewed cards’ recall on the exam morning (no exam check yet)', async () => {
    const leerling = await sessionOf('leerling@slaagbundel.test', '198.51.100.8');
    const view = gradesViewSchema.parse(await get(leerling, '/users/me/grades'));
    const wiskunde = view.subjects.find((s) => s.key === 'wiskunde-b')!;
    expect(wiskunde.prediction).toMatchObject({ basis: 'recall', attempts: 0 });
    const { tenths, lowTenths, highTenths } = wiskunde.prediction!;
    expect(tenths).toBeGreaterThanOrEqual(10);
    expect(highTenths - lowTenths).toBeGreaterThanOrEqual(20);
    expect(lowTenths).toBeLessThanOrEqual(tenths);
    // Biologie (a light stream, nothing read yet) and the subjects without cards have no prediction.
    expect(view.subjects.find((s) => s.key === 'biologie')!.prediction).toBeNull();
    expect(view.subjects.find((s) => s.key === 'nederlands')!.prediction).toBeNull();
    // Issue 21: SE grades and two past exams filled in, so the simulation is complete at once.
    expect(view.missing).toEqual([]);
    expect(view.outcome).not.toBeNull();
    expect(view.pastExams.map((exam) => [exam.subject, exam.gradeTenths])).toEqual([
      ['economie', 71],
      ['engels', 75],
    ]);
    expect(view.subjects.find((s) => s.key === 'engels')!.prediction).toMatchObject({ tenths: 75, attempts: 1 });
  });

  it('keep a visitor’s changes across restarts (seeding again), and the demo codes stay as they were', async () => {
    const leerling = await sessionOf('leerling@slaagbundel.test', '198.51.100.7');
    const before = await subjectsOf(leerling);
    const economie = userSubjectsSchema
      .parse(await get(leerling, '/users/me/subjects'))
      .subjects.find((s) => s.schoolSubject === 'economie')!;
    const removed = await rt.app.request(`/api/v1/users/me/subjects/${economie.id}`, {
      method: 'DELETE',
      headers: { cookie: leerling, origin: 'http://localhost', 'x-forwarded-for': '198.51.100.7' },
    });
    expect(removed.status).toBe(200);
    const redeem = () =>
      rt.app.request('/api/v1/users/me/licenses', {
        method: 'POST',
        headers: {
          cookie: leerling,
          origin: 'http://localhost',
          'content-type': 'application/json',
          'x-forwarded-for': '198.51.100.7',
        },
        body: JSON.stringify({ code: demoLicenseCode('SB-HAVO-EC-2027', 1) }),
      });
    expect((await redeem()).status).toBe(200);

    // A restart: the seed runs again (forced: as if the content changed) and the accounts are looked at.
    const report = await seedDemoData(rt.database.db, { force: true });
    // One code per havo exam bundle (content/products.json).
    expect(report).toMatchObject({ subjects: expect.any(Number), licenseCodes: 12, unchanged: false });
    expect(await seedDemoAccounts(rt.database.db)).toBe(0);

    expect((await redeem()).status).toBe(409);
    const after = await subjectsOf(leerling);
    expect(after).toEqual(before.filter((s) => !s.includes('economie')).concat('havo economie full'));
    // Subject ids did not change: the subject redeemed before is the same row.
    const { subjects } = userSubjectsSchema.parse(await get(leerling, '/users/me/subjects'));
    expect(subjects.find((s) => s.schoolSubject === 'economie')?.id).toBe(economie.id);
  });
});
