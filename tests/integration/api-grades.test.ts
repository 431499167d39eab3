/**
 * The grade simulator's API (issue 21: GET and PUT /v1/users/me/grades): each
 * pupil reads and changes only their own grades, bad input answers 400 with
 * Dutch field errors, and a known case gives its needed CE grades and outcome.
 * The real CE grades (issue 33: GET and PUT /v1/users/me/grades/ce) keep the
 * prediction as it stood at their first entry, and are only their pupil's.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '#app/platform/schemas/api-error.ts';
import { ceGradesViewSchema, GRADES_MESSAGES, gradesViewSchema } from '#app/modules/grades/index.ts';
import { userCeGrades } from '#app/modules/grades/db/tables.ts';
import { signedInUsers } from './accounts.ts';
import { apiClient } from './http.ts';
import { useTestRuntime } from './test-db.ts';

const rt = useTestRuntime();
let sanne = '';
let daan = '';
let noLevel = '';

const call = apiClient(rt);

beforeAll(async () => {
  [sanne, daan, noLevel] = await signedInUsers(rt(), ['sanne@example.nl', 'daan@example.nl', 'zonder@example.nl']);
  for (const cookie of [sanne, daan]) {
    expect((await call(cookie, 'PATCH', '/users/me/levels', { levels: ['havo'] })).status).toBe(200);
  }
});

const grades = async (cookie: string) => {
  const res = await call(cookie, 'GET', '/users/me/grades');
  expect(res.status).toBe(200);
  return gradesViewSchema.parse(await res.json());
};

/** havo: five subjects with a CE, SE 6,0 each; the combination grade's parts 7; LO voldoende. */
const KNOWN_CASE = {
  grades: [
    ...['nederlands', 'engels', 'wiskunde-a', 'economie', 'geschiedenis'].map((subject) => ({ subject, se: '6,0' })),
    { subject: 'maatschappijleer', se: 7 },
    { subject: 'ckv', se: 7 },
    { subject: 'profielwerkstuk', se: '7.0' },
    { subject: 'lo', assessment: 'voldoende' },
  ],
};

describe('GET and PUT /v1/users/me/grades', () => {
  it('lists the parts every havo diploma has and says what is missing, before anything is entered', async () => {
    const view = await grades(sanne);
    expect(view.level).toBe('havo');
    expect(view.subjects.map((subject) => subject.key)).toEqual(['maatschappijleer', 'ckv', 'profielwerkstuk', 'lo']);
    expect(view.outcome).toBeNull();
    expect(view.missing).toContain('Lichamelijke opvoeding');
  });

  it('stores the grades and answers the needed CE grades and the outcome of a known case', async () => {
    const res = await call(sanne, 'PUT', '/users/me/grades', KNOWN_CASE);
    expect(res.status).toBe(200);
    const view = gradesViewSchema.parse(await res.json());
    expect(view.missing).toEqual([]);
    // No exam checks: every CE grade is assumed equal to the SE grade (6,0); with the combination grade 7 a 4
    // fails (mean 35 / 6 < 6,0), and the CE average needs (CE + 24,0) / 5 ≥ 5,5: CE 3,5 in every subject.
    for (const key of ['nederlands', 'engels', 'wiskunde-a', 'economie', 'geschiedenis']) {
      const subject = view.subjects.find((candidate) => candidate.key === key)!;
      expect(subject).toMatchObject({ seTenths: 60, prediction: null, needed: { kind: 'needed', tenths: 35 } });
    }
    expect(view.assumed).toHaveLength(5);
    expect(view.outcome).toMatchObject({ outcome: 'geslaagd', message: 'Geslaagd', failures: [] });
    expect(await grades(sanne)).toEqual(view);
  });

  it('answers a fail with its reason, and takes a subject off the list', async () => {
    const failing = await call(sanne, 'PUT', '/users/me/grades', { grades: [{ subject: 'nederlands', se: '3,0' }] });
    const view = gradesViewSchema.parse(await failing.json());
    expect(view.outcome?.outcome).not.toBe('geslaagd');
    expect(view.outcome?.failures.map((failure) => failure.rule)).toContain('core_subjects');
    const removed = await call(sanne, 'PUT', '/users/me/grades', {
      grades: [
        { subject: 'geschiedenis', included: false },
        { subject: 'nederlands', se: 6 },
      ],
    });
    const after = gradesViewSchema.parse(await removed.json());
    expect(after.subjects.map((subject) => subject.key)).not.toContain('geschiedenis');
    expect(after.addable.map((subject) => subject.key)).toContain('geschiedenis');
  });

  it('a second pupil neither reads nor changes the first one’s grades', async () => {
    const before = await grades(sanne);
    expect((await grades(daan)).subjects.every((subject) => subject.seTenths === null)).toBe(true);
    // There is no way to name another user: daan's write lands in daan's own grades.
    expect((await call(daan, 'PUT', '/users/me/grades', { grades: [{ subject: 'nederlands', se: 2 }] })).status).toBe(
      200,
    );
    expect(await grades(sanne)).toEqual(before);
    expect((await grades(daan)).subjects.find((subject) => subject.key === 'nederlands')?.seTenths).toBe(20);
  });

  it.each([
    [
      'a grade above 10',
      { grades: [{ subject: 'nederlands', se: '10,5' }] },
      'grades.0.se',
      GRADES_MESSAGES.SE_GRADE_INVALID,
    ],
    [
      'two decimals',
      { grades: [{ subject: 'nederlands', se: 6.25 }] },
      'grades.0.se',
      GRADES_MESSAGES.SE_GRADE_INVALID,
    ],
    ['text', { grades: [{ subject: 'nederlands', se: 'zes' }] }, 'grades.0.se', GRADES_MESSAGES.SE_GRADE_INVALID],
    [
      'a subject of another level',
      { grades: [{ subject: 'nask1', se: 6 }] },
      'grades.0.subject',
      GRADES_MESSAGES.UNKNOWN_EXAM_SUBJECT,
    ],
    ['a grade for LO', { grades: [{ subject: 'lo', se: 6 }] }, 'grades.0.se', GRADES_MESSAGES.ASSESSMENT_NOT_GRADE],
    [
      'a judgement for a graded subject',
      { grades: [{ subject: 'engels', assessment: 'goed' }] },
      'grades.0.assessment',
      GRADES_MESSAGES.GRADE_NOT_ASSESSMENT,
    ],
    [
      'an unknown judgement',
      { grades: [{ subject: 'lo', assessment: 'prima' }] },
      'grades.0.assessment',
      GRADES_MESSAGES.CHOOSE_ASSESSMENT,
    ],
    [
      'a subject twice',
      { grades: [{ subject: 'lo' }, { subject: 'lo' }] },
      'grades',
      GRADES_MESSAGES.DUPLICATE_EXAM_SUBJECT,
    ],
  ])('%s: 400 with the Dutch field error, nothing stored', async (_name, body, field, message) => {
    const before = await grades(sanne);
    const res = await call(sanne, 'PUT', '/users/me/grades', body);
    expect(res.status).toBe(400);
    const error = apiErrorSchema.parse(await res.json());
    expect(error).toMatchObject({ status: 400, error: 'validation_failed' });
    expect(error.fieldErrors?.[field]).toEqual([message]);
    expect(await grades(sanne)).toEqual(before);
  });

  it('refuses a write from another site, and answers 409 to a user without a level', async () => {
    const foreign = await call(sanne, 'PUT', '/users/me/grades', KNOWN_CASE, { origin: 'https://example.com' });
    expect(foreign.status).toBe(403);
    const res = await call(noLevel, 'GET', '/users/me/grades');
    expect(res.status).toBe(409);
    expect(apiErrorSchema.parse(await res.json()).message).toBe(GRADES_MESSAGES.NO_EXAM_LEVEL);
  });
});

describe('POST and DELETE /v1/users/me/grades/past-exams', () => {
  const latestYear = () => {
    const today = new Date();
    return today.getUTCMonth() >= 5 ? today.getUTCFullYear() : today.getUTCFullYear() - 1;
  };
  const EXAM = { subject: 'economie', tijdvak: 1, score: 52, maxScore: 78, nTerm: '1,1' };

  it('grades a past exam with its N-term, lists it, and counts it in the subject’s prediction', async () => {
    const year = latestYear() === 2020 ? 2019 : latestYear();
    expect((await grades(sanne)).pastExamChoices.years[0]).toBe(latestYear());
    const res = await call(sanne, 'POST', '/users/me/grades/past-exams', { ...EXAM, year });
    expect(res.status).toBe(201);
    // 9 · 52 / 78 + 1,1 = 7,1.
    const saved = (await res.json()) as { id: number; gradeTenths: number; name: string };
    expect(saved).toMatchObject({ subject: 'economie', name: 'Economie', year, tijdvak: 1, nTenths: 11 });
    expect(saved.gradeTenths).toBe(71);
    const view = await grades(sanne);
    expect(view.pastExams).toEqual([expect.objectContaining({ id: saved.id, gradeTenths: 71 })]);
    const economie = view.subjects.find((subject) => subject.key === 'economie')!;
    expect(economie.prediction).toMatchObject({ basis: 'checks', tenths: 71, attempts: 1 });
    expect(economie.pastExams).toBe(1);
    expect(view.assumed).not.toContain('Economie');

    // The same exam again replaces its score; another pupil sees none of it.
    const again = await call(sanne, 'POST', '/users/me/grades/past-exams', { ...EXAM, year, score: 78 });
    expect(((await again.json()) as { id: number; gradeTenths: number }).gradeTenths).toBe(100);
    expect((await grades(sanne)).pastExams).toHaveLength(1);
    expect((await grades(daan)).pastExams).toEqual([]);

    // Another pupil cannot delete it (404, nothing happens); its owner can, once.
    const path = `/users/me/grades/past-exams/${saved.id}`;
    const foreign = await call(daan, 'DELETE', path);
    expect(foreign.status).toBe(404);
    expect(apiErrorSchema.parse(await foreign.json()).message).toBe(GRADES_MESSAGES.UNKNOWN_PAST_EXAM);
    expect((await grades(sanne)).pastExams).toHaveLength(1);
    expect((await call(sanne, 'DELETE', path)).status).toBe(204);
    expect((await call(sanne, 'DELETE', path)).status).toBe(404);
    expect((await grades(sanne)).pastExams).toEqual([]);
  });

  it.each([
    ['a subject without a central exam', { subject: 'ckv' }, 'subject', GRADES_MESSAGES.PAST_EXAM_SUBJECT],
    ['a subject of another level', { subject: 'nask1' }, 'subject', GRADES_MESSAGES.PAST_EXAM_SUBJECT],
    ['2020', { year: 2020 }, 'year', GRADES_MESSAGES.PAST_EXAM_YEAR],
    ['a year to come', { year: 2099 }, 'year', GRADES_MESSAGES.PAST_EXAM_YEAR],
    ['tijdvak 3', { tijdvak: 3 }, 'tijdvak', GRADES_MESSAGES.PAST_EXAM_TIJDVAK],
    ['a score above the maximum', { score: 80 }, 'score', GRADES_MESSAGES.INVALID_SCORE(78)],
    ['a maximum of 0', { maxScore: 0, score: 0 }, 'maxScore', GRADES_MESSAGES.INVALID_MAX_SCORE],
    ['an N-term of 3,5', { nTerm: '3,5' }, 'nTerm', GRADES_MESSAGES.INVALID_N_TERM],
    ['an N-term as text', { nTerm: 'hoog' }, 'nTerm', GRADES_MESSAGES.INVALID_N_TERM],
  ])('%s: 400 with the Dutch field error, nothing stored', async (_name, change, field, message) => {
    const res = await call(sanne, 'POST', '/users/me/grades/past-exams', { ...EXAM, year: 2023, ...change });
    expect(res.status).toBe(400);
    const error = apiErrorSchema.parse(await res.json());
    expect(error.fieldErrors?.[field]).toEqual([message]);
    expect((await grades(sanne)).pastExams).toEqual([]);
  });

  it('refuses a write from another site, a user without a level, and an id that is no id', async () => {
    const body = { ...EXAM, year: 2023 };
    expect(
      (await call(sanne, 'POST', '/users/me/grades/past-exams', body, { origin: 'https://example.com' })).status,
    ).toBe(403);
    expect((await call(noLevel, 'POST', '/users/me/grades/past-exams', body)).status).toBe(409);
    expect((await call(sanne, 'DELETE', '/users/me/grades/past-exams/abc')).status).toBe(400);
  });
});

describe('GET and PUT /v1/users/me/grades/ce', () => {
  const ceGrades = async (cookie: string) => ceGradesViewSchema.parse(await answeredJson(cookie, 'GET'));
  const answeredJson = async (cookie: string, method: 'GET' | 'PUT', body?: unknown) => {
    const res = await call(cookie, method, '/users/me/grades/ce', body);
    expect(res.status).toBe(200);
    return res.json();
  };
  const snapshotOf = async (key: string) => {
    const [row] = await rt().database.db.select().from(userCeGrades).where(eq(userCeGrades.subjectKey, key)); // only sanne's, while these run
    return row;
  };

  it('stores the real grade with the prediction as it stood, keeps that prediction on a change, and clears it', async () => {
    const today = new Date();
    const year = today.getUTCMonth() >= 5 ? today.getUTCFullYear() : today.getUTCFullYear() - 1;
    // A past exam of Duits, 40 of 80 with N 1,0: 9 · 40 / 80 + 1,0 = 5,5, the prediction's only grade.
    const exam = { subject: 'duits', year: year === 2020 ? 2019 : year, tijdvak: 1, score: 40, maxScore: 80 };
    expect((await call(sanne, 'POST', '/users/me/grades/past-exams', { ...exam, nTerm: '1,0' })).status).toBe(201);
    const saved = ceGradesViewSchema.parse(await answeredJson(sanne, 'PUT', { subject: 'duits', ce: '6,4' }));
    expect(saved.ceGrades).toEqual([{ subject: 'duits', name: 'Duits', ceTenths: 64, enteredAt: expect.any(String) }]);
    // One attempt: σ 1,5, a band of ± 3,0 around 5,5.
    expect(await snapshotOf('duits')).toMatchObject({
      ceTenths: 64,
      predictedTenths: 55,
      lowTenths: 25,
      highTenths: 85,
      basis: 'checks',
      attempts: 1,
    });
    // A better past exam entered now, and a corrected grade: the prediction it is judged against stays.
    expect(
      (await call(sanne, 'POST', '/users/me/grades/past-exams', { ...exam, score: 80, nTerm: '1,0' })).status,
    ).toBe(201);
    await answeredJson(sanne, 'PUT', { subject: 'duits', ce: 6.6 });
    expect(await snapshotOf('duits')).toMatchObject({ ceTenths: 66, predictedTenths: 55, basis: 'checks' });
    expect((await ceGrades(sanne)).ceGrades.map((grade) => grade.ceTenths)).toEqual([66]);

    // Without any evidence: kept as no prediction.
    await answeredJson(sanne, 'PUT', { subject: 'biologie', ce: '7' });
    expect(await snapshotOf('biologie')).toMatchObject({ ceTenths: 70, predictedTenths: null, basis: null });
    const cleared = ceGradesViewSchema.parse(await answeredJson(sanne, 'PUT', { subject: 'biologie', ce: '' }));
    expect(cleared.ceGrades.map((grade) => grade.subject)).toEqual(['duits']);
  });

  it('a second pupil neither reads nor changes the first one’s real CE grades', async () => {
    const before = await ceGrades(sanne);
    expect(before.ceGrades).toHaveLength(1);
    expect((await ceGrades(daan)).ceGrades).toEqual([]);
    // There is no way to name another user: daan's write and clear land in daan's own.
    await answeredJson(daan, 'PUT', { subject: 'duits', ce: '3,0' });
    expect(await ceGrades(sanne)).toEqual(before);
    await answeredJson(daan, 'PUT', { subject: 'duits', ce: null });
    expect(await ceGrades(sanne)).toEqual(before);
    expect((await ceGrades(daan)).ceGrades).toEqual([]);
    // Nor does the grades view, which a pupil may share with a class or a parent, carry it.
    expect(JSON.stringify(await grades(sanne))).not.toContain('ceTenths');
  });

  it.each([
    ['a grade above 10', { subject: 'duits', ce: '10,5' }, 'ce', GRADES_MESSAGES.CE_GRADE_INVALID],
    ['text', { subject: 'duits', ce: 'zes' }, 'ce', GRADES_MESSAGES.CE_GRADE_INVALID],
    ['a subject without a central exam', { subject: 'ckv', ce: 6 }, 'subject', GRADES_MESSAGES.CE_GRADE_SUBJECT],
    ['a subject of another level', { subject: 'nask1', ce: 6 }, 'subject', GRADES_MESSAGES.CE_GRADE_SUBJECT],
  ])('%s: 400 with the Dutch field error, nothing stored', async (_name, body, field, message) => {
    const before = await ceGrades(sanne);
    const res = await call(sanne, 'PUT', '/users/me/grades/ce', body);
    expect(res.status).toBe(400);
    expect(apiErrorSchema.parse(await res.json()).fieldErrors?.[field]).toEqual([message]);
    expect(await ceGrades(sanne)).toEqual(before);
  });

  it('refuses a write from another site and answers 409 to a user without a level', async () => {
    const foreign = await call(
      sanne,
      'PUT',
      '/users/me/grades/ce',
      { subject: 'duits', ce: 5 },
      {
        origin: 'https://example.com',
      },
    );
    expect(foreign.status).toBe(403);
    expect((await call(noLevel, 'GET', '/users/me/grades/ce')).status).toBe(409);
    expect((await call(null, 'GET', '/users/me/grades/ce')).status).toBe(401);
  });
});
