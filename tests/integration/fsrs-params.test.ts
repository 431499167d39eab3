/**
 * Personal FSRS-6 parameters (issue 20, ADR 018) on a real, seeded database: a pupil with too few
 * reviews gets no parameters and is scheduled with FSRS-6's defaults; a pupil with enough gets their
 * own, fitted by the FSRS optimizer in the nightly job (21 weights, the review count and the time
 * kept), and their next review is scheduled with them; the demo seed fits its pupil at once; a fitted
 * pupil is due again only after enough new reviews.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fitFsrsParametersJob } from '#app/jobs/fit-fsrs-parameters.ts';
import { listUsersDueForFit } from '#app/modules/reviews/db/fsrs-params.server.ts';
import { insertReviewHistory, listCardMemory, listReviews } from '#app/modules/reviews/db/memory.server.ts';
import { listLearnableCardIds } from '#app/modules/cards/db/study.server.ts';
import { grantSubjectAccess } from '#app/modules/cards/db/subjects.server.ts';
import { fsrsParameters } from '#app/modules/reviews/db/tables.ts';
import type { CardMemory } from '#app/modules/reviews/domain/memory.ts';
import { reviewCardForUser } from '#app/modules/reviews/server/rate-card.server.ts';
import { demoReviewHistories, seedDemoReviews } from '#app/modules/reviews/server/demo-reviews.server.ts';
import {
  fitDueParameters,
  fitPersonalParameters,
  getPersonalParameters,
  MIN_REVIEWS_TO_FIT,
} from '#app/modules/reviews/server/fsrs-params.server.ts';
import { reviewCard } from '#app/modules/reviews/domain/memory.ts';
import { storedUser } from './accounts.ts';
import { subjectIdOf } from './study-content.ts';
import { createTestRuntime, type TestRuntime } from './test-db.ts';

const DAY = 86_400_000;

let rt: TestRuntime;
let subjectId = 0;
let learnable: number[] = [];

/** A pupil with full access to havo Wiskunde B. */
async function newPupil(): Promise<string> {
  const id = await storedUser(rt.database.db);
  await grantSubjectAccess(rt.database.db, { userId: id, subjectId, stream: 'full', source: 'demo' });
  return id;
}

const storedRow = async (userId: string) =>
  rt.database.db.select().from(fsrsParameters).where(eq(fsrsParameters.userId, userId));

/** The card of the pupil's that has been in review longest without a lapse: a stable card to review. */
async function reviewStateCard(userId: string): Promise<[number, CardMemory]> {
  const memory = [...(await listCardMemory(rt.database.db, userId))].filter(([, m]) => m.state === 2);
  memory.sort(([, a], [, b]) => b.stability - a.stability);
  expect(memory.length).toBeGreaterThan(0);
  return memory[0]!;
}

beforeAll(async () => {
  rt = await createTestRuntime();
  const { db } = rt.database;
  subjectId = await subjectIdOf(db, 'wiskunde-b');
  learnable = await listLearnableCardIds(db, subjectId);
});
afterAll(() => rt?.close());

describe('a pupil with too few reviews', () => {
  it('gets no parameters, is not due for a fit, and is scheduled with the defaults', async () => {
    const userId = await newPupil();
    const start = new Date('2026-09-01T18:00:00Z');
    // Three cards, each reviewed until it is in review: a dozen reviews or so.
    for (const cardId of learnable.slice(0, 3)) {
      let at = start;
      for (let i = 0; i < 4; i++) {
        const result = await reviewCardForUser(rt.services, userId, cardId, { rating: 'good' }, at);
        expect(result.ok).toBe(true);
        at = new Date(result.ok ? result.value.due : at);
      }
    }
    const reviewCount = (await listReviews(rt.database.db, userId)).length;
    expect(reviewCount).toBeLessThan(MIN_REVIEWS_TO_FIT);

    expect(await fitPersonalParameters(rt.services, userId)).toEqual({ status: 'too_few_reviews', reviewCount });
    expect(await storedRow(userId)).toEqual([]);
    expect(await getPersonalParameters(rt.services, userId)).toBeNull();
    const due = await listUsersDueForFit(rt.database.db, {
      minReviews: MIN_REVIEWS_TO_FIT,
      refitAfter: 1,
      limit: 1000,
    });
    expect(due.map((row) => row.userId)).not.toContain(userId);

    // The next review: exactly what FSRS-6's defaults schedule.
    const [cardId, before] = await reviewStateCard(userId);
    const when = new Date(before.due.getTime() + DAY);
    const expected = reviewCard(before, 'good', when).memory;
    const result = await reviewCardForUser(rt.services, userId, cardId, { rating: 'good' }, when);
    expect(result.ok && result.value.due).toBe(expected.due.toISOString());
  });
});

describe('a pupil with enough reviews', () => {
  let userId = '';
  let reviewCount = 0;
  const fittedAt = new Date('2026-11-28T01:43:00Z');

  beforeAll(async () => {
    userId = await newPupil();
    // Sixteen weeks of reviews (the demo pupil's generator), written without a fit.
    const now = new Date('2026-11-27T20:00:00Z');
    for (const { cardId, memory, logs } of demoReviewHistories(learnable, 20_261_200, now)) {
      await insertReviewHistory(rt.database.db, userId, cardId, memory, logs);
    }
    reviewCount = (await listReviews(rt.database.db, userId)).length;
  });

  it('is due for a fit, and the nightly job fits their parameters and keeps them with the count and the time', async () => {
    expect(reviewCount).toBeGreaterThanOrEqual(MIN_REVIEWS_TO_FIT);
    const due = await listUsersDueForFit(rt.database.db, {
      minReviews: MIN_REVIEWS_TO_FIT,
      refitAfter: 200,
      limit: 50,
    });
    expect(due).toContainEqual({ userId, reviewCount });
    expect(await storedRow(userId)).toEqual([]);

    const output = await fitDueParameters(rt.services, fittedAt);
    expect(output).toMatchObject({ fitted: output.due, invalid: 0, failed: 0 });
    expect(output.due).toBeGreaterThanOrEqual(1);

    const [row] = await storedRow(userId);
    expect(row).toMatchObject({ userId, reviewCount, fittedAt });
    expect(row!.weights).toHaveLength(21);
    expect(row!.weights.every((w) => Number.isFinite(w))).toBe(true);
    expect(await getPersonalParameters(rt.services, userId)).toEqual({
      weights: row!.weights,
      reviewCount,
      fittedAt,
    });
    // Not due again until REFIT_AFTER_REVIEWS more reviews: the job's next run leaves them alone.
    const next = await fitFsrsParametersJob.handler(rt.services, {}, { id: 'test', attempt: 1 });
    expect(next).toMatchObject({ due: 0, fitted: 0 });
  });

  it('schedules their next review with their own parameters, not the defaults', async () => {
    const [row] = await storedRow(userId);
    const weights = row!.weights;
    const [cardId, before] = await reviewStateCard(userId);
    const when = new Date(before.due.getTime());
    const own = reviewCard(before, 'good', when, { weights }).memory;
    const defaults = reviewCard(before, 'good', when).memory;
    expect(own.scheduledDays).not.toBe(defaults.scheduledDays);

    const result = await reviewCardForUser(rt.services, userId, cardId, { rating: 'good' }, when);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.due).toBe(own.due.toISOString());
    expect(result.value.stability).toBeCloseTo(own.stability, 10);
  });

  it('is due again once their log has grown past the last fit', async () => {
    const due = (refitAfter: number) =>
      listUsersDueForFit(rt.database.db, { minReviews: MIN_REVIEWS_TO_FIT, refitAfter, limit: 1000 }).then((rows) =>
        rows.map((row) => row.userId),
      );
    // One review since the fit (the test before).
    expect(await due(1)).toContain(userId);
    expect(await due(2)).not.toContain(userId);
  });
});

describe('the demo seed', () => {
  it('fits the demo pupil at once, so the app starts with their own parameters', async () => {
    const userId = await newPupil();
    const now = new Date();
    const outcome = await seedDemoReviews(rt.database.db, userId, subjectId, now);
    expect(outcome.status).toBe('fitted');
    const reviewCount = (await listReviews(rt.database.db, userId)).length;
    expect(outcome).toMatchObject({ reviewCount });
    expect(reviewCount).toBeGreaterThanOrEqual(MIN_REVIEWS_TO_FIT);
    const [row] = await storedRow(userId);
    expect(row).toMatchObject({ reviewCount, fittedAt: now });
    expect(row!.weights).toHaveLength(21);
  });
});
