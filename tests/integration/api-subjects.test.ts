/**
 * Subjects, the user's subjects and license codes (spec §3 User subject, §4
 * Subject access, §7 /v1/subjects…, /v1/users/me/subjects…, §8 notices):
 * each route's answers for the owner, Dutch field errors for bad input,
 * idempotent adds, access through a license code, and the per-user limit on
 * redeeming codes. Who may call them: api-authorization.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { grantSubjectAccess } from '#app/modules/cards/db/subjects.server.ts';
import { demoLicenseCode } from '#server/seed/demo-data.ts';
import { apiErrorSchema } from '#app/platform/schemas/api-error.ts';
import { MESSAGES } from '#app/platform/schemas/messages.ts';
import { licenseRedeemedSchema, ownedProductsSchema, LICENSE_MESSAGES } from '#app/modules/licenses/index.ts';
import { primarySubjectsSchema, subjectSchema } from '#app/modules/catalog/schemas/subjects.ts';
import { SUBJECT_ANSWER_FIELDS, subjectAnswer } from '#app/platform/schemas/subject-answer.ts';
import { SUBJECT_MESSAGES } from '#app/modules/catalog/index.ts';
import { userSubjectsNoticeSchema, userSubjectsSchema } from '#app/modules/checks/schemas/subjects.ts';
import { MY_SUBJECT_MESSAGES } from '#app/modules/cards/index.ts';
import { setMySubjects } from '#app/modules/checks/server/subjects.server.ts';
import { type Caller, newUser, recordMails } from './accounts.ts';
import { apiClient } from './http.ts';
import { createTestRuntime, type TestRuntime } from './test-db.ts';

let rt: TestRuntime;
let mails: ReturnType<typeof recordMails>;
let sanne: Caller;
let havo: z.output<typeof primarySubjectsSchema>['subjects'];

const call = apiClient(() => rt);

beforeAll(async () => {
  rt = await createTestRuntime({ env: { TRUST_PROXY: '1' } });
  mails = recordMails(rt);
  sanne = await newUser(rt, mails, 'sanne@example.nl');
  havo = primarySubjectsSchema.parse(await (await call(sanne, 'GET', '/subjects/havo/NT')).json()).subjects;
});
afterAll(() => rt.close());

/** The id of a school subject at havo. */
const havoId = (slug: string) => {
  const subject = havo.find((s) => s.schoolSubject === slug);
  if (!subject) throw new Error(`no havo subject ${slug}`);
  return subject.id;
};

async function mySubjects(caller: Caller) {
  const res = await call(caller, 'GET', '/users/me/subjects');
  expect(res.status).toBe(200);
  return userSubjectsSchema.parse(await res.json()).subjects;
}

async function expectFieldError(res: Response, status: number, field: string, message: string) {
  expect(res.status).toBe(status);
  const error = apiErrorSchema.parse(await res.json());
  expect(error.fieldErrors?.[field], JSON.stringify(error)).toEqual([message]);
  return error;
}

describe('GET /v1/subjects/{level}/{profile}', () => {
  it('lists every subject of the level, the profile’s required ones first, never cached', async () => {
    const res = await call(sanne, 'GET', '/subjects/havo/NT');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(havo.filter((s) => s.required).map((s) => s.schoolSubject)).toEqual([
      'nederlands',
      'engels',
      'wiskunde-b',
      'natuurkunde',
      'scheikunde',
    ]);
    expect(havo.slice(0, 5).every((s) => s.required)).toBe(true);
    // Then the rest of havo in the order of the school subjects.
    expect(havo.slice(5).map((s) => s.schoolSubject)).toEqual([
      'duits',
      'frans',
      'wiskunde-a',
      'biologie',
      'geschiedenis',
      'aardrijkskunde',
      'economie',
      'maatschappijwetenschappen',
    ]);
    expect(havo.every((s) => s.levelName === 'havo')).toBe(true);
    // One slug per subject (issue 34): the one of its pages, the school subject's beside it.
    expect(havo.every((s) => s.slug === `${s.schoolSubject}-havo`)).toBe(true);
    expect(havo.find((s) => s.slug === 'wiskunde-b-havo')).toMatchObject({ name: 'Wiskunde B', required: true });
  });

  it('marks only Nederlands and Engels required without a profile', async () => {
    const res = await call(sanne, 'GET', '/subjects/vmbo-gl-tl/geen');
    const { subjects } = primarySubjectsSchema.parse(await res.json());
    expect(subjects.filter((s) => s.required).map((s) => s.slug)).toEqual([
      'nederlands-vmbo-gl-tl',
      'engels-vmbo-gl-tl',
    ]);
    expect(subjects.map((s) => s.schoolSubject)).toContain('nask2');
    expect(subjects.map((s) => s.schoolSubject)).not.toContain('wiskunde-b');
  });

  it('refuses an unknown level or profile, and a profile on vmbo, with Dutch field errors', async () => {
    await expectFieldError(await call(sanne, 'GET', '/subjects/mbo/geen'), 400, 'level', SUBJECT_MESSAGES.LEVEL);
    await expectFieldError(await call(sanne, 'GET', '/subjects/havo/XX'), 400, 'profile', SUBJECT_MESSAGES.PROFILE);
    await expectFieldError(
      await call(sanne, 'GET', '/subjects/vmbo-b/NT'),
      400,
      'profile',
      SUBJECT_MESSAGES.PROFILE_NOT_FOR_LEVEL,
    );
  });
});

describe('GET /v1/subjects/{id}', () => {
  it('answers the subject', async () => {
    const res = await call(sanne, 'GET', `/subjects/${havoId('wiskunde-b')}`);
    expect(res.status).toBe(200);
    expect(
      subjectSchema
        .extend(SUBJECT_ANSWER_FIELDS)
        .strict()
        .parse(await res.json()),
    ).toEqual({
      id: havoId('wiskunde-b'),
      slug: 'wiskunde-b-havo',
      schoolSubject: 'wiskunde-b',
      name: 'Wiskunde B',
      levelName: 'havo',
    });
  });

  it('answers 404 in Dutch for an unknown id, and 400 (never 500) for an id that is no id', async () => {
    const missing = await call(sanne, 'GET', '/subjects/999999');
    expect(missing.status).toBe(404);
    expect(apiErrorSchema.parse(await missing.json())).toMatchObject({
      status: 404,
      error: 'not_found',
      message: SUBJECT_MESSAGES.UNKNOWN_SUBJECT,
    });
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
      await expectFieldError(await call(sanne, 'GET', `/subjects/${id}`), 400, 'id', SUBJECT_MESSAGES.UNKNOWN_SUBJECT);
    }
  });
});

describe('the user’s subjects', () => {
  it('start empty, and adding answers the list with the notice of spec §8', async () => {
    const daan = await newUser(rt, mails, 'daan@example.nl');
    expect(await mySubjects(daan)).toEqual([]);
    const res = await call(daan, 'POST', '/users/me/subjects', { ids: [havoId('wiskunde-b'), havoId('nederlands')] });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const body = userSubjectsNoticeSchema.parse(await res.json());
    expect(body.message).toBe('Je hebt een vak toegevoegd.');
    expect(body.subjects.map((s) => s.slug)).toEqual(['nederlands-havo', 'wiskunde-b-havo']);
    expect(body.subjects[0]).toEqual({
      id: havoId('nederlands'),
      slug: 'nederlands-havo',
      schoolSubject: 'nederlands',
      name: 'Nederlands',
      levelName: 'havo',
      stream: { userHasAccess: false, isLightStream: false, tests: [], correctionsCardId: null },
      latestTestAttempt: null,
    });
    expect(await mySubjects(daan)).toEqual(body.subjects);
  });

  it('adding is idempotent: a subject already in the list stays once', async () => {
    const eva = await newUser(rt, mails, 'eva@example.nl');
    const ids = [havoId('engels')];
    const first = userSubjectsNoticeSchema.parse(await (await call(eva, 'POST', '/users/me/subjects', { ids })).json());
    const again = await call(eva, 'POST', '/users/me/subjects', { ids: [havoId('engels'), havoId('biologie')] });
    expect(again.status).toBe(200);
    const second = userSubjectsNoticeSchema.parse(await again.json());
    expect(first.subjects.map((s) => s.slug)).toEqual(['engels-havo']);
    expect(second.subjects.map((s) => s.slug)).toEqual(['engels-havo', 'biologie-havo']);
  });

  it('lists by level order, then in the subjects’ order', async () => {
    const fenna = await newUser(rt, mails, 'fenna@example.nl');
    const vwo = primarySubjectsSchema.parse(await (await call(fenna, 'GET', '/subjects/vwo/geen')).json()).subjects;
    const vmbo = primarySubjectsSchema.parse(await (await call(fenna, 'GET', '/subjects/vmbo-k/geen')).json()).subjects;
    const ids = [
      vwo.find((s) => s.schoolSubject === 'engels')!.id,
      havoId('economie'),
      vmbo.find((s) => s.schoolSubject === 'biologie')!.id,
    ];
    ids.push(havoId('nederlands'));
    await call(fenna, 'POST', '/users/me/subjects', { ids });
    expect((await mySubjects(fenna)).map((s) => s.slug)).toEqual([
      'biologie-vmbo-k',
      'nederlands-havo',
      'economie-havo',
      'engels-vwo',
    ]);
  });

  it('refuses unknown ids with fieldErrors.ids and adds nothing', async () => {
    const gijs = await newUser(rt, mails, 'gijs@example.nl');
    const res = await call(gijs, 'POST', '/users/me/subjects', { ids: [havoId('engels'), 999999] });
    const error = await expectFieldError(res, 400, 'ids', SUBJECT_MESSAGES.UNKNOWN_SUBJECT);
    expect(error).toMatchObject({ status: 400, error: 'validation_failed' });
    expect(await mySubjects(gijs)).toEqual([]);
  });

  it('answers bad input with 400 and Dutch field errors, never a 500', async () => {
    const cases: [unknown, string, string][] = [
      [{ ids: [] }, 'ids', MY_SUBJECT_MESSAGES.CHOOSE_SUBJECTS],
      [{}, 'ids', MY_SUBJECT_MESSAGES.CHOOSE_SUBJECTS],
      [{ ids: 'wiskunde' }, 'ids', MY_SUBJECT_MESSAGES.CHOOSE_SUBJECTS],
      [{ ids: [havoId('engels'), havoId('engels')] }, 'ids', MY_SUBJECT_MESSAGES.DUPLICATE_SUBJECTS],
      [{ ids: ['12'] }, 'ids.0', SUBJECT_MESSAGES.UNKNOWN_SUBJECT],
      [{ ids: [0] }, 'ids.0', SUBJECT_MESSAGES.UNKNOWN_SUBJECT],
      [{ ids: [1.5] }, 'ids.0', SUBJECT_MESSAGES.UNKNOWN_SUBJECT],
      [{ ids: Array.from({ length: 51 }, (_, i) => i + 1) }, 'ids', MY_SUBJECT_MESSAGES.TOO_MANY_SUBJECTS],
    ];
    for (const [body, field, message] of cases) {
      await expectFieldError(await call(sanne, 'POST', '/users/me/subjects', body), 400, field, message);
    }
  });

  it('removing answers the list with the notice; a subject not in the list answers 404', async () => {
    const hanna = await newUser(rt, mails, 'hanna@example.nl');
    await call(hanna, 'POST', '/users/me/subjects', { ids: [havoId('engels'), havoId('frans')] });
    const res = await call(hanna, 'DELETE', `/users/me/subjects/${havoId('frans')}`);
    expect(res.status).toBe(200);
    const body = userSubjectsNoticeSchema.parse(await res.json());
    expect(body).toMatchObject({ message: 'Je hebt een vak verwijderd.' });
    expect(body.subjects.map((s) => s.slug)).toEqual(['engels-havo']);

    const again = await call(hanna, 'DELETE', `/users/me/subjects/${havoId('frans')}`);
    expect(again.status).toBe(404);
    expect(apiErrorSchema.parse(await again.json())).toMatchObject({
      error: 'not_found',
      message: MY_SUBJECT_MESSAGES.NOT_YOURS,
    });
    expect((await call(hanna, 'DELETE', '/users/me/subjects/999999')).status).toBe(404);
    await expectFieldError(
      await call(hanna, 'DELETE', '/users/me/subjects/abc'),
      400,
      'id',
      SUBJECT_MESSAGES.UNKNOWN_SUBJECT,
    );
    expect((await mySubjects(hanna)).map((s) => s.slug)).toEqual(['engels-havo']);
  });

  it('setMySubjects (the onboarding) replaces the list, leaving unknown ids out', async () => {
    const ivo = await newUser(rt, mails, 'ivo@example.nl');
    await call(ivo, 'POST', '/users/me/subjects', { ids: [havoId('engels'), havoId('frans')] });
    const id = ivo.id;
    const set = await setMySubjects(rt.services, id, [havoId('frans'), havoId('duits'), 999999]);
    expect(set.map((s) => s.slug)).toEqual(['duits', 'frans']);
    // The API names them by the slug of their pages (issue 34), the service by the school subject.
    expect(await mySubjects(ivo)).toEqual(set.map(subjectAnswer));
    expect(await setMySubjects(rt.services, id, [])).toEqual([]);
  });
});

describe('POST /v1/users/me/licenses', () => {
  it('redeems a code (case and spaces do not matter): full access, the subject in the list, the product owned', async () => {
    const jet = await newUser(rt, mails, 'jet@example.nl');
    expect(ownedProductsSchema.parse(await (await call(jet, 'GET', '/users/me/products')).json()).products).toEqual([]);
    const res = await call(jet, 'POST', '/users/me/licenses', { code: '  sb27-havo-bi-0001 ' });
    expect(res.status).toBe(200);
    const body = licenseRedeemedSchema.parse(await res.json());
    expect(body.message).toBe('Gelukt! Je hebt nu toegang tot Slaagbundel Biologie havo 2027.');
    expect(body.product).toMatchObject({
      sku: 'SB-HAVO-BI-2027',
      name: 'Slaagbundel Biologie havo 2027',
      levelSlug: 'havo',
      productType: 'examenbundel',
      subjectId: havoId('biologie'),
    });
    expect(Date.parse(body.product.redeemedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(body.subjects).toEqual([
      expect.objectContaining({
        slug: 'biologie-havo',
        stream: expect.objectContaining({ userHasAccess: true, isLightStream: false }),
      }),
    ]);
    expect(await mySubjects(jet)).toEqual(body.subjects);
    const owned = ownedProductsSchema.parse(await (await call(jet, 'GET', '/users/me/products')).json());
    expect(owned.products).toEqual([body.product]);

    // Removing the subject keeps the access bought: added again, it has access.
    await call(jet, 'DELETE', `/users/me/subjects/${havoId('biologie')}`);
    const readded = userSubjectsNoticeSchema.parse(
      await (await call(jet, 'POST', '/users/me/subjects', { ids: [havoId('biologie')] })).json(),
    );
    expect(readded.subjects[0]?.stream.userHasAccess).toBe(true);
  });

  it('a used code answers 409, an unknown one 400, both on the field `code`', async () => {
    const kees = await newUser(rt, mails, 'kees@example.nl');
    const code = demoLicenseCode('SB-HAVO-AK-2027', 1);
    expect((await call(kees, 'POST', '/users/me/licenses', { code })).status).toBe(200);
    const used = await expectFieldError(
      await call(kees, 'POST', '/users/me/licenses', { code: code.toLowerCase() }),
      409,
      'code',
      LICENSE_MESSAGES.USED,
    );
    expect(used.message).toBe('Deze code is al gebruikt.');
    expect(used.error).toBe('conflict');
    await expectFieldError(
      await call(kees, 'POST', '/users/me/licenses', { code: 'SB27-HAVO-XX-9999' }),
      400,
      'code',
      'Deze code kennen we niet. Controleer de code achter in je boek.',
    );
    await expectFieldError(
      await call(kees, 'POST', '/users/me/licenses', { code: '   ' }),
      400,
      'code',
      MESSAGES.REQUIRED,
    );
    await expectFieldError(await call(kees, 'POST', '/users/me/licenses', {}), 400, 'code', MESSAGES.REQUIRED);
    await expectFieldError(
      await call(kees, 'POST', '/users/me/licenses', { code: 'X'.repeat(41) }),
      400,
      'code',
      MESSAGES.maxChars(40),
    );
    expect(
      ownedProductsSchema
        .parse(await (await call(kees, 'GET', '/users/me/products')).json())
        .products.map((p) => p.sku),
    ).toEqual(['SB-HAVO-AK-2027']);
  });

  it('full access beats a light stream, and a light grant never takes it back', async () => {
    const lot = await newUser(rt, mails, 'lot@example.nl');
    const id = lot.id;
    const subjectId = havoId('economie');
    await call(lot, 'POST', '/users/me/subjects', { ids: [subjectId] });
    await grantSubjectAccess(rt.database.db, { userId: id, subjectId, stream: 'light', source: 'demo' });
    expect((await mySubjects(lot))[0]?.stream).toMatchObject({ userHasAccess: false, isLightStream: true });
    await call(lot, 'POST', '/users/me/licenses', { code: demoLicenseCode('SB-HAVO-EC-2027', 1) });
    expect((await mySubjects(lot))[0]?.stream).toMatchObject({ userHasAccess: true, isLightStream: false });
    await grantSubjectAccess(rt.database.db, { userId: id, subjectId, stream: 'light', source: 'demo' });
    expect((await mySubjects(lot))[0]?.stream).toMatchObject({ userHasAccess: true, isLightStream: false });
  });

  it('two redemptions of one code at the same time: exactly one succeeds', async () => {
    const [mila, noor] = [await newUser(rt, mails, 'mila@example.nl'), await newUser(rt, mails, 'noor@example.nl')];
    const code = demoLicenseCode('SB-HAVO-WA-2027', 1);
    const answers = await Promise.all([
      call(mila, 'POST', '/users/me/licenses', { code }),
      call(noor, 'POST', '/users/me/licenses', { code }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('counts attempts per user: the 11th within ten minutes answers 429 with Retry-After', async () => {
    const olaf = await newUser(rt, mails, 'olaf@example.nl');
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const res = await call(olaf, 'POST', '/users/me/licenses', { code: `SB27-GUESS-${attempt}` });
      expect(res.status, `attempt ${attempt}`).toBe(400);
    }
    const refused = await call(olaf, 'POST', '/users/me/licenses', { code: demoLicenseCode('SB-HAVO-NE-2027', 1) });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const error = apiErrorSchema.parse(await refused.json());
    expect(error).toMatchObject({ status: 429, error: 'rate_limited' });
    expect(error.message).toMatch(/^Je hebt dit te vaak geprobeerd\. Probeer het over \d+ seconden? opnieuw\.$/);
    // The code was not redeemed; another user (another client) still can.
    const piet = await newUser(rt, mails, 'piet@example.nl');
    const ok = await call(piet, 'POST', '/users/me/licenses', { code: demoLicenseCode('SB-HAVO-NE-2027', 1) });
    expect(ok.status).toBe(200);
  });
});
