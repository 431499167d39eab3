/**
 * The calibration of the recall predictions (issue 33, ADR 028) on hand-made review logs with known answers: a
 * run replays them with FSRS-6, keeps the figures per subject and together, in the three sets of predictions,
 * and the back office shows them to the roles that may see them.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKOFFICE_MESSAGES } from '#app/modules/backoffice/index.ts';
import { calibrationReportSchema } from '#app/modules/calibration/index.ts';
import { CALIBRATE_JOB, runCalibration } from '#app/modules/calibration/index.server.ts';
import { cardReviews, fsrsParameters } from '#app/modules/reviews/db/tables.ts';
import { cards } from '#app/modules/cards/db/tables.ts';
import { userCeGrades } from '#app/modules/grades/db/tables.ts';
import { type Caller, newUser, recordMails } from './accounts.ts';
import { answered, apiClient, refused } from './http.ts';
import { newStaff, type Staff } from './staff.ts';
import { subjectIdOf } from './study-content.ts';
import { createTestRuntime, queueJobsInMemory, type QueuedJob, type TestRuntime } from './test-db.ts';

const DAY = 86_400_000;
const DECAY = -0.1542;
/** FSRS-6's forgetting curve with its default decay; Goed first: stability w2 = 2.3065, Opnieuw first: w0 = 0.212. */
const recall = (stability: number, days: number) => (1 + ((0.9 ** (1 / DECAY) - 1) * days) / stability) ** DECAY;
const round4 = (value: number) => Math.round(value * 10_000) / 10_000;
const logLoss = (...cases: [number, boolean][]) =>
  -cases.reduce((sum, [p, y]) => sum + Math.log(y ? p : 1 - p), 0) / cases.length;

let rt: TestRuntime;
let jobs: QueuedJob[];
const call = apiClient(() => rt);
let content: Staff;
let support: Staff;
let admin: Staff;
let pupil: Caller;
let fitted: Caller;
let wiskunde = 0;
let biologie = 0;

beforeAll(async () => {
  rt = await createTestRuntime({ env: { TRUST_PROXY: '1' } });
  const mails = recordMails(rt);
  const { db } = rt.database;
  content = await newStaff(rt, mails, 'content.kalibratie@example.nl', 'content', '192.0.2.201');
  support = await newStaff(rt, mails, 'support.kalibratie@example.nl', 'support', '192.0.2.202');
  admin = await newStaff(rt, mails, 'admin.kalibratie@example.nl', 'admin', '192.0.2.203');
  pupil = await newUser(rt, mails, 'sanne.kalibratie@example.nl');
  fitted = await newUser(rt, mails, 'daan.kalibratie@example.nl');
  wiskunde = await subjectIdOf(db, 'wiskunde-b');
  biologie = await subjectIdOf(db, 'biologie');
  const cardOf = async (subjectId: number, n: number) =>
    (await db.select({ id: cards.id }).from(cards).where(eq(cards.subjectId, subjectId)).orderBy(cards.id))[n]!.id;
  const [w1, w2, b1, b2] = [
    await cardOf(wiskunde, 0),
    await cardOf(wiskunde, 1),
    await cardOf(biologie, 0),
    await cardOf(biologie, 1),
  ];
  const start = Date.now() - 60 * DAY;
  const at = (days: number, hours = 0) => new Date(start + days * DAY + hours * 3_600_000);
  const review = (userId: string, cardId: number, rating: number, when: Date) => ({
    userId,
    cardId,
    rating,
    reviewedAt: when,
    elapsedDays: 0,
    stateAfter: 2,
    stabilityAfter: 1,
    difficultyAfter: 5,
    dueAfter: when,
  });
  await db.insert(cardReviews).values([
    // Wiskunde: Goed, three days later recalled (p = 0.8809); another card Opnieuw, ten days later forgotten.
    review(pupil.id, w1, 3, at(0)),
    review(pupil.id, w1, 3, at(3)),
    review(pupil.id, w2, 1, at(0)),
    review(pupil.id, w2, 1, at(10)),
    // Biologie: Goed, then Goed again an hour later (the same day: no prediction).
    review(pupil.id, b1, 3, at(0)),
    review(pupil.id, b1, 3, at(0, 1)),
    // Biologie, a pupil with fitted parameters: a prediction before the fit (day 3), one after it (day 20).
    review(fitted.id, b2, 3, at(0)),
    review(fitted.id, b2, 3, at(3)),
    review(fitted.id, b2, 3, at(20)),
  ]);
  const weights = [
    0.212, 1.2931, 10, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796, 1.4835, 0.0614, 0.2629, 1.6483,
    0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542,
  ];
  await db.insert(fsrsParameters).values({ userId: fitted.id, weights, reviewCount: 2, fittedAt: at(5) });
  // From here the jobs the services queue are kept in memory (the mails above went through the queue).
  jobs = queueJobsInMemory(rt);
}, 60_000);
afterAll(() => rt.close());

describe('a calibration run', () => {
  it('before any run, the report is empty', async () => {
    const report = calibrationReportSchema.parse(await answered(await call(content, 'GET', '/backoffice/calibration')));
    expect(report).toEqual({ latest: null, history: [] });
  });

  it('replays the logs and keeps the figures per subject and together, in three sets', async () => {
    const run = await runCalibration(rt.services, 'nightly');
    expect(run).toMatchObject({ pupils: 2, reviews: 9, trigger: 'nightly' });
    const report = calibrationReportSchema.parse(await answered(await call(content, 'GET', '/backoffice/calibration')));
    const figures = report.latest!.figures;
    const find = (subjectId: number | null, set: string) =>
      figures.find((f) => f.subjectId === subjectId && f.predictions === set);
    // Wiskunde, the pupil alone, by hand: recalled at 0.8809 (Goed, three days on), forgotten at 0.5518.
    const [p1, p2] = [recall(2.3065, 3), recall(0.212, 10)];
    expect(find(wiskunde, 'defaults')).toMatchObject({
      reviews: 2,
      subjectName: expect.stringMatching(/^Wiskunde B havo$/i),
      logLoss: round4(logLoss([p1, true], [p2, false])),
      rmseBins: round4(Math.sqrt(((1 - p1) ** 2 + p2 ** 2) / 2)),
      recalled: 0.5,
    });
    // Biologie: the pupil's same-day review predicted nothing; the fitted pupil's two count with the defaults.
    expect(find(biologie, 'defaults')!.reviews).toBe(2);
    expect(find(null, 'defaults')).toMatchObject({ reviews: 4, subjectName: 'Alle vakken' });
    // The fitted sets: only the review after the fit (day 20), with the pupil's weights and with the defaults.
    const fittedSet = find(null, 'fitted')!;
    const same = find(null, 'defaults_on_fitted')!;
    expect([fittedSet.reviews, same.reviews]).toEqual([1, 1]);
    expect(fittedSet.predicted).toBeGreaterThan(same.predicted); // w2 = 10: a longer first stability
    expect(find(wiskunde, 'fitted')).toBeUndefined();
    expect(report.history).toHaveLength(1);
    expect(report.history[0]!.overall.map((f) => f.predictions)).toEqual(['defaults', 'fitted', 'defaults_on_fitted']);
    // No pupil entered a real CE grade yet: nothing to compare.
    expect(report.latest!.ceBands).toEqual([]);
    expect(report.history[0]!.ceOverall).toEqual([]);
  });

  it('keeps each run: the history grows', async () => {
    await runCalibration(rt.services, 'staff');
    const report = calibrationReportSchema.parse(await answered(await call(content, 'GET', '/backoffice/calibration')));
    expect(report.history.map((run) => run.trigger)).toEqual(['staff', 'nightly']);
    expect(report.latest!.trigger).toBe('staff');
  });

  it('tallies the CE bands against the real CE grades, per basis, per subject and together (ADR 032)', async () => {
    const band = (tenths: number, half: number, basis: 'checks' | 'recall', attempts: number) => ({
      predictedTenths: tenths,
      lowTenths: tenths - half,
      highTenths: tenths + half,
      basis,
      attempts,
    });
    const entry = { predictedBefore: new Date('2027-05-12T07:00:00Z') };
    await rt.database.db.insert(userCeGrades).values([
      // Checks: Wiskunde B 6,0 (4,5–7,5) → 7,0 inside, off 1,0; Biologie 6,5 (5,0–8,0) → 4,0 outside, off 2,5.
      {
        userId: pupil.id,
        level: 'havo',
        subjectKey: 'wiskunde-b',
        ceTenths: 70,
        ...entry,
        ...band(60, 15, 'checks', 2),
      },
      {
        userId: fitted.id,
        level: 'havo',
        subjectKey: 'biologie',
        ceTenths: 40,
        ...entry,
        ...band(65, 15, 'checks', 1),
      },
      // Recall: Biologie 5,5 (3,5–7,5) → 7,5 inside (the edge counts), off 2,0.
      { userId: pupil.id, level: 'havo', subjectKey: 'biologie', ceTenths: 75, ...entry, ...band(55, 20, 'recall', 0) },
      // No prediction before the exam: only counted.
      { userId: fitted.id, level: 'vwo', subjectKey: 'engels', ceTenths: 68, ...entry },
    ]);
    await runCalibration(rt.services, 'staff');
    const report = calibrationReportSchema.parse(await answered(await call(content, 'GET', '/backoffice/calibration')));
    const bands = report.latest!.ceBands;
    expect(bands.filter((f) => f.subject === null)).toEqual([
      {
        basis: 'checks',
        level: null,
        subject: null,
        subjectName: 'Alle vakken',
        grades: 2,
        inside: 1,
        share: 0.5,
        meanAbsError: 1.75,
      },
      {
        basis: 'recall',
        level: null,
        subject: null,
        subjectName: 'Alle vakken',
        grades: 1,
        inside: 1,
        share: 1,
        meanAbsError: 2,
      },
      {
        basis: 'none',
        level: null,
        subject: null,
        subjectName: 'Alle vakken',
        grades: 1,
        inside: null,
        share: null,
        meanAbsError: null,
      },
    ]);
    expect(bands.filter((f) => f.subject !== null).map((f) => [f.subjectName, f.basis, f.grades, f.inside])).toEqual([
      [expect.stringMatching(/^Biologie havo$/i), 'checks', 1, 0],
      [expect.stringMatching(/^Biologie havo$/i), 'recall', 1, 1],
      [expect.stringMatching(/^Engels vwo$/i), 'none', 1, null],
      [expect.stringMatching(/^Wiskunde B havo$/i), 'checks', 1, 1],
    ]);
    // Kept with the run: the history shows them, the run before it had none.
    expect(report.history[0]!.ceOverall.map((f) => [f.basis, f.grades, f.share])).toEqual([
      ['checks', 2, 0.5],
      ['recall', 1, 1],
      ['none', 1, null],
    ]);
    expect(report.history[1]!.ceOverall).toEqual([]);
  });
});

describe('who may see it', () => {
  it('content and admin see it; support gets 403, a pupil 404 and anonymous 401', async () => {
    expect((await refused(await call(support, 'GET', '/backoffice/calibration'), 403)).message).toBe(
      BACKOFFICE_MESSAGES.FORBIDDEN,
    );
    await refused(await call(pupil, 'GET', '/backoffice/calibration'), 404);
    await refused(await call(null, 'GET', '/backoffice/calibration'), 401);
  });

  it('“Nu berekenen” queues a run as staff and writes the audit log', async () => {
    const before = jobs.length;
    const answer = (await answered(await call(content, 'POST', '/backoffice/calibration/runs'), 202)) as {
      queued: boolean;
    };
    expect(answer.queued).toBe(true);
    expect(jobs.slice(before)).toEqual([{ name: CALIBRATE_JOB, payload: { trigger: 'staff' } }]);
    const audit = (await answered(await call(admin, 'GET', '/backoffice/audit?action=calibration.run'))) as {
      entries: { actorUserId: string; after: unknown }[];
    };
    expect(audit.entries).toEqual([expect.objectContaining({ actorUserId: content.id, after: { queued: true } })]);
    await refused(await call(support, 'POST', '/backoffice/calibration/runs'), 403);
  });
});
