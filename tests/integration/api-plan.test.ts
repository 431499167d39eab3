/**
 * The study plan's API (issue 20) on the seeded demo content: GET and PUT /v1/users/me/plan (the minutes a
 * day and the exam dates), GET /v1/users/me/plan/today, DELETE /v1/users/me/subjects/{id}/plan and the review
 * log's download GET /v1/users/me/reviews. Who may use them (401 anonymous or forged, 403 from another site,
 * 409 without an exam year or for a teacher, and one pupil never reads or changes another's plan), the
 * settings' round trip, today's plan after a review and within a small budget, the review log and a subject's
 * reset, and 1,200 generated bodies for PUT (each answered with the exact status its body earns, never 5xx)
 * and 200 generated ids for DELETE. Mastery per topic (GET /v1/users/me/subjects/{id}/mastery) and what next
 * (GET /v1/users/me/plan/next): who may ask, mastery moving with a review and back with a reset, the next step's
 * Dutch forms and today's reviews first, and 1,200 generated ids for the path and the `subjectId` query.
 *
 * One runtime for the file. Each caller has a client address of its own, and every fuzzed request one more
 * (TRUST_PROXY), so the study rule's rate limit (RATE_LIMITS.study) is never reached.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantSubjectAccess } from '#app/modules/cards/db/subjects.server.ts';
import { cardMemory, cardReviews } from '#app/modules/reviews/db/tables.ts';
import { GRADES_MESSAGES } from '#app/modules/grades/index.ts';
import { nextStepSchema, subjectMasterySchema } from '#app/modules/planner/index.ts';
import { cardListSchema, STUDY_MESSAGES } from '#app/modules/cards/index.ts';
import {
  MAX_DAILY_MINUTES,
  MAX_EXAM_DATES,
  MIN_DAILY_MINUTES,
  planResetSchema,
  planSettingsViewSchema,
  todayPlanSchema,
  type NextStepView,
  type PlanSettingsView,
  type TodayPlanView,
} from '#app/modules/planner/schemas/plan.ts';
import { cardReviewResultSchema, reviewLogSchema } from '#app/modules/reviews/schemas/review.ts';
import { addMySubjects } from '#app/modules/checks/server/subjects.server.ts';
import { examYearRange } from '#app/platform/dates.ts';
import { API_MESSAGES, apiErrorSchema } from '#app/platform/schemas/api-error.ts';
import { type Caller, newUser, recordMails } from './accounts.ts';
import {
  chance,
  dutchMessages,
  fieldValue,
  fuzzClient,
  junk,
  mulberry32,
  pick,
  sendGeneratedBodies,
  type BodyMix,
  type Random,
} from './fuzz.ts';
import { answered, apiClient, refused } from './http.ts';
import { cardsOf, firstCardOf, subjectIdOf } from './study-content.ts';
import { createTestRuntime, type TestRuntime } from './test-db.ts';
import { PLANNER_MESSAGES } from '#app/modules/planner/index.ts';
import { REVIEW_MESSAGES } from '#app/modules/reviews/index.ts';

type Rating = 'again' | 'hard' | 'good' | 'easy';
const TIME_ZONE = 'Europe/Amsterdam';
const MAX_ID = 2_147_483_647;

let rt: TestRuntime;
/** A pupil with wiskunde-b havo (full) and biologie havo (light). */
let owner: Caller;
/** A second pupil: wiskunde-b in their list without access, and economie havo (full). */
let other: Caller;
/** A pupil without an exam year; a teacher with one. */
let noYear: Caller;
/** A pupil with wiskunde-b havo (full) whose day's minutes are counted from nothing. */
let timed: Caller;
/** A pupil with wiskunde-b havo (full) who reads cards slowly: their plan's pace comes from their own times. */
let paced: Caller;
let teacher: Caller;
const subject = { full: 0, light: 0, otherOwn: 0 };
/** Learnable cards of wiskunde-b (no sheet, not the corrections card), in reading order; one set per test. */
let learnable: number[] = [];
/** A learnable card of biologie that a light stream opens. */
let lightCard = 0;
const examYear = examYearRange(new Date()).min;

/** Today and a date `days` from it, in Amsterdam, as the server reckons: 'YYYY-MM-DD'. */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(new Date());
function dayFromToday(days: number): string {
  const ms = Date.parse(`${today()}T00:00:00Z`) + days * 86_400_000;
  return new Date(ms).toISOString().slice(0, 10);
}
/** The last day the plan takes: today three years on (as 'YYYY' + 3). */
const latestDate = () => `${Number(today().slice(0, 4)) + 3}${today().slice(4)}`;
const afterLatest = () => {
  const ms = Date.parse(`${latestDate()}T00:00:00Z`);
  return Number.isNaN(ms) ? dayFromToday(4 * 366) : new Date(ms + 86_400_000).toISOString().slice(0, 10);
};
/** "14 mei 2027", as a Dutch note writes a date. */
const dutchDate = (date: string) =>
  new Intl.DateTimeFormat('nl-NL', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );

const nextCard = () => {
  const id = learnable.shift();
  expect(id, 'enough learnable cards').toBeDefined();
  return id!;
};

const call = apiClient(() => rt);

const settingsOf = async (caller: Caller) =>
  planSettingsViewSchema.parse(await answered(await call(caller, 'GET', '/users/me/plan')));
const todayOf = async (caller: Caller) =>
  todayPlanSchema.parse(await answered(await call(caller, 'GET', '/users/me/plan/today')));
const logOf = async (caller: Caller) =>
  reviewLogSchema.parse(await answered(await call(caller, 'GET', '/users/me/reviews')));
const putPlan = (caller: Caller | null, body: unknown, headers?: Record<string, string | null>) =>
  call(caller, 'PUT', '/users/me/plan', body, headers);
const saved = async (caller: Caller, body: unknown) =>
  planSettingsViewSchema.parse(await answered(await putPlan(caller, body)));
const resetPlan = (caller: Caller | null, subjectId: number | string, headers?: Record<string, string | null>) =>
  call(caller, 'DELETE', `/users/me/subjects/${subjectId}/plan`, undefined, headers);

async function reviewed(caller: Caller, cardId: number, rating: Rating, secondsSpent?: number) {
  const body = secondsSpent === undefined ? { rating } : { rating, secondsSpent };
  return cardReviewResultSchema.parse(
    await answered(await call(caller, 'POST', `/users/me/cards/${cardId}/reviews`, body), 201),
  );
}

/** Twenty minutes pass for a card rated Opnieuw just now: FSRS's ten-minute step is over, it is due again. */
async function stepOver(userId: string, cardId: number) {
  await rt.database.db
    .update(cardMemory)
    .set({ due: sql`due - interval '20 minutes'`, lastReview: sql`last_review - interval '20 minutes'` })
    .where(and(eq(cardMemory.userId, userId), eq(cardMemory.cardId, cardId)));
}

const subjectIn = (view: Pick<PlanSettingsView, 'subjects'>, id: number) => {
  const found = view.subjects.find((entry) => entry.subject.id === id);
  expect(found, `subject ${id} in the plan`).toBeDefined();
  return found!;
};

async function storedLog(userId: string) {
  return rt.database.db.select().from(cardReviews).where(eq(cardReviews.userId, userId)).orderBy(asc(cardReviews.id));
}

const masteryUrl = (subjectId: number | string) => `/users/me/subjects/${subjectId}/mastery`;
const nextUrl = (subjectId?: number | string) =>
  subjectId === undefined ? '/users/me/plan/next' : `/users/me/plan/next?subjectId=${subjectId}`;
const masteryOf = async (caller: Caller, subjectId: number) =>
  subjectMasterySchema.parse(await answered(await call(caller, 'GET', masteryUrl(subjectId))));
const nextOf = async (caller: Caller, subjectId?: number) =>
  nextStepSchema.parse(await answered(await call(caller, 'GET', nextUrl(subjectId))));

const AREA = '/mijnslaagbundel';
/** The mastery levels, lowest first, with their Dutch names. */
const LEVELS = [
  ['nieuw', 'Nog niet begonnen'],
  ['geoefend', 'Geoefend'],
  ['bekend', 'Bekend'],
  ['vaardig', 'Vaardig'],
  ['beheerst', 'Beheerst'],
] as const;

type Step = NextStepView['best'];
/** The Dutch form of each kind of step; the first group is the number of cards, the second its noun. */
const STEP_FORMS: Record<Step['kind'], RegExp> = {
  review: /^Herhaal (\d+) (kaart|kaarten) \(±\d+ min\)$/,
  'new-cards': /^Lees (\d+) nieuwe (kaart|kaarten) over \S.*$/,
  'check-topics': /^Oefen \S.*$/,
  'exam-check': /^Maak de examencheck \S.*$/,
  done: /^(?:Je bent klaar voor vandaag|Er staat vandaag niets voor je klaar)$/,
};

/** A step as a client shows it: Dutch text of its kind's form, a one-sentence reason, a link into the area. */
function expectDutchStep(step: Step, label: string) {
  const where = `${label}: ${JSON.stringify(step)}`;
  const form = STEP_FORMS[step.kind].exec(step.text);
  expect(form, where).not.toBeNull();
  if (form?.[1] !== undefined) {
    expect(Number(form[1]), where).toBeGreaterThan(0);
    expect(form[2], where).toBe(Number(form[1]) === 1 ? 'kaart' : 'kaarten');
  }
  expect(step.reason, where).toMatch(/^[A-Z][^\n]*\.$/);
  expect(step.minutes, where).toBeGreaterThanOrEqual(step.kind === 'done' ? 0 : 1);
  expect(Number.isFinite(step.gainPerMinute) && step.gainPerMinute >= 0, where).toBe(true);
  // Today's reviews as a session (issue 34) over the area home (its subject in the query) or the subject's page.
  if (step.kind === 'review')
    expect(step.href, where).toMatch(/^\/mijnslaagbundel\/(herhalen\?vak=\d+|\d+\/[a-z-]+\/herhalen)$/);
  else if (step.kind !== 'done') expect(step.href.startsWith(`${AREA}/${step.subject?.id}/`), where).toBe(true);
  if (step.kind === 'exam-check') expect(step.href, where).toMatch(/\/examencheck\/\d+$/);
  if (step.kind !== 'done') expect(step.subject, where).not.toBeNull();
}

/** The answer's best step is its first candidate; after today's reviews, the rest by gain per minute. */
function expectRanked(view: NextStepView, label: string) {
  expect(view.candidates.length, label).toBeLessThanOrEqual(5);
  if (view.candidates.length) expect(view.candidates[0], label).toEqual(view.best);
  else expect(view.best.kind, label).toBe('done');
  const rest = view.candidates.filter((step) => step.kind !== 'review').map((step) => step.gainPerMinute);
  expect(rest, label).toEqual([...rest].sort((a, b) => b - a));
  for (const step of [view.best, ...view.candidates]) expectDutchStep(step, label);
}

beforeAll(async () => {
  rt = await createTestRuntime({ env: { TRUST_PROXY: '1' } });
  const { db } = rt.database;
  subject.full = await subjectIdOf(db, 'wiskunde-b');
  subject.light = await subjectIdOf(db, 'biologie');
  subject.otherOwn = await subjectIdOf(db, 'economie');
  const mails = recordMails(rt);
  owner = await newUser(rt, mails, 'sanne.planning@example.nl');
  other = await newUser(rt, mails, 'daan.planning@example.nl');
  noYear = await newUser(rt, mails, 'fenna.planning@example.nl');
  teacher = await newUser(rt, mails, 'meneer.planning@example.nl');
  timed = await newUser(rt, mails, 'tijd.planning@example.nl');
  paced = await newUser(rt, mails, 'tempo.planning@example.nl');
  for (const [caller, update] of [
    [owner, { examYear }],
    [timed, { examYear }],
    [paced, { examYear }],
    [other, { examYear }],
    [teacher, { educationRole: 'teacher', examYear }],
  ] as const) {
    expect((await call(caller, 'PATCH', '/users/me', update)).status).toBe(200);
  }
  await addMySubjects(rt.services, owner.id, [subject.full, subject.light]);
  await grantSubjectAccess(db, { userId: owner.id, subjectId: subject.full, stream: 'full', source: 'demo' });
  await grantSubjectAccess(db, { userId: owner.id, subjectId: subject.light, stream: 'light', source: 'demo' });
  await addMySubjects(rt.services, other.id, [subject.full, subject.otherOwn]);
  await grantSubjectAccess(db, { userId: other.id, subjectId: subject.otherOwn, stream: 'full', source: 'demo' });
  for (const caller of [noYear, teacher, timed, paced]) {
    await addMySubjects(rt.services, caller.id, [subject.full]);
    await grantSubjectAccess(db, { userId: caller.id, subjectId: subject.full, stream: 'full', source: 'demo' });
  }

  // The cards the plan schedules: what GET /subject/{id} calls the corrections card and the sheets are not.
  learnable = (await cardsOf(rt, owner, subject.full)).learnable;
  lightCard = await firstCardOf(db, subject.light, { light: true });
});

afterAll(async () => {
  await rt?.close();
});

describe('who may use the plan', () => {
  const ENDPOINTS: [string, string, unknown][] = [
    ['GET', '/users/me/plan', undefined],
    ['PUT', '/users/me/plan', { dailyMinutes: 30 }],
    ['GET', '/users/me/plan/today', undefined],
    ['DELETE', '/users/me/subjects/{full}/plan', undefined],
    ['GET', '/users/me/reviews', undefined],
  ];
  const url = (path: string) => path.replace('{full}', String(subject.full));

  it.each(ENDPOINTS)('%s %s: anonymous or with a forged session cookie, 401', async (method, path, body) => {
    const nobody: Record<string, string | null>[] = [{}, { cookie: 'slaagbundel.session_token=forged.value' }];
    for (const headers of nobody) {
      const error = await refused(await call(null, method, url(path), body, headers), 401);
      expect(error).toMatchObject({ status: 401, error: 'unauthorized', message: API_MESSAGES.UNAUTHORIZED });
    }
  });

  it.each(ENDPOINTS)('%s %s: the owner, 200', async (method, path, body) => {
    const answer = await answered(await call(owner, method, url(path), body));
    const schema = {
      '/users/me/plan': planSettingsViewSchema,
      '/users/me/plan/today': todayPlanSchema,
      '/users/me/subjects/{full}/plan': planResetSchema,
      '/users/me/reviews': reviewLogSchema,
    }[path]!;
    expect(schema.safeParse(answer).success, JSON.stringify(answer).slice(0, 300)).toBe(true);
  });

  it('a write from another site: 403, nothing changed', async () => {
    await reviewed(owner, nextCard(), 'good', 10);
    const before = await settingsOf(owner);
    const log = await logOf(owner);
    const otherSite: Record<string, string | null>[] = [
      { origin: 'https://example.com' },
      // Without Origin, a cross-site Sec-Fetch-Site is refused as well.
      { origin: null, 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of otherSite) {
      const put = await refused(
        await putPlan(owner, { dailyMinutes: before.dailyMinutes === 90 ? 91 : 90, examDates: [] }, headers),
        403,
      );
      expect(put).toMatchObject({ status: 403, error: 'forbidden_origin', message: API_MESSAGES.FORBIDDEN_ORIGIN });
      const del = await refused(await resetPlan(owner, subject.full, headers), 403);
      expect(del).toMatchObject({ status: 403, error: 'forbidden_origin', message: API_MESSAGES.FORBIDDEN_ORIGIN });
    }
    expect(await settingsOf(owner)).toEqual(before);
    expect((await logOf(owner)).reviews).toEqual(log.reviews);
  });

  it('no exam year, or a teacher: 409 for the settings and today, with the Dutch reason', async () => {
    for (const caller of [noYear, teacher]) {
      for (const [method, path, body] of [
        ['GET', '/users/me/plan', undefined],
        ['PUT', '/users/me/plan', { dailyMinutes: 30 }],
        ['GET', '/users/me/plan/today', undefined],
      ] as const) {
        const error = await refused(await call(caller, method, path, body), 409);
        expect(error).toEqual({ status: 409, error: 'conflict', message: PLANNER_MESSAGES.PLAN_NO_EXAM_YEAR });
      }
      // Their review log and a reset are theirs all the same.
      expect((await logOf(caller)).reviews).toEqual([]);
      expect(planResetSchema.parse(await answered(await resetPlan(caller, subject.full)))).toMatchObject({
        subjectId: subject.full,
        reviewsDeleted: 0,
      });
    }
    // A bad body is still a bad body (400) before the exam year is looked at.
    await refused(await putPlan(noYear, { dailyMinutes: 1 }), 400);
  });

  it('a second pupil never reads or changes the first one’s plan', async () => {
    const cardId = nextCard();
    await reviewed(owner, cardId, 'easy', 30);
    const mine = await saved(owner, {
      dailyMinutes: 45,
      examDates: [{ subjectId: subject.full, date: dayFromToday(100) }],
    });
    const myLog = await logOf(owner);
    expect(myLog.reviews.map((row) => row.cardId)).toContain(cardId);

    // The other pupil's settings are their own: the defaults, their subjects only.
    const theirs = await settingsOf(other);
    expect(theirs.dailyMinutes).toBe(theirs.defaultMinutes);
    expect(theirs.subjects.map((entry) => entry.subject.id)).toEqual([subject.otherOwn]);
    // Their write changes theirs, not mine — also for wiskunde-b, which both have in their list.
    const changed = await saved(other, {
      dailyMinutes: 10,
      examDates: [
        { subjectId: subject.full, date: dayFromToday(50) },
        { subjectId: subject.otherOwn, date: dayFromToday(60) },
      ],
    });
    expect(changed.dailyMinutes).toBe(10);
    expect(subjectIn(changed, subject.otherOwn).examDate).toMatchObject({ date: dayFromToday(60), source: 'pupil' });
    // A subject only I have is none of theirs: 400 on the entry, nothing stored.
    const error = await refused(
      await putPlan(other, { dailyMinutes: 15, examDates: [{ subjectId: subject.light, date: dayFromToday(70) }] }),
      400,
    );
    expect(error.fieldErrors).toEqual({ 'examDates.0.subjectId': [PLANNER_MESSAGES.PLAN_SUBJECT] });
    expect((await settingsOf(other)).dailyMinutes).toBe(10);
    expect(await settingsOf(owner)).toEqual(mine);
    expect(subjectIn(await settingsOf(owner), subject.full).examDate.date).toBe(dayFromToday(100));

    // My review log is not in their download; their today is not built from my memory.
    const theirLog = await logOf(other);
    expect(theirLog.reviews).toEqual([]);
    const theirToday = await todayOf(other);
    expect(theirToday.reviewedToday).toBe(0);
    expect(theirToday.spentMinutes).toBe(0);
    expect([...theirToday.reviews, ...theirToday.newCards].every((card) => card.subject.id === subject.otherOwn)).toBe(
      true,
    );

    // A reset of a subject they do not have: 404; of one they have as well: only their own (none) goes.
    const notTheirs = await refused(await resetPlan(other, subject.light), 404);
    expect(notTheirs).toEqual({ status: 404, error: 'not_found', message: PLANNER_MESSAGES.PLAN_SUBJECT });
    expect(planResetSchema.parse(await answered(await resetPlan(other, subject.full)))).toMatchObject({
      subjectId: subject.full,
      reviewsDeleted: 0,
    });
    expect((await logOf(owner)).reviews).toEqual(myLog.reviews);
    expect(await settingsOf(owner)).toEqual(mine);
  });
});

describe('the settings: minutes a day and exam dates', () => {
  it('round trip: minutes and a date of the pupil’s own, then back to the estimate with null or no date', async () => {
    // Start from no dates of the pupil's own.
    const start = await saved(owner, {
      examDates: [
        { subjectId: subject.full, date: null },
        { subjectId: subject.light, date: null },
      ],
    });
    for (const entry of start.subjects) {
      expect(['timetable', 'estimate']).toContain(entry.examDate.source);
      expect(entry.examDate.date.startsWith(String(examYear))).toBe(true);
      // An estimate says it is one, and which day it plans to.
      if (entry.examDate.source === 'estimate') expect(entry.examDate.note).toContain(dutchDate(entry.examDate.date));
      expect(entry.cards).toBeGreaterThan(0);
    }
    const estimate = subjectIn(start, subject.full).examDate;
    const date = dayFromToday(40);

    const answer = await saved(owner, { dailyMinutes: 35, examDates: [{ subjectId: subject.full, date }] });
    const read = await settingsOf(owner);
    expect(read).toEqual(answer);
    expect(read).toMatchObject({ examYear, dailyMinutes: 35, defaultMinutes: 20 });
    expect(subjectIn(read, subject.full)).toMatchObject({
      examDate: { date, source: 'pupil' },
      daysLeft: 40,
      afterExam: false,
    });
    expect(subjectIn(read, subject.light).examDate).toEqual(subjectIn(start, subject.light).examDate);

    // null: back to the timetable's date or the estimate; the minutes, not given, stay.
    const cleared = await saved(owner, { examDates: [{ subjectId: subject.full, date: null }] });
    expect(cleared.dailyMinutes).toBe(35);
    expect(subjectIn(cleared, subject.full).examDate).toEqual(estimate);
    // No date at all does the same.
    await saved(owner, { examDates: [{ subjectId: subject.full, date }] });
    expect(subjectIn(await saved(owner, { examDates: [{ subjectId: subject.full }] }), subject.full).examDate).toEqual(
      estimate,
    );
    // An empty body changes nothing.
    expect(await saved(owner, {})).toEqual(await settingsOf(owner));
    expect((await settingsOf(owner)).dailyMinutes).toBe(35);
  });

  it('dates from today to three years on; a bad entry stores nothing of the write', async () => {
    const before = await saved(owner, { dailyMinutes: 30, examDates: [{ subjectId: subject.full, date: null }] });
    for (const [date, field, message] of [
      [dayFromToday(-1), 'examDates.0.date', PLANNER_MESSAGES.EXAM_DATE_RANGE],
      [afterLatest(), 'examDates.0.date', PLANNER_MESSAGES.EXAM_DATE_RANGE],
      ['2027-02-30', 'examDates.0.date', PLANNER_MESSAGES.EXAM_DATE],
      ['14-05-2027', 'examDates.0.date', PLANNER_MESSAGES.EXAM_DATE],
      ['', 'examDates.0.date', PLANNER_MESSAGES.EXAM_DATE],
    ] as const) {
      const error = await refused(
        await putPlan(owner, { dailyMinutes: 60, examDates: [{ subjectId: subject.full, date }] }),
        400,
      );
      // (A date like 14-05-2027 fails two rules with the same message: once is enough to read.)
      expect(Object.keys(error.fieldErrors ?? {}), date).toEqual([field]);
      expect(new Set(error.fieldErrors?.[field]), date).toEqual(new Set([message]));
      expect(error.error).toBe('validation_failed');
    }
    // The second entry is bad: the first is not stored either, nor the minutes.
    const error = await refused(
      await putPlan(owner, {
        dailyMinutes: 60,
        examDates: [
          { subjectId: subject.full, date: dayFromToday(10) },
          { subjectId: subject.light, date: dayFromToday(-3) },
        ],
      }),
      400,
    );
    expect(error.fieldErrors).toEqual({ 'examDates.1.date': [PLANNER_MESSAGES.EXAM_DATE_RANGE] });
    expect(await settingsOf(owner)).toEqual(before);

    for (const date of [today(), latestDate()]) {
      const view = await saved(owner, { examDates: [{ subjectId: subject.full, date }] });
      expect(subjectIn(view, subject.full).examDate).toMatchObject({ date, source: 'pupil' });
    }
    await saved(owner, { examDates: [{ subjectId: subject.full, date: null }] });
  });

  it('minutes a day: a whole number from 5 to 240', async () => {
    for (const minutes of [MIN_DAILY_MINUTES, MAX_DAILY_MINUTES, 20]) {
      expect((await saved(owner, { dailyMinutes: minutes })).dailyMinutes).toBe(minutes);
    }
    // Each way to be wrong says what to change: out of range, a fraction, no number.
    const cases = [
      [4, PLANNER_MESSAGES.DAILY_MINUTES],
      [241, PLANNER_MESSAGES.DAILY_MINUTES],
      [-5, PLANNER_MESSAGES.DAILY_MINUTES],
      [0, PLANNER_MESSAGES.DAILY_MINUTES],
      [20.5, PLANNER_MESSAGES.DAILY_MINUTES_NOT_WHOLE],
      ['20', PLANNER_MESSAGES.DAILY_MINUTES_NOT_A_NUMBER],
      ['12,5', PLANNER_MESSAGES.DAILY_MINUTES_NOT_A_NUMBER],
      [null, PLANNER_MESSAGES.DAILY_MINUTES_NOT_A_NUMBER],
    ] as const;
    for (const [minutes, message] of cases) {
      const error = await refused(await putPlan(owner, { dailyMinutes: minutes }), 400);
      expect(error.fieldErrors, String(minutes)).toEqual({ dailyMinutes: [message] });
    }
    expect((await settingsOf(owner)).dailyMinutes).toBe(20);
  });

  it('the same subject twice in one write: the last entry counts (200), never a 500', async () => {
    const reported = rt.reported.length;
    const res = await putPlan(owner, {
      examDates: [
        { subjectId: subject.full, date: dayFromToday(30) },
        { subjectId: subject.full, date: dayFromToday(31) },
      ],
    });
    const text = await res.text();
    expect(res.status, text.slice(0, 300)).toBe(200);
    expect(rt.reported.slice(reported)).toEqual([]);
    expect(subjectIn(planSettingsViewSchema.parse(JSON.parse(text)), subject.full).examDate.date).toBe(
      dayFromToday(31),
    );
    await saved(owner, { examDates: [{ subjectId: subject.full, date: null }] });
  });
});

describe('today’s plan', () => {
  it('a review counts for today: reviewed, minutes spent, and the card is no new card any more', async () => {
    await saved(owner, { dailyMinutes: 60, examDates: [{ subjectId: subject.full, date: null }] });
    const before = await todayOf(owner);
    expect(before).toMatchObject({ date: today(), budgetMinutes: 60 });
    const [known, read] = [nextCard(), nextCard()];
    await reviewed(owner, known, 'easy', 60);
    const first = await reviewed(owner, read, 'good', 60);
    // FSRS's own learning step may bring a card read with Goed back later today: it is a review again once that
    // step is over, not before ("komt terug over 10 minuten" is true).
    expect(new Date(first.due).getTime()).toBeGreaterThan(Date.now());
    const after = await todayOf(owner);
    expect(after.reviewedToday).toBe(before.reviewedToday + 2);
    expect(after.spentMinutes).toBeGreaterThanOrEqual(before.spentMinutes + 2);
    expect(after.spentMinutes).toBeGreaterThanOrEqual(1);
    const newIds = after.newCards.map((card) => card.cardId);
    const reviewIds = after.reviews.map((card) => card.cardId);
    // Known for days: neither reviewed again today nor new.
    expect(reviewIds).not.toContain(known);
    expect(newIds).not.toContain(known);
    expect(newIds).not.toContain(read);
    expect(reviewIds, first.due).not.toContain(read);
    // What is left of the minutes is planned, no more.
    expect(after.minutes).toBeLessThanOrEqual(Math.max(0, 60 - after.spentMinutes + 1));
    expect(subjectIn(after, subject.full).unseen).toBe(subjectIn(before, subject.full).unseen - 2);
  });

  it('the day’s minutes come from the measured times: each review’s seconds, at most 120; an untimed one counts none', async () => {
    const before = await todayOf(timed);
    expect(before).toMatchObject({ reviewedToday: 0, spentMinutes: 0, budgetMinutes: 20 });
    const [a, b, c, d] = (await cardsOf(rt, timed, subject.full)).learnable;
    await reviewed(timed, a!, 'good', 45);
    await reviewed(timed, b!, 'good', 75);
    // Half an hour is someone who looked away: it counts 120 seconds, as FSRS tools cap it (ADR 030).
    await reviewed(timed, c!, 'easy', 1800);
    await reviewed(timed, d!, 'hard');
    const measured = 45 + 75 + 120;
    const after = await todayOf(timed);
    expect(after.reviewedToday).toBe(4);
    // Not four times a per-card estimate (their mean of 80 seconds would make 6 minutes): the sum, rounded up.
    expect(after.spentMinutes).toBe(Math.ceil(measured / 60));
    // The log keeps what was sent; the day counts each review's seconds up to the cap.
    expect((await storedLog(timed.id)).map((row) => row.secondsSpent)).toEqual([45, 75, 1800, null]);
    // What is left of the 20 minutes is planned, no more.
    expect(after.minutes).toBeLessThanOrEqual(Math.ceil(20 - measured / 60));
  });

  it('plans a first read at the pupil’s own pace for first reads, not at twice their pace for reviews', async () => {
    const [a, b] = (await cardsOf(rt, paced, subject.full)).learnable;
    // Two first reads of 90 seconds each, known at once: learned, not due again for days.
    await reviewed(paced, a!, 'easy', 90);
    await reviewed(paced, b!, 'easy', 90);
    const plan = await todayOf(paced);
    expect(plan.reviews).toEqual([]);
    expect(plan.newCards.length).toBeGreaterThan(0);
    expect(plan.leftOut).toEqual({ reviews: 0, newCards: 0 });
    // Each new card at their 90 seconds of a first read (not 180: twice the 90 of all their timed cards).
    expect(plan.minutes).toBe(Math.ceil((plan.newCards.length * 90) / 60));
  });

  it('5 minutes a day and an exam tomorrow: at most 5 minutes planned, and the notice says what is left out', async () => {
    const tomorrow = dayFromToday(1);
    const view = await saved(owner, { dailyMinutes: 5, examDates: [{ subjectId: subject.full, date: tomorrow }] });
    const full = subjectIn(view, subject.full);
    expect(full).toMatchObject({ daysLeft: 1, afterExam: false, examDate: { date: tomorrow, source: 'pupil' } });
    // In the last week every card not yet read is due.
    expect(full.newPerDay).toBe(full.unseen);
    expect(full.unseen).toBeGreaterThan(3);

    const plan: TodayPlanView = await todayOf(owner);
    expect(plan.budgetMinutes).toBe(5);
    expect(plan.minutes).toBeLessThanOrEqual(5);
    const leftOut = plan.leftOut.reviews + plan.leftOut.newCards;
    expect(leftOut).toBeGreaterThan(0);
    expect(plan.notice).toMatch(/^Vandaag past niet alles in je 5 minuten: /);
    if (plan.leftOut.newCards > 0) expect(plan.notice).toContain(`${plan.leftOut.newCards} nieuwe kaart`);
    if (plan.leftOut.reviews > 0) expect(plan.notice).toContain(`${plan.leftOut.reviews} herhaling`);
    expect(plan.notice).toMatch(/Met \d+ minuten per dag past je planning wel\.$/);
  });

  it('once the day’s minutes are used, nothing more is planned and the notice says what moves to tomorrow', async () => {
    const tomorrow = dayFromToday(1);
    await saved(owner, { dailyMinutes: 5, examDates: [{ subjectId: subject.full, date: tomorrow }] });
    let plan: TodayPlanView = await todayOf(owner);
    // Spend what is left of the 5 minutes (and a little more) on cards of the plan.
    for (let spent = plan.spentMinutes; spent <= 5; spent += 2) {
      const card = plan.reviews[0]?.cardId ?? plan.newCards[0]?.cardId ?? nextCard();
      await reviewed(owner, card, 'easy', 120);
      plan = await todayOf(owner);
    }
    expect(plan.spentMinutes).toBeGreaterThanOrEqual(5);
    expect(plan.reviews).toEqual([]);
    expect(plan.newCards).toEqual([]);
    expect(plan.minutes).toBe(0);
    expect(plan.leftOut.reviews + plan.leftOut.newCards).toBeGreaterThan(0);
    expect(plan.notice).toMatch(/^Je 5 minuten van vandaag zitten erop: .* door naar morgen\.$/);
    await saved(owner, { dailyMinutes: 60, examDates: [{ subjectId: subject.full, date: null }] });
  });

  it('an exam today: nothing new for that subject after its morning', async () => {
    const view = await saved(owner, { dailyMinutes: 60, examDates: [{ subjectId: subject.full, date: today() }] });
    const full = subjectIn(view, subject.full);
    expect(full.daysLeft).toBe(0);
    // The exam morning is 9:00 in Amsterdam.
    const hour = Number(
      new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, hour: 'numeric', hourCycle: 'h23' }).format(new Date()),
    );
    expect(full.afterExam).toBe(hour >= 9);
    if (full.afterExam) {
      expect(full.newPerDay).toBe(0);
      const plan = await todayOf(owner);
      expect([...plan.reviews, ...plan.newCards].filter((card) => card.subject.id === subject.full)).toEqual([]);
    }
    await saved(owner, { examDates: [{ subjectId: subject.full, date: null }] });
  });
});

describe('the review log and a subject’s reset', () => {
  it('lists the reviews oldest first; a reset deletes the subject’s and makes its cards new again', async () => {
    // Start this subject over, so the log holds only what this test gives.
    await answered(await resetPlan(owner, subject.full));
    await answered(await resetPlan(owner, subject.light));
    const [first, second] = [nextCard(), nextCard()];
    const started = Date.now();
    await reviewed(owner, first, 'good', 40);
    await reviewed(owner, second, 'hard', 12);
    await reviewed(owner, first, 'again');
    await reviewed(owner, lightCard, 'easy', 5);

    const res = await call(owner, 'GET', '/users/me/reviews');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.json"$/);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const log = reviewLogSchema.parse(await res.json());
    expect(Date.parse(log.exportedAt)).toBeGreaterThanOrEqual(started);
    expect(log.reviews.map((row) => [row.cardId, row.rating, row.secondsSpent])).toEqual([
      [first, 'good', 40],
      [second, 'hard', 12],
      [first, 'again', null],
      [lightCard, 'easy', 5],
    ]);
    const times = log.reviews.map((row) => Date.parse(row.reviewedAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(log.reviews[0]!.before).toBeNull();
    expect(log.reviews[2]!.before).toEqual({
      state: log.reviews[0]!.after.state,
      stability: log.reviews[0]!.after.stability,
      difficulty: log.reviews[0]!.after.difficulty,
    });

    const before = await settingsOf(owner);
    expect(subjectIn(before, subject.full).unseen).toBe(subjectIn(before, subject.full).cards - 2);
    const reset = planResetSchema.parse(await answered(await resetPlan(owner, subject.full)));
    expect(reset).toMatchObject({ subjectId: subject.full, reviewsDeleted: 3 });
    expect(reset.message).toBe(PLANNER_MESSAGES.PLAN_RESET(subjectIn(before, subject.full).subject.name, 3));

    // Only the other subject's review is left; the subject's cards are all unseen again.
    expect((await logOf(owner)).reviews.map((row) => row.cardId)).toEqual([lightCard]);
    expect((await storedLog(owner.id)).map((row) => row.cardId)).toEqual([lightCard]);
    const after = await settingsOf(owner);
    expect(subjectIn(after, subject.full).unseen).toBe(subjectIn(after, subject.full).cards);
    expect(subjectIn(after, subject.light)).toEqual(subjectIn(before, subject.light));
    const plan = await todayOf(owner);
    expect(plan.reviews.map((card) => card.cardId)).not.toContain(first);
    // Once more: nothing left to delete.
    expect(planResetSchema.parse(await answered(await resetPlan(owner, subject.full))).reviewsDeleted).toBe(0);
  });
});

describe('mastery and what next: who may ask', () => {
  const ASKS: [string, (subjectId: number) => string][] = [
    ['GET /users/me/subjects/{id}/mastery', masteryUrl],
    ['GET /users/me/plan/next?subjectId={id}', nextUrl],
  ];

  it.each(ASKS)('%s: anonymous or with a forged session cookie, 401', async (_name, url) => {
    const nobody: Record<string, string | null>[] = [{}, { cookie: 'slaagbundel.session_token=forged.value' }];
    for (const headers of nobody) {
      for (const path of [url(subject.full), url(subject.light), nextUrl()]) {
        const error = await refused(await call(null, 'GET', path, undefined, headers), 401);
        expect(error, path).toEqual({ status: 401, error: 'unauthorized', message: API_MESSAGES.UNAUTHORIZED });
      }
    }
  });

  it.each(ASKS)('%s: a subject that is not the pupil’s own (with access), 404', async (_name, url) => {
    for (const [caller, subjectId] of [
      // The first pupil's only; in the second one's list without access; the second one's own, for the first.
      [other, subject.light],
      [other, subject.full],
      [owner, subject.otherOwn],
    ] as const) {
      const error = await refused(await call(caller, 'GET', url(subjectId)), 404);
      expect(error).toEqual({ status: 404, error: 'not_found', message: PLANNER_MESSAGES.PLAN_SUBJECT });
    }
  });

  it.each(ASKS)('%s: the owner, 200 in the published shape', async (_name, url) => {
    const schema = url === masteryUrl ? subjectMasterySchema : nextStepSchema;
    for (const subjectId of [subject.full, subject.light]) {
      const answer = await answered(await call(owner, 'GET', url(subjectId)));
      const parsed = schema.safeParse(answer);
      expect(parsed.success, `${JSON.stringify(parsed.error?.issues)} ${JSON.stringify(answer).slice(0, 300)}`).toBe(
        true,
      );
    }
    // And the second pupil's own subject, for them.
    expect(schema.safeParse(await answered(await call(other, 'GET', url(subject.otherOwn)))).success).toBe(true);
  });

  it('no exam year, or a teacher: 409 with the Dutch reason; a bad id is a 400 all the same', async () => {
    for (const caller of [noYear, teacher]) {
      for (const path of [masteryUrl(subject.full), nextUrl(subject.full), nextUrl(), masteryUrl(subject.light)]) {
        const error = await refused(await call(caller, 'GET', path), 409);
        expect(error, path).toEqual({ status: 409, error: 'conflict', message: PLANNER_MESSAGES.PLAN_NO_EXAM_YEAR });
      }
      expect((await refused(await call(caller, 'GET', masteryUrl('abc')), 400)).fieldErrors).toEqual({
        id: [STUDY_MESSAGES.UNKNOWN_SUBJECT],
      });
      expect((await refused(await call(caller, 'GET', nextUrl('abc')), 400)).fieldErrors).toEqual({
        subjectId: [STUDY_MESSAGES.UNKNOWN_SUBJECT],
      });
    }
  });
});

describe('mastery per topic', () => {
  it('the five levels with their definitions; each topic in its level, the weights summing to 1', async () => {
    const settings = await settingsOf(owner);
    for (const subjectId of [subject.full, subject.light]) {
      const view = await masteryOf(owner, subjectId);
      expect(view.subject).toEqual({
        id: subjectId,
        name: subjectIn(settings, subjectId).subject.name,
        slug: subjectIn(settings, subjectId).subject.slug,
      });
      expect(view.examDate).toEqual(subjectIn(settings, subjectId).examDate);
      expect(view.levels.map((level) => [level.level, level.label])).toEqual(LEVELS.map((level) => [...level]));
      for (const level of view.levels) expect(level.definition).toMatch(/^Je .+\.$/);
      expect(view.topics.length).toBeGreaterThan(0);
      expect(new Set(view.topics.map((topic) => topic.id)).size).toBe(view.topics.length);
      for (const topic of view.topics) {
        const label = `${subjectId}: ${JSON.stringify(topic)}`;
        expect(topic.label, label).toBe(LEVELS.find(([level]) => level === topic.level)![1]);
        expect(topic.cardsSeen, label).toBeLessThanOrEqual(topic.cards);
        expect(topic.level === 'nieuw', label).toBe(topic.cardsSeen === 0 && topic.checkShare === null);
        expect(topic.recallOnExam, label).toBeLessThanOrEqual(topic.recallNow + 1e-9);
        if (topic.cardsSeen === 0) expect([topic.recallNow, topic.recallOnExam], label).toEqual([0, 0]);
      }
      const weights = view.topics.reduce((sum, topic) => sum + topic.weight, 0);
      expect(weights).toBeCloseTo(1, 9);
      // Issue 34: a topic's cards are the topic's cards as the subject's card list counts them (a card counts
      // in each of its topics), and each reason is one Dutch sentence.
      const list = cardListSchema.parse(await answered(await call(owner, 'GET', `/subject/${subjectId}/cards`)));
      const listed = new Map(list.availableTopics.map((topic) => [topic.id, topic.totalLearnableCards]));
      for (const topic of view.topics.filter((entry) => entry.cards > 0)) {
        expect(topic.cards, `${topic.name}`).toBe(listed.get(topic.id));
        expect(topic.reason, topic.name).toMatch(/^[A-Z].*\.$/);
      }
      expect(view.topics.reduce((sum, topic) => sum + topic.cards, 0)).toBeGreaterThanOrEqual(
        subjectIn(settings, subjectId).cards,
      );
    }
  });

  it('moves with evidence: new until a card of the topic is reviewed, then seen and practised; new again after a reset', async () => {
    await saved(owner, { dailyMinutes: 60, examDates: [{ subjectId: subject.full, date: null }] });
    await answered(await resetPlan(owner, subject.full));
    const before = await masteryOf(owner, subject.full);
    // After the reset nothing of the subject is seen: every topic with cards is new.
    for (const topic of before.topics.filter((entry) => entry.cards > 0))
      expect(topic, JSON.stringify(topic)).toMatchObject({
        level: 'nieuw',
        label: 'Nog niet begonnen',
        cardsSeen: 0,
        score: 0,
        recallNow: 0,
        recallOnExam: 0,
        checkShare: null,
      });

    // Review a card of one topic: its topic, and only its topic, moves (a card of several topics moves each).
    const list = cardListSchema.parse(await answered(await call(owner, 'GET', `/subject/${subject.full}/cards`)));
    const topicsOf = (id: number) => list.cards.find((card) => card.id === id)?.topics.map((t) => t.id) ?? [];
    let cardId = nextCard();
    while (topicsOf(cardId).length !== 1) cardId = nextCard();
    await reviewed(owner, cardId, 'good', 30);
    const after = await masteryOf(owner, subject.full);
    const moved = after.topics.filter((entry) => entry.cardsSeen > 0);
    expect(
      moved.map((entry) => entry.id),
      `card ${cardId}: ${JSON.stringify(moved)}`,
    ).toEqual(topicsOf(cardId));
    const topic = moved[0]!;
    const topicId = topic.id;
    const topicBefore = before.topics.find((entry) => entry.id === topicId);
    expect(topicBefore).toMatchObject({ level: 'nieuw', cardsSeen: 0 });
    expect(topic.cardsSeen).toBe(1);
    expect(topic.cards).toBe(topicBefore!.cards);
    expect(topic.level).not.toBe('nieuw');
    expect(topic.label).toBe(LEVELS.find(([level]) => level === topic.level)![1]);
    expect(topic.recallNow).toBeGreaterThan(0);
    expect(topic.score).toBeGreaterThan(0);
    // Without a review before the exam the card is forgotten a little by then.
    expect(topic.recallOnExam).toBeLessThanOrEqual(topic.recallNow);
    // The other topics did not move, and evidence does not change what a topic weighs.
    const rest = (view: typeof after) =>
      view.topics.filter((entry) => entry.id !== topicId).map(({ id, level, cardsSeen }) => [id, level, cardsSeen]);
    expect(rest(after)).toEqual(rest(before));
    expect(after.topics.map(({ id, weight }) => [id, weight])).toEqual(
      before.topics.map(({ id, weight }) => [id, weight]),
    );
    expect(after.topics.reduce((sum, entry) => sum + entry.weight, 0)).toBeCloseTo(1, 9);

    // A second review of the same card: still one card seen.
    await reviewed(owner, cardId, 'easy', 10);
    expect((await masteryOf(owner, subject.full)).topics.find((entry) => entry.id === topicId)!.cardsSeen).toBe(1);

    // A reset: the topic is new again.
    await answered(await resetPlan(owner, subject.full));
    expect((await masteryOf(owner, subject.full)).topics.find((entry) => entry.id === topicId)).toMatchObject({
      level: 'nieuw',
      cardsSeen: 0,
      recallNow: 0,
    });
  });
});

describe('what next', () => {
  it('one Dutch step with a one-sentence reason, best first, at most 5; only the subject asked about', async () => {
    await saved(owner, { dailyMinutes: 60, examDates: [{ subjectId: subject.full, date: null }] });
    for (const [caller, subjectId, allowed] of [
      [owner, undefined, [subject.full, subject.light]],
      [owner, subject.full, [subject.full]],
      [owner, subject.light, [subject.light]],
      [other, undefined, [subject.otherOwn]],
      [other, subject.otherOwn, [subject.otherOwn]],
    ] as const) {
      const label = `${caller === owner ? 'owner' : 'other'} ${subjectId ?? 'all'}`;
      const view = await nextOf(caller, subjectId);
      expectRanked(view, label);
      for (const step of [view.best, ...view.candidates])
        if (step.subject) expect(allowed, `${label}: ${step.text}`).toContain(step.subject.id);
    }
  });

  it('with reviews in today’s plan, the best step is to review them, starting at the first card', async () => {
    await saved(owner, { dailyMinutes: 60, examDates: [{ subjectId: subject.full, date: null }] });
    await answered(await resetPlan(owner, subject.full));
    // Nothing of the subject to review after the reset: no review step for it.
    const fresh = await nextOf(owner, subject.full);
    expect([fresh.best, ...fresh.candidates].map((step) => step.kind)).not.toContain('review');

    // A card forgotten at once is due again within minutes and far below 90 % on the exam morning: once that
    // step is over (here twenty minutes later), it is one of today's reviews.
    const cardId = nextCard();
    await reviewed(owner, cardId, 'again', 20);
    expect((await todayOf(owner)).reviews.map((card) => card.cardId)).not.toContain(cardId);
    await stepOver(owner.id, cardId);
    const plan = await todayOf(owner);
    const reviewsOf = (subjectId: number) => plan.reviews.filter((card) => card.subject.id === subjectId);
    const here = reviewsOf(subject.full);
    expect(here.map((card) => card.cardId)).toContain(cardId);

    if (here.length > 0) {
      // The subject's page starts the review session over itself (issue 34).
      const view = await nextOf(owner, subject.full);
      expectRanked(view, 'after a review');
      expect(view.best).toMatchObject({
        kind: 'review',
        href: `${AREA}/${subject.full}/wiskunde-b-havo/herhalen`,
        subject: { id: subject.full },
      });
      expect(view.best.text).toMatch(new RegExp(`^Herhaal ${here.length} kaart(en)? \\(±\\d+ min\\)$`));
      expect(view.best.reason.endsWith('.')).toBe(true);
      expect(view.candidates.filter((step) => step.kind === 'review')).toHaveLength(1);
    }
    // Across the subjects: a review comes first as well, the session of a subject with cards in today's plan.
    const all = await nextOf(owner);
    expectRanked(all, 'all subjects');
    expect(all.best.kind).toBe('review');
    expect(plan.reviews.map((card) => `${AREA}/herhalen?vak=${card.subject.id}`)).toContain(all.best.href);
    // The light subject: a review first exactly when today's plan has reviews of it.
    const light = await nextOf(owner, subject.light);
    expectRanked(light, 'light');
    expect(light.best.kind === 'review').toBe(reviewsOf(subject.light).length > 0);
    await answered(await resetPlan(owner, subject.full));
  });

  it('after the exam’s morning, no step for that subject: its exam points can no longer be won', async () => {
    // Like today's plan, which gives a subject nothing once its exam has begun (9:00 in Amsterdam).
    const view = await saved(owner, { dailyMinutes: 60, examDates: [{ subjectId: subject.full, date: today() }] });
    try {
      if (subjectIn(view, subject.full).afterExam) {
        const plan = await todayOf(owner);
        expect([...plan.reviews, ...plan.newCards].filter((card) => card.subject.id === subject.full)).toEqual([]);
        for (const subjectId of [subject.full, undefined]) {
          const next = await nextOf(owner, subjectId);
          expectRanked(next, `after the exam, ${subjectId ?? 'all'}`);
          const steps = [next.best, ...next.candidates]
            .filter((step) => step.kind !== 'done' && step.subject?.id === subject.full)
            .map((step) => `${step.kind}: ${step.text}`);
          expect.soft(steps, `GET ${nextUrl(subjectId)}`).toEqual([]);
        }
      }
    } finally {
      await saved(owner, { examDates: [{ subjectId: subject.full, date: null }] });
    }
  });
});

// Fuzzing.

/** Generated PUT bodies. */
const RUNS = 800;
/** Generated DELETE ids. */
const ID_RUNS = 200;

const { junkString, junkValue } = junk({
  lengths: [0, 1, 2, 5, 20, 200],
  alphabet: ['a', 'Z', '0', '-', ' ', '"', '\\', '\u0000', 'é', '€', '🙂', '\u202e', '\n', '{', '%'],
  numbers: [0, -1, 1, 5, 20, 20.5, 240, 241, 2 ** 31, 2 ** 53 + 2, 1e308, -1e308, 5e-324],
  words: ['2027-05-14', '20', 'null', '', 'dailyMinutes'],
  keys: ['dailyMinutes', 'examDates', 'subjectId', 'date'],
});

const GOOD_MINUTES = [5, 6, 20, 35, 90, 239, 240];
const BAD_MINUTES: readonly unknown[] = [
  4,
  0,
  -5,
  241,
  1000,
  20.5,
  5.0001,
  2 ** 31,
  1e308,
  '20',
  '',
  null,
  true,
  [20],
  {},
];
const BAD_DATES: readonly unknown[] = [
  '2027-02-30',
  '2027-13-01',
  '2027-00-10',
  '2027-5-14',
  '14-05-2027',
  '14/05/2027',
  '2027/05/14',
  '2027-05-14T09:00:00Z',
  ' 2027-05-14',
  '2027-05-14 ',
  '20270514',
  '',
  'morgen',
  '2027-02-29',
  '+2027-05-14',
  20270514,
  0,
  true,
  [],
  { date: '2027-05-14' },
];

function generateDate(random: Random): unknown {
  const roll = random();
  if (roll < 0.4) return dayFromToday(Math.floor(random() * 3 * 365));
  if (roll < 0.5)
    return pick(random, [today(), latestDate(), dayFromToday(-1), afterLatest(), '2000-01-01', '9999-12-31']);
  if (roll < 0.6) return null;
  if (roll < 0.9) return pick(random, BAD_DATES);
  return junkValue(random);
}

function generateEntry(random: Random, own: Set<number>): unknown {
  const roll = random();
  if (roll < 0.08) return junkValue(random);
  const entry: Record<string, unknown> = {};
  const id = random();
  if (id < 0.6) {
    // One of the pupil's own subjects, each at most once in a body (the same subject twice is tested on its own).
    const free = [subject.full, subject.light].filter((candidate) => !own.has(candidate));
    if (free.length) {
      entry.subjectId = pick(random, free);
      own.add(entry.subjectId as number);
    } else entry.subjectId = subject.otherOwn;
  } else if (id < 0.75) entry.subjectId = pick(random, [subject.otherOwn, 99_999, MAX_ID, 2 ** 40]);
  else if (id < 0.95)
    entry.subjectId = pick(random, [0, -1, 1.5, String(subject.full), null, true, [subject.full], 2 ** 53 + 2]);
  if (chance(random, 0.85)) entry.date = generateDate(random);
  if (chance(random, 0.08)) entry[pick(random, ['extra', 'userId', 'Date', 'examDate'])] = junkValue(random);
  return entry;
}

/** A plan-like object: the minutes right, wrong or missing; a few exam dates, huge arrays or junk; more keys. */
function planObject(random: Random): Record<string, unknown> {
  const body: Record<string, unknown> = {
    dailyMinutes: fieldValue(random, { good: GOOD_MINUTES, bad: BAD_MINUTES, junk: junkValue }, [0.35, 0.6, 0.65]),
  };
  const dates = random();
  if (dates < 0.6) {
    const own = new Set<number>();
    const length = pick(random, [0, 1, 1, 2, 2, 3]);
    body.examDates = Array.from({ length }, () => generateEntry(random, own));
  } else if (dates < 0.7) {
    // Huge arrays: over the limit of entries, or over the body's bytes.
    const length = pick(random, [MAX_EXAM_DATES, MAX_EXAM_DATES + 1, 100, 1_000, 10_000]);
    body.examDates = Array.from({ length }, (_, i) => ({ subjectId: 1_000_000 + i, date: null }));
  } else if (dates < 0.8) body.examDates = junkValue(random);
  if (chance(random, 0.1)) body[pick(random, ['extra', 'userId', 'examYear', 'DailyMinutes', ''])] = junkValue(random);
  return body;
}

/** The PUT bodies sent: plan-like objects most, then other JSON, text that is no JSON, a plan as text, none. */
const BODIES: BodyMix = {
  object: planObject,
  values: [
    (random) => junkValue(random),
    () => [{ dailyMinutes: 20 }],
    () => null,
    () => 20,
    () => 'dailyMinutes',
    () => ({ plan: { dailyMinutes: 20 } }),
    () => ({ dailyMinutes: { value: 20 } }),
    () => ({ examDates: [[subject.full, '2027-05-14']] }),
    () => 'x'.repeat(20_000),
  ],
  notJson: [
    '{"dailyMinutes":',
    '{"dailyMinutes":20',
    '{"dailyMinutes":20,}',
    "{'dailyMinutes':20}",
    '{dailyMinutes: 20}',
    'dailyMinutes=20',
    '{"dailyMinutes":NaN}',
    '{"dailyMinutes":Infinity}',
    '{"dailyMinutes":0x14}',
    '{"dailyMinutes":020}',
    '{"examDates":[{"subjectId":1,"date":"2027-05-14"},]}',
    '<plan dailyMinutes="20"/>',
    '{"examDates":' + '['.repeat(3_000) + ']'.repeat(3_000) + '}',
  ],
  asText: ['{"dailyMinutes":20}', 'dailyMinutes=20'],
  shares: [0.65, 0.8, 0.93, 0.98],
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isInt = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);
const isCalendarDate = (value: unknown) => {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const ms = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().startsWith(value);
};

interface Expected {
  status: number;
  error?: string;
  /** Fields with errors (message '' = any Dutch one); for a 400 from the service the only field. */
  fields?: Record<string, string>;
  exactFields?: boolean;
  /** For a 200: the minutes and dates the write sets. */
  write?: { dailyMinutes?: number; dates: [number, string | null][] };
}

/** What PUT /plan must answer for a body, as JSON sends it. */
function expectedPut(value: unknown): Expected {
  if (!isObject(value)) return { status: 400, error: 'validation_failed', fields: { '': '' } };
  const fields: Record<string, string> = {};
  if (Object.keys(value).some((key) => key !== 'dailyMinutes' && key !== 'examDates')) fields[''] = '';
  const minutes = value.dailyMinutes;
  if (minutes !== undefined && !(isInt(minutes) && minutes >= MIN_DAILY_MINUTES && minutes <= MAX_DAILY_MINUTES))
    fields.dailyMinutes =
      typeof minutes !== 'number'
        ? PLANNER_MESSAGES.DAILY_MINUTES_NOT_A_NUMBER
        : Number.isInteger(minutes)
          ? PLANNER_MESSAGES.DAILY_MINUTES
          : PLANNER_MESSAGES.DAILY_MINUTES_NOT_WHOLE;
  const dates = value.examDates;
  if (dates !== undefined) {
    if (!Array.isArray(dates)) fields.examDates = PLANNER_MESSAGES.PLAN_SUBJECT;
    else {
      if (dates.length > MAX_EXAM_DATES) fields.examDates = PLANNER_MESSAGES.PLAN_SUBJECT;
      dates.forEach((entry: unknown, i) => {
        if (!isObject(entry)) {
          fields[`examDates.${i}`] = PLANNER_MESSAGES.PLAN_SUBJECT;
          return;
        }
        if (Object.keys(entry).some((key) => key !== 'subjectId' && key !== 'date'))
          fields[`examDates.${i}`] = PLANNER_MESSAGES.PLAN_SUBJECT;
        if (!(isInt(entry.subjectId) && entry.subjectId > 0))
          fields[`examDates.${i}.subjectId`] = PLANNER_MESSAGES.PLAN_SUBJECT;
        if (entry.date !== undefined && entry.date !== null && !isCalendarDate(entry.date))
          fields[`examDates.${i}.date`] = PLANNER_MESSAGES.EXAM_DATE;
      });
    }
  }
  if (Object.keys(fields).length) return { status: 400, error: 'validation_failed', fields };
  // Valid in shape: the service checks the subjects and the range, entry by entry.
  const entries = (dates ?? []) as { subjectId: number; date?: string | null }[];
  for (const [i, entry] of entries.entries()) {
    if (entry.subjectId !== subject.full && entry.subjectId !== subject.light)
      return {
        status: 400,
        error: 'validation_failed',
        fields: { [`examDates.${i}.subjectId`]: PLANNER_MESSAGES.PLAN_SUBJECT },
        exactFields: true,
      };
    if (entry.date && (entry.date < today() || entry.date > latestDate()))
      return {
        status: 400,
        error: 'validation_failed',
        fields: { [`examDates.${i}.date`]: PLANNER_MESSAGES.EXAM_DATE_RANGE },
        exactFields: true,
      };
  }
  return {
    status: 200,
    write: {
      ...(minutes === undefined ? {} : { dailyMinutes: minutes as number }),
      dates: entries.map((entry) => [entry.subjectId, entry.date ?? null]),
    },
  };
}

const DUTCH = dutchMessages(API_MESSAGES, STUDY_MESSAGES, REVIEW_MESSAGES, PLANNER_MESSAGES);

describe('what next follows the grades simulation (issue 21)', () => {
  it('without reviews today, the subject where the pupil’s grades say extra work gains the most comes first', async () => {
    const mails = recordMails(rt);
    const pupil = await newUser(rt, mails, 'noor.diploma@example.nl');
    expect((await call(pupil, 'PATCH', '/users/me', { examYear })).status).toBe(200);
    expect((await call(pupil, 'PATCH', '/users/me/levels', { levels: ['havo'] })).status).toBe(200);
    await addMySubjects(rt.services, pupil.id, [subject.full, subject.light]);
    for (const [subjectId, stream] of [
      [subject.full, 'full'],
      [subject.light, 'light'],
    ] as const) {
      await grantSubjectAccess(rt.database.db, { userId: pupil.id, subjectId, stream, source: 'demo' });
    }
    // Before any grade is entered the simulation suggests nothing: what next ranks by exam points a minute.
    const before = await nextOf(pupil);
    expectRanked(before, 'no grades');
    expect(before.best.reason).not.toMatch(/voor je diploma/);

    // Every part the havo diploma needs: the simulation now suggests a subject.
    const grades = {
      grades: [
        { subject: 'wiskunde-b', se: '8,0' },
        { subject: 'biologie', se: '5,0' },
        { subject: 'maatschappijleer', se: 7 },
        { subject: 'ckv', se: 7 },
        { subject: 'profielwerkstuk', se: 7 },
        { subject: 'lo', assessment: 'voldoende' },
      ],
    };
    expect((await call(pupil, 'PUT', '/users/me/grades', grades)).status).toBe(200);
    const simulation = (await answered(await call(pupil, 'GET', '/users/me/grades'))) as {
      suggestion: { key: string; name: string } | null;
    };
    expect(simulation.suggestion).not.toBeNull();

    const after = await nextOf(pupil);
    // The grades name the school subject; what next the subject, by the slug of its pages (issue 34).
    expect(after.best.subject?.slug).toBe(`${simulation.suggestion!.key}-havo`);
    expect(after.best.reason).toBe(GRADES_MESSAGES.FOCUS_REASON(simulation.suggestion!.name));
    expect(after.candidates[0]).toEqual(after.best);
    expectDutchStep(after.best, 'diploma focus');
    // One subject asked about: its own ranking, no focus.
    expect((await nextOf(pupil, subject.full)).best.reason).not.toMatch(/voor je diploma/);
    // Today's reviews still come first (once the step after Opnieuw is over).
    await reviewed(pupil, learnable[learnable.length - 1]!, 'again', 20);
    await stepOver(pupil.id, learnable[learnable.length - 1]!);
    expect((await nextOf(pupil)).best.kind).toBe('review');
  });
});

describe(`PUT /users/me/plan with ${RUNS} generated bodies: 200 when valid, else 400, 413 or 415 — never 5xx`, () => {
  it('answers each as it should, in the one error shape with Dutch field errors', { timeout: 120_000 }, async () => {
    // The model of the owner's settings, from what they are now.
    const start = await saved(owner, {
      examDates: [
        { subjectId: subject.full, date: null },
        { subjectId: subject.light, date: null },
      ],
    });
    const estimates = new Map(start.subjects.map((entry) => [entry.subject.id, entry.examDate]));
    let minutes = start.dailyMinutes;
    const reported = rt.reported.length;
    const pupilDates = new Map<number, string>();

    const statuses = await sendGeneratedBodies(rt, {
      method: 'PUT',
      url: '/api/v1/users/me/plan',
      cookie: owner.cookie,
      seed: 20_261_127,
      runs: RUNS,
      bodies: BODIES,
      expected: expectedPut,
      dutch: DUTCH,
      accepted: (answer, want, label) => {
        const view = planSettingsViewSchema.parse(answer);
        if (want.write!.dailyMinutes !== undefined) minutes = want.write!.dailyMinutes;
        for (const [id, date] of want.write!.dates) {
          if (date === null) pupilDates.delete(id);
          else pupilDates.set(id, date);
        }
        expect(view.dailyMinutes, label).toBe(minutes);
        for (const entry of view.subjects) {
          const date = pupilDates.get(entry.subject.id);
          expect(entry.examDate, label).toEqual(
            date ? { date, source: 'pupil', note: expect.any(String) } : estimates.get(entry.subject.id),
          );
        }
      },
      refused: (error, want, label) => {
        if (want.error !== 'validation_failed') return;
        const fieldErrors = error.fieldErrors ?? {};
        expect(Object.keys(fieldErrors).length, label).toBeGreaterThan(0);
        for (const [field, message] of Object.entries(want.fields ?? {})) {
          expect(fieldErrors[field]?.length, `${label}: ${field}`).toBeGreaterThan(0);
          if (message) expect(fieldErrors[field], `${label}: ${field}`).toContain(message);
        }
        if (want.exactFields) expect(Object.keys(fieldErrors), label).toEqual(Object.keys(want.fields!));
        for (const [field, messages] of Object.entries(fieldErrors)) {
          for (const message of messages) expect(DUTCH.has(message), `${label}: ${field}: ${message}`).toBe(true);
        }
      },
    });
    expect([...statuses.keys()].sort(), JSON.stringify([...statuses])).toEqual([200, 400, 413, 415]);
    expect(statuses.get(200)!).toBeGreaterThan(RUNS / 20);
    expect(rt.reported.slice(reported)).toEqual([]);
    // What is stored is what the accepted writes said.
    const end = await settingsOf(owner);
    expect(end.dailyMinutes).toBe(minutes);
    for (const entry of end.subjects)
      expect(entry.examDate.date).toBe(pupilDates.get(entry.subject.id) ?? estimates.get(entry.subject.id)!.date);
    await saved(owner, { examDates: [...pupilDates.keys()].map((subjectId) => ({ subjectId, date: null })) });
  });
});

describe(`DELETE /users/me/subjects/{id}/plan with ${ID_RUNS} generated ids: 200, 400 or 404 — never 5xx`, () => {
  it('answers each id as it should', { timeout: 60_000 }, async () => {
    const random = mulberry32(20_261_128);
    const statuses = new Map<number, number>();
    const log = await logOf(owner);
    const reported = rt.reported.length;
    for (let run = 0; run < ID_RUNS; run += 1) {
      const roll = random();
      let id: string;
      let want: number;
      if (roll < 0.15) {
        id = String(pick(random, [subject.full, subject.light]));
        want = 200;
      } else if (roll < 0.45) {
        // A plain id of no subject of the pupil's: unknown, another's, the largest.
        id = String(pick(random, [subject.otherOwn, MAX_ID, 1 + Math.floor(random() * MAX_ID), 999_999]));
        want = id === String(subject.full) || id === String(subject.light) ? 200 : 404;
      } else {
        id = pick(random, [
          'abc',
          '0',
          '-1',
          `-${subject.full}`,
          '1.5',
          '1e3',
          '0x10',
          String(MAX_ID + 1),
          '9'.repeat(15),
          '9'.repeat(30),
          `${subject.full}abc`,
          `%20${subject.full}`,
          `${subject.full}%20`,
          '%00',
          'null',
          'undefined',
          'NaN',
          'Infinity',
          '%F0%9F%99%82',
          '１２',
          `+${subject.full}`,
          encodeURIComponent(junkString(random)) || 'x',
        ]);
        want = 400;
      }
      const res = await resetPlan({ ...owner, client: fuzzClient() }, id);
      const text = await res.text();
      const label = `#${run} ${id} → ${res.status} ${text.slice(0, 300)}`;
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      expect(res.status, label).toBeLessThan(500);
      expect(res.status, label).toBe(want);
      const answer: unknown = JSON.parse(text);
      if (want === 200) {
        expect(planResetSchema.parse(answer), label).toMatchObject({ subjectId: Number(id) });
        continue;
      }
      const error = apiErrorSchema.parse(answer);
      expect(DUTCH.has(error.message), label).toBe(true);
      if (want === 404)
        expect(error, label).toEqual({ status: 404, error: 'not_found', message: PLANNER_MESSAGES.PLAN_SUBJECT });
      else expect(error.fieldErrors?.id, label).toEqual([STUDY_MESSAGES.UNKNOWN_SUBJECT]);
    }
    expect([...statuses.keys()].sort()).toEqual([200, 400, 404]);
    expect(rt.reported.slice(reported)).toEqual([]);
    // The owner's resets took only their own reviews of those subjects.
    expect((await logOf(owner)).reviews.every((row) => log.reviews.some((kept) => kept.cardId === row.cardId))).toBe(
      true,
    );
  });
});

/** Generated ids for GET …/subjects/{id}/mastery and GET /plan/next?subjectId=, half each. */
const ASK_RUNS = 800;

/** An id as text (not yet encoded): the pupil's own, someone else's or nobody's, or no id at all. */
function generateId(random: Random): string {
  const roll = random();
  if (roll < 0.22) {
    const own = String(pick(random, [subject.full, subject.light]));
    return chance(random, 0.15) ? `00${own}` : own;
  }
  if (roll < 0.45)
    return String(
      pick(random, [
        subject.otherOwn,
        999_999,
        MAX_ID,
        MAX_ID + 1,
        2 ** 40,
        999_999_999_999_999,
        1 + Math.floor(random() * MAX_ID),
      ]),
    );
  return pick(random, [
    '',
    '0',
    '-0',
    '-1',
    `-${subject.full}`,
    '1.5',
    `${subject.full}.0`,
    '1e3',
    '0x10',
    '0b1',
    '0o7',
    String(2 ** 53 + 2),
    '9'.repeat(16),
    '9'.repeat(40),
    '1'.repeat(5_000),
    'x'.repeat(10_000),
    `${subject.full}abc`,
    `${subject.full},${subject.light}`,
    `[${subject.full}]`,
    `{"id":${subject.full}}`,
    ` ${subject.full}`,
    `${subject.full} `,
    `+${subject.full}`,
    'abc',
    'null',
    'undefined',
    'NaN',
    'Infinity',
    '-Infinity',
    'true',
    '１２',
    '١٢',
    '🙂',
    'é',
    '\u0000',
    `\u202e${subject.full}`,
    '%',
    `${subject.full}/x`,
    junkString(random),
  ]);
}

/**
 * What an id earns: a plain decimal integer of at most 15 digits from 1 (in the path, to MAX_ID; the query has no
 * upper bound) is 200 when it is one of the pupil's subjects and 404 when not; anything else is 400.
 */
function statusOf(id: string, where: 'path' | 'query'): 200 | 400 | 404 {
  if (!/^-?\d{1,15}$/.test(id)) return 400;
  const value = Number(id);
  if (value < 1 || (where === 'path' && value > MAX_ID)) return 400;
  return value === subject.full || value === subject.light ? 200 : 404;
}

const UNKNOWN_KEYS = ['foo', 'SubjectId', 'subjectid', 'subject_id', 'subjectId[]', 'id', 'userId', ' subjectId', '?'];

interface Ask {
  url: string;
  status: 200 | 400 | 404;
  /** 400: the field whose error it must carry; 404: a route that does not exist (an empty path segment). */
  field?: string;
  noRoute?: boolean;
  /** 200 for one subject. */
  subjectId?: number;
}

function generateAsk(random: Random, endpoint: 'mastery' | 'next'): Ask {
  const id = generateId(random);
  const encoded = encodeURIComponent(id);
  if (endpoint === 'mastery') {
    // A query the route does not read changes nothing.
    const query = chance(random, 0.2)
      ? `?${pick(random, [`${encodeURIComponent(pick(random, UNKNOWN_KEYS))}=1`, 'subjectId=1&subjectId=2', 'x'])}`
      : '';
    const url = `/users/me/subjects/${encoded}/mastery${query}`;
    if (id === '') return { url, status: 404, noRoute: true };
    const status = statusOf(id, 'path');
    return { url, status, ...(status === 400 ? { field: 'id' } : { subjectId: Number(id) }) };
  }
  const shape = random();
  const key = chance(random, 0.1) ? '%73ubjectId' : 'subjectId';
  const unknown = `${encodeURIComponent(pick(random, UNKNOWN_KEYS))}=${encodeURIComponent(generateId(random))}`;
  if (shape < 0.08) return { url: '/users/me/plan/next', status: 200 };
  if (shape < 0.7) {
    // Now and then an empty pair or an empty key, which count for nothing.
    const extra = chance(random, 0.1) ? pick(random, ['&', '&&', `&=${encoded}`]) : '';
    const url = `/users/me/plan/next?${key}=${encoded}${extra}`;
    const status = statusOf(id, 'query');
    return { url, status, ...(status === 400 ? { field: 'subjectId' } : { subjectId: Number(id) }) };
  }
  if (shape < 0.8) {
    // The key twice: an array, never a number.
    const second = encodeURIComponent(chance(random, 0.5) ? id : generateId(random));
    return { url: `/users/me/plan/next?${key}=${encoded}&subjectId=${second}`, status: 400, field: 'subjectId' };
  }
  if (shape < 0.95) {
    // A key the route does not know: refused, with or without a good id.
    const pairs = chance(random, 0.6) ? [`${key}=${encoded}`, unknown] : [unknown];
    if (chance(random, 0.5)) pairs.reverse();
    return { url: `/users/me/plan/next?${pairs.join('&')}`, status: 400, field: '' };
  }
  // The key without a value.
  return { url: `/users/me/plan/next?${key}${chance(random, 0.5) ? '=' : ''}`, status: 400, field: 'subjectId' };
}

describe(`GET …/mastery and /plan/next with ${ASK_RUNS} generated ids: 200, 400 or 404 — never 5xx`, () => {
  it('answers each id, in the path or the query, as it should', { timeout: 180_000 }, async () => {
    const random = mulberry32(20_261_129);
    const statuses = { mastery: new Map<number, number>(), next: new Map<number, number>() };
    const reported = rt.reported.length;
    for (let run = 0; run < ASK_RUNS; run += 1) {
      const endpoint = run % 2 === 0 ? 'mastery' : 'next';
      const ask = generateAsk(random, endpoint);
      const res = await call({ ...owner, client: fuzzClient() }, 'GET', ask.url);
      const text = await res.text();
      const label = `#${run} ${ask.url.slice(0, 200)} → ${res.status} ${text.slice(0, 300)}`;
      const seen = statuses[endpoint];
      seen.set(res.status, (seen.get(res.status) ?? 0) + 1);
      expect(res.status, label).toBeLessThan(500);
      expect(res.status, label).toBe(ask.status);
      expect(res.headers.get('content-type'), label).toMatch(/^application\/json/);
      const answer: unknown = JSON.parse(text);
      if (ask.status === 200) {
        if (endpoint === 'mastery') {
          expect(subjectMasterySchema.parse(answer).subject.id, label).toBe(ask.subjectId);
          continue;
        }
        const view = nextStepSchema.parse(answer);
        const allowed = ask.subjectId === undefined ? [subject.full, subject.light] : [ask.subjectId];
        expect(view.candidates.length, label).toBeLessThanOrEqual(5);
        for (const step of [view.best, ...view.candidates]) {
          expect(STEP_FORMS[step.kind].test(step.text), `${label}: ${step.text}`).toBe(true);
          if (step.subject) expect(allowed, label).toContain(step.subject.id);
        }
        continue;
      }
      const error = apiErrorSchema.parse(answer);
      expect(error.status, label).toBe(res.status);
      expect(DUTCH.has(error.message), label).toBe(true);
      if (ask.status === 404) {
        expect(error, label).toEqual({
          status: 404,
          error: 'not_found',
          message: ask.noRoute ? API_MESSAGES.NOT_FOUND : PLANNER_MESSAGES.PLAN_SUBJECT,
        });
        continue;
      }
      expect(error, label).toMatchObject({ error: 'validation_failed', message: API_MESSAGES.VALIDATION_FAILED });
      const fieldErrors = error.fieldErrors ?? {};
      expect(fieldErrors[ask.field!], label).toContain(STUDY_MESSAGES.UNKNOWN_SUBJECT);
      for (const [field, messages] of Object.entries(fieldErrors))
        for (const message of messages) expect(DUTCH.has(message), `${label}: ${field}: ${message}`).toBe(true);
    }
    for (const seen of Object.values(statuses))
      expect([...seen.keys()].sort(), JSON.stringify([...seen])).toEqual([200, 400, 404]);
    expect(rt.reported.slice(reported)).toEqual([]);
  });
});
