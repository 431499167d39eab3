/**
 * Reviews of a card (issue 20: POST /v1/users/me/cards/{id}/reviews) on the seeded demo content:
 * who may review (401 anonymous, 403 without access or for a full-only card on a light stream, 403
 * from another site, 404 for an unknown card), what the card's memory says after each review
 * (reviews, lapses, the next review), that a review never changes the learned mark, that a sheet
 * and the corrections card are not reviewed (409), that every review is kept in card_reviews, and
 * 1,200 generated bad or odd bodies: each answered 201 (valid after all), 400 with the one error
 * shape and Dutch field errors, 413 or 415 — never 5xx.
 *
 * One runtime for the file. Each caller has a client address of its own, and every fuzzed request
 * one more (TRUST_PROXY), so the study rule's rate limit (RATE_LIMITS.study) is never reached.
 */
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantSubjectAccess } from '#app/modules/cards/db/subjects.server.ts';
import { cardMemory, cardReviews } from '#app/modules/reviews/db/tables.ts';
import { subjectAccess, userCards } from '#app/modules/cards/db/tables.ts';
import { STUDY_MESSAGES } from '#app/modules/cards/index.ts';
import {
  MAX_REVIEW_SECONDS,
  cardReviewResultSchema,
  reviewQueueSchema,
  type CardReviewResult,
} from '#app/modules/reviews/schemas/review.ts';
import { cardSchema } from '#app/modules/cards/schemas/study.ts';
import { addMySubjects } from '#app/modules/checks/server/subjects.server.ts';
import { API_MESSAGES } from '#app/platform/schemas/api-error.ts';
import { DEFAULT_MAX_BODY_BYTES } from '#server/api/limits.ts';
import { type Caller, newUser, recordMails } from './accounts.ts';
import {
  chance,
  dutchMessages,
  fieldValue,
  junk,
  pick,
  sendGeneratedBodies,
  type BodyMix,
  type Random,
} from './fuzz.ts';
import { apiClient, refused } from './http.ts';
import { cardsOf, firstCardOf, subjectIdOf } from './study-content.ts';
import { createTestRuntime, type TestRuntime } from './test-db.ts';
import { REVIEW_MESSAGES } from '#app/modules/reviews/index.ts';

const RATINGS = ['again', 'hard', 'good', 'easy'] as const;
type Rating = (typeof RATINGS)[number];
const GRADE: Record<Rating, number> = { again: 1, hard: 2, good: 3, easy: 4 };
const MINUTE = 60_000;
const DAY = 86_400_000;

let rt: TestRuntime;
let owner: Caller;
let other: Caller;
/** wiskunde-b havo: full access for the owner; biologie havo: a light stream. The other user has neither. */
const subject = { full: 0, light: 0 };
/** Cards of wiskunde-b that can be reviewed, one per test; the sheet and the corrections card; a full-only biologie card. */
let reviewable: number[] = [];
let sheet = 0;
let corrections = 0;
let fullOnly = 0;

const nextCard = () => {
  const id = reviewable.shift();
  expect(id, 'enough reviewable cards').toBeDefined();
  return id!;
};

const call = apiClient(() => rt);

const review = (
  caller: Caller | null,
  cardId: number | string,
  body: unknown,
  headers?: Record<string, string | null>,
) => call(caller, 'POST', `/users/me/cards/${cardId}/reviews`, body, headers);

async function reviewed(cardId: number, rating: Rating, secondsSpent?: number): Promise<CardReviewResult> {
  const res = await review(owner, cardId, secondsSpent === undefined ? { rating } : { rating, secondsSpent });
  const body: unknown = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(201);
  return cardReviewResultSchema.parse(body);
}

async function learnedMark(cardId: number): Promise<boolean> {
  const res = await call(owner, 'GET', `/card/${cardId}`);
  expect(res.status).toBe(200);
  return cardSchema.parse(await res.json()).userHasLearned;
}

/** The review log and the memory row of a user and card, as stored. */
async function stored(userId: string, cardId: number) {
  const { db } = rt.database;
  const log = await db
    .select()
    .from(cardReviews)
    .where(and(eq(cardReviews.userId, userId), eq(cardReviews.cardId, cardId)))
    .orderBy(asc(cardReviews.id));
  const memory = await db
    .select()
    .from(cardMemory)
    .where(and(eq(cardMemory.userId, userId), eq(cardMemory.cardId, cardId)));
  return { log, memory };
}

async function everythingOf(userId: string) {
  const { db } = rt.database;
  return {
    log: await db.select().from(cardReviews).where(eq(cardReviews.userId, userId)),
    memory: await db.select().from(cardMemory).where(eq(cardMemory.userId, userId)),
  };
}

beforeAll(async () => {
  rt = await createTestRuntime({ env: { TRUST_PROXY: '1' } });
  const { db } = rt.database;
  subject.full = await subjectIdOf(db, 'wiskunde-b');
  subject.light = await subjectIdOf(db, 'biologie');
  const mails = recordMails(rt);
  owner = await newUser(rt, mails, 'sanne.herhalen@example.nl');
  other = await newUser(rt, mails, 'daan.herhalen@example.nl');
  await addMySubjects(rt.services, owner.id, [subject.full, subject.light]);
  await grantSubjectAccess(db, { userId: owner.id, subjectId: subject.full, stream: 'full', source: 'demo' });
  await grantSubjectAccess(db, { userId: owner.id, subjectId: subject.light, stream: 'light', source: 'demo' });
  // The other user has wiskunde-b in their list, without access.
  await addMySubjects(rt.services, other.id, [subject.full]);

  const full = await cardsOf(rt, owner, subject.full);
  corrections = full.corrections!;
  expect(corrections).toBeTypeOf('number');
  sheet = full.sheets[0]!;
  expect(sheet).toBeTypeOf('number');
  reviewable = full.learnable;
  fullOnly = await firstCardOf(db, subject.light, { light: false });
});

afterAll(async () => {
  await rt?.close();
});

describe('who may review a card', () => {
  it('anonymous: 401, nothing stored', async () => {
    const cardId = reviewable[0]!;
    const error = await refused(await review(null, cardId, { rating: 'good' }), 401);
    expect(error).toMatchObject({ status: 401, error: 'unauthorized', message: API_MESSAGES.UNAUTHORIZED });
    // A forged session cookie is nobody too; and nobody learns whether their body would do.
    await refused(await review(null, cardId, { rating: 'good' }, { cookie: 'slaagbundel.session_token=x' }), 401);
    await refused(await review(null, cardId, { rating: 'goed', secondsSpent: -1 }), 401);
    await refused(await review(null, 99_999_999, { rating: 'good' }), 401);
    const { db } = rt.database;
    expect(await db.select().from(cardReviews).where(eq(cardReviews.cardId, cardId))).toEqual([]);
  });

  it('the owner: 201; another user without access: 403, and the owner’s log and memory stay as they are', async () => {
    const cardId = nextCard();
    const first = await reviewed(cardId, 'good', 20);
    expect(first.reviews).toBe(1);
    const before = await stored(owner.id, cardId);
    expect(before.log).toHaveLength(1);

    for (const rating of RATINGS) {
      const error = await refused(await review(other, cardId, { rating }), 403);
      expect(error).toEqual({ status: 403, error: 'forbidden', message: STUDY_MESSAGES.NO_ACCESS });
    }
    expect(await stored(owner.id, cardId)).toEqual(before);
    expect(await everythingOf(other.id)).toEqual({ log: [], memory: [] });
    // The owner's next review goes on from their own memory: the refused ones did not count.
    expect((await reviewed(cardId, 'good')).reviews).toBe(2);
  });

  it('a full-only card on a light stream: 403, nothing stored', async () => {
    const before = await everythingOf(owner.id);
    const error = await refused(await review(owner, fullOnly, { rating: 'good' }), 403);
    expect(error).toEqual({ status: 403, error: 'forbidden', message: STUDY_MESSAGES.LIGHT_ONLY });
    expect(await everythingOf(owner.id)).toEqual(before);
  });

  it('an unknown card: 404; a malformed id: 400 with the Dutch field error', async () => {
    for (const id of [99_999_999, 2_147_483_647]) {
      const error = await refused(await review(owner, id, { rating: 'good' }), 404);
      expect(error).toEqual({ status: 404, error: 'not_found', message: STUDY_MESSAGES.UNKNOWN_CARD });
    }
    for (const id of ['abc', '0', '-1', '1.5', '9'.repeat(30)]) {
      const error = await refused(await review(owner, id, { rating: 'good' }), 400);
      expect(error.fieldErrors?.id, id).toEqual([STUDY_MESSAGES.UNKNOWN_CARD]);
    }
  });

  it('a write from another site: 403, nothing stored', async () => {
    const cardId = nextCard();
    const error = await refused(
      await review(owner, cardId, { rating: 'good' }, { origin: 'https://example.com' }),
      403,
    );
    expect(error).toMatchObject({ error: 'forbidden_origin', message: API_MESSAGES.FORBIDDEN_ORIGIN });
    // Without Origin, a cross-site Sec-Fetch-Site is refused as well.
    await refused(
      await review(owner, cardId, { rating: 'good' }, { origin: null, 'sec-fetch-site': 'cross-site' }),
      403,
    );
    expect(await stored(owner.id, cardId)).toEqual({ log: [], memory: [] });
  });
});

describe('the card’s memory after a review', () => {
  it('the first review counts 1 and plans the next one; each review counts; Opnieuw comes back sooner', async () => {
    const cardId = nextCard();
    const started = Date.now();
    // A first read rated Moeilijk stays in its learning step: back the same day (ADR 031).
    const hard = await reviewed(cardId, 'hard', 35);
    expect(hard).toMatchObject({ cardId, rating: 'hard', reviews: 1, lapses: 0, learnedSuggestion: null });
    expect(Date.parse(hard.due)).toBeGreaterThan(started);
    expect(hard.stability).toBeGreaterThan(0);
    expect(hard.recallNow).toBeGreaterThan(0.99);
    expect(hard.nextReviewText).toBe('over 15 minuten');
    expect(hard.sameDay).toBe(true);

    // Opnieuw while still learning: not a lapse, but back sooner than after Moeilijk.
    const again = await reviewed(cardId, 'again');
    expect(again).toMatchObject({ cardId, rating: 'again', reviews: 2, lapses: 0 });
    expect(Date.parse(again.due)).toBeLessThan(Date.parse(hard.due));
    expect(Date.parse(again.due)).toBeGreaterThan(started);

    // Goed after Opnieuw: later again.
    const goodAgain = await reviewed(cardId, 'good');
    expect(goodAgain).toMatchObject({ reviews: 3, lapses: 0 });
    expect(Date.parse(goodAgain.due)).toBeGreaterThan(Date.parse(again.due));

    // Makkelijk: known, the next review days away.
    const easy = await reviewed(cardId, 'easy', 3);
    expect(easy).toMatchObject({ reviews: 4, lapses: 0 });
    expect(Date.parse(easy.due) - Date.now()).toBeGreaterThan(DAY / 2);
    expect(easy.nextReviewText).not.toMatch(/minu/);
    // Out of its learning steps: the plan brings it back when that adds to the exam, no same-day return.
    expect(easy.sameDay).toBe(false);
  });

  it('Opnieuw for a card that was known counts a lapse', async () => {
    const cardId = nextCard();
    const known = await reviewed(cardId, 'easy');
    expect(known).toMatchObject({ reviews: 1, lapses: 0 });
    expect(Date.parse(known.due) - Date.now()).toBeGreaterThan(DAY / 2);

    const forgotten = await reviewed(cardId, 'again');
    expect(forgotten).toMatchObject({ reviews: 2, lapses: 1 });
    expect(forgotten.stability).toBeLessThan(known.stability);
    expect(Date.parse(forgotten.due) - Date.now()).toBeLessThan(60 * MINUTE);

    // Relearning it is no further lapse; forgetting it once known again is.
    const relearned = await reviewed(cardId, 'good');
    expect(relearned).toMatchObject({ reviews: 3, lapses: 1 });
    expect((await reviewed(cardId, 'easy')).lapses).toBe(1);
    expect((await reviewed(cardId, 'again')).lapses).toBe(2);
  });
});

describe('the learned mark', () => {
  it('no review marks a card learned, whatever it suggests', async () => {
    const cardId = nextCard();
    expect(await learnedMark(cardId)).toBe(false);
    const suggestions = [];
    for (const rating of ['easy', 'easy', 'good', 'hard', 'again', 'good'] as const) {
      const result = await reviewed(cardId, rating);
      suggestions.push(result.learnedSuggestion);
      expect(result.learnedSuggestion).not.toBe('forgotten_learned');
      expect(await learnedMark(cardId), rating).toBe(false);
    }
    // Makkelijk at once: known for more than a week, so the mark is suggested (and left to the pupil).
    expect(suggestions[0]).toBe('suggest_learned');
    const list = await call(owner, 'GET', `/subject/${subject.full}/cards`);
    const { cards: listed } = (await list.json()) as { cards: { id: number; userHasLearned: boolean }[] };
    expect(listed.find((card) => card.id === cardId)?.userHasLearned).toBe(false);
  });

  it('no review clears the mark of a learned card, not even Opnieuw', async () => {
    const cardId = nextCard();
    expect((await call(owner, 'POST', `/users/me/cards/${cardId}/learn`)).status).toBe(200);
    expect(await learnedMark(cardId)).toBe(true);
    for (const rating of ['again', 'hard', 'good', 'easy', 'again'] as const) {
      const result = await reviewed(cardId, rating);
      expect(result.learnedSuggestion, rating).toBe(rating === 'again' ? 'forgotten_learned' : null);
      expect(await learnedMark(cardId), rating).toBe(true);
    }
    // The mark is still the pupil's own: unlearning works, and a review then leaves it off.
    expect((await call(owner, 'DELETE', `/users/me/cards/${cardId}/learn`)).status).toBe(200);
    await reviewed(cardId, 'easy');
    expect(await learnedMark(cardId)).toBe(false);
  });
});

describe('cards that are not reviewed', () => {
  it.each([
    ['a sheet to print', () => sheet],
    ['the corrections card', () => corrections],
  ])('%s: 409, nothing stored', async (_name, cardId) => {
    const before = await everythingOf(owner.id);
    for (const rating of RATINGS) {
      const error = await refused(await review(owner, cardId(), { rating, secondsSpent: 10 }), 409);
      expect(error).toEqual({ status: 409, error: 'conflict', message: REVIEW_MESSAGES.NOT_REVIEWABLE });
    }
    expect(await everythingOf(owner.id)).toEqual(before);
  });
});

describe('the review log', () => {
  it('keeps every review of the card in order, with its rating, seconds and states', async () => {
    const cardId = nextCard();
    const given: [Rating, number | undefined][] = [
      ['again', 0],
      ['hard', 12],
      ['good', undefined],
      ['easy', MAX_REVIEW_SECONDS],
      ['good', 5],
      ['again', 1],
      ['good', 30],
    ];
    let last: CardReviewResult | undefined;
    for (const [rating, seconds] of given) last = await reviewed(cardId, rating, seconds);
    expect(last?.reviews).toBe(given.length);

    const { log, memory } = await stored(owner.id, cardId);
    expect(log).toHaveLength(given.length);
    expect(log.map((row) => row.rating)).toEqual(given.map(([rating]) => GRADE[rating]));
    expect(log.map((row) => row.secondsSpent)).toEqual(given.map(([, seconds]) => seconds ?? null));
    expect(log[0]).toMatchObject({ stateBefore: null, stabilityBefore: null, difficultyBefore: null, elapsedDays: 0 });
    for (let i = 1; i < log.length; i += 1) {
      // Each review starts where the one before ended.
      expect(log[i]!.stateBefore).toBe(log[i - 1]!.stateAfter);
      expect(log[i]!.stabilityBefore).toBe(log[i - 1]!.stabilityAfter);
      expect(log[i]!.reviewedAt.getTime()).toBeGreaterThanOrEqual(log[i - 1]!.reviewedAt.getTime());
    }
    expect(memory).toHaveLength(1);
    expect(memory[0]).toMatchObject({ reps: given.length, lapses: last!.lapses, stability: last!.stability });
    expect(memory[0]!.due.toISOString()).toBe(last!.due);
    expect(log.at(-1)!.dueAfter.toISOString()).toBe(last!.due);
  });

  /** Sends the ratings at once, each from its own address; answers the `reviews` counts, in order. */
  async function reviewedAtOnce(cardId: number, ratings: readonly Rating[]) {
    const answers = await Promise.all(
      ratings.map(async (rating, i) => {
        const res = await review({ ...owner, client: `198.51.100.${150 + i}` }, cardId, { rating });
        expect(res.status).toBe(201);
        return cardReviewResultSchema.parse(await res.json());
      }),
    );
    return answers.map((answer) => answer.reviews).sort((a, b) => a - b);
  }

  it('counts reviews sent at once one after the other', async () => {
    const cardId = nextCard();
    await reviewed(cardId, 'good');
    expect(await reviewedAtOnce(cardId, [...RATINGS, ...RATINGS])).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
    const { log, memory } = await stored(owner.id, cardId);
    expect(log).toHaveLength(9);
    expect(log.filter((row) => row.stateBefore === null)).toHaveLength(1);
    expect(memory[0]?.reps).toBe(9);
  });

  it('counts reviews sent at once one after the other, the card’s first review too', async () => {
    // Before the first review there is no row to lock: the user's lock on the card serializes them anyway.
    const cardId = nextCard();
    expect(await reviewedAtOnce(cardId, [...RATINGS, ...RATINGS])).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const { log, memory } = await stored(owner.id, cardId);
    expect(log).toHaveLength(8);
    expect(log.filter((row) => row.stateBefore === null)).toHaveLength(1);
    expect(memory[0]?.reps).toBe(8);
  });
});

describe('a rating sent again (issue 34): with the card’s count of reviews as shown, it counts once', () => {
  /** A rating of the card as shown with `reviewsBefore` reviews, from its own client address. */
  const rateAsShown = async (cardId: number, rating: Rating, reviewsBefore: number, i = 0) => {
    const res = await review({ ...owner, client: `198.51.100.${200 + i}` }, cardId, {
      rating,
      reviewsBefore,
      secondsSpent: 20,
    });
    return { status: res.status, body: cardReviewResultSchema.parse(await res.json()) };
  };

  it('a review repeated within the same second does not count twice: the repeat answers 200 with the one that counted', async () => {
    const cardId = nextCard();
    await reviewed(cardId, 'good');
    const first = await rateAsShown(cardId, 'good', 1);
    // The same rating again at once (a double submit), and a stray key with another rating.
    const again = await rateAsShown(cardId, 'good', 1);
    const stray = await rateAsShown(cardId, 'again', 1);
    expect(first).toMatchObject({ status: 201, body: { reviews: 2, repeated: false, rating: 'good' } });
    for (const repeat of [again, stray]) {
      expect(repeat.status).toBe(200);
      expect(repeat.body).toMatchObject({ reviews: 2, repeated: true, rating: 'good', due: first.body.due });
      expect(repeat.body.learnedSuggestion).toBeNull();
    }
    const { log, memory } = await stored(owner.id, cardId);
    expect(log).toHaveLength(2);
    expect(log.at(-1)!.secondsSpent).toBe(20);
    expect(memory[0]?.reps).toBe(2);
    // Shown again with its new count (Opnieuw brings it back in a session): that rating counts.
    expect(await rateAsShown(cardId, 'easy', 2)).toMatchObject({ status: 201, body: { reviews: 3, repeated: false } });
  });

  it('eight ratings of the card as shown, sent at once, count once: the card’s first review too', async () => {
    for (const [cardId, reviewsBefore] of [
      [nextCard(), 0],
      [nextCard(), 1],
    ] as const) {
      if (reviewsBefore === 1) await reviewed(cardId, 'hard');
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) => rateAsShown(cardId, RATINGS[i % 4]!, reviewsBefore, i)),
      );
      expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(7);
      const counted = answers.find((answer) => answer.status === 201)!.body;
      for (const answer of answers)
        expect(answer.body).toMatchObject({ reviews: reviewsBefore + 1, rating: counted.rating });
      const { log, memory } = await stored(owner.id, cardId);
      expect(log).toHaveLength(reviewsBefore + 1);
      expect(memory[0]?.reps).toBe(reviewsBefore + 1);
    }
  });
});

describe('a review in a run of reviews (from what this server copy kept of the card)', () => {
  // The second review of a card starts from the memory the first one left in this copy, without a read. Each
  // test changes the database behind the copy's back, as another server copy or a school would.

  it('goes on from the stored memory when another copy reviewed the card meanwhile', async () => {
    const cardId = nextCard();
    expect((await reviewed(cardId, 'good')).reviews).toBe(1);
    expect((await reviewed(cardId, 'good')).reviews).toBe(2);
    // Another copy's three reviews: the stored memory moved on.
    const lastReview = new Date(Date.now() - 2 * MINUTE);
    await rt.database.db
      .update(cardMemory)
      .set({ reps: 5, lastReview })
      .where(and(eq(cardMemory.userId, owner.id), eq(cardMemory.cardId, cardId)));
    const next = await reviewed(cardId, 'good');
    expect(next.reviews).toBe(6);
    const { log, memory } = await stored(owner.id, cardId);
    expect(log).toHaveLength(3);
    expect(memory[0]?.reps).toBe(6);
  });

  it('starts again from nothing after the card’s memory was cleared', async () => {
    const cardId = nextCard();
    await reviewed(cardId, 'easy');
    expect((await reviewed(cardId, 'good')).reviews).toBe(2);
    await rt.database.db.delete(cardMemory).where(and(eq(cardMemory.userId, owner.id), eq(cardMemory.cardId, cardId)));
    const fresh = await reviewed(cardId, 'good');
    expect(fresh).toMatchObject({ reviews: 1, lapses: 0 });
    const { log } = await stored(owner.id, cardId);
    expect(log.at(-1)?.stateBefore).toBeNull();
  });

  it('is refused once the access is gone, or is light only, and nothing is stored', async () => {
    const mails = recordMails(rt);
    const pupil = await newUser(rt, mails, 'noor.herhalen@example.nl');
    await addMySubjects(rt.services, pupil.id, [subject.full]);
    const { db } = rt.database;
    await grantSubjectAccess(db, { userId: pupil.id, subjectId: subject.full, stream: 'full', source: 'demo' });
    const cardId = reviewable.at(-1)!;
    const first = await review(pupil, cardId, { rating: 'good' });
    expect(first.status).toBe(201);
    expect((await review(pupil, cardId, { rating: 'good' })).status).toBe(201);
    const before = await everythingOf(pupil.id);
    expect(before.log).toHaveLength(2);

    // Only the light stream now: this card is not part of it.
    await db
      .update(subjectAccess)
      .set({ stream: 'light' })
      .where(and(eq(subjectAccess.userId, pupil.id), eq(subjectAccess.subjectId, subject.full)));
    const light = await refused(await review(pupil, cardId, { rating: 'good' }), 403);
    expect(light.message).toBe(STUDY_MESSAGES.LIGHT_ONLY);

    // No access at all.
    await db
      .delete(subjectAccess)
      .where(and(eq(subjectAccess.userId, pupil.id), eq(subjectAccess.subjectId, subject.full)));
    const none = await refused(await review(pupil, cardId, { rating: 'good' }), 403);
    expect(none.message).toBe(STUDY_MESSAGES.NO_ACCESS);
    expect(await everythingOf(pupil.id)).toEqual(before);
  });

  it('answers the learned mark as it is stored now', async () => {
    const cardId = nextCard();
    await reviewed(cardId, 'good');
    expect((await reviewed(cardId, 'again')).learnedSuggestion).toBeNull();
    // Marked learned elsewhere (another tab, another copy): the next review knows it without reading it.
    await rt.database.db
      .insert(userCards)
      .values({ userId: owner.id, cardId, learnedAt: new Date() })
      .onConflictDoUpdate({ target: [userCards.userId, userCards.cardId], set: { learnedAt: new Date() } });
    const forgotten = await reviewed(cardId, 'again');
    expect(forgotten).toMatchObject({ reviews: 3, learnedSuggestion: 'forgotten_learned' });
    expect(await learnedMark(cardId)).toBe(true);
  });
});

// Fuzzing the body.

/** Generated requests. */
const RUNS = 1200;

const { junkValue } = junk({
  lengths: [0, 1, 2, 5, 20, 200, 10_000],
  alphabet: ['a', 'Z', '0', ' ', '"', '\\', '\u0000', 'é', '€', '🙂', '\u202e', '\n', '{', '%'],
  numbers: [0, -1, 1, 3, 1.5, -0.5, 3600, 3601, 2 ** 31, 2 ** 53 + 2, 1e308, -1e308, 5e-324],
  words: ['good', 'again', 'Goed', '3', ''],
  keys: ['rating', 'secondsSpent'],
});

const BAD_RATINGS: readonly unknown[] = [
  'Good',
  'GOOD',
  ' good',
  'good ',
  'goed',
  'Opnieuw',
  'makkelijk',
  'medium',
  'again\u0000',
  '',
  '1',
  '4',
  1,
  3,
  0,
  true,
  false,
  null,
  ['good'],
  { value: 'good' },
  'good'.repeat(2_500),
];
const GOOD_SECONDS = [0, 1, 35, 600, 3599, MAX_REVIEW_SECONDS];
const BAD_SECONDS: readonly unknown[] = [
  -1,
  -0.5,
  0.5,
  1.5,
  35.25,
  3601,
  3600.5,
  1e9,
  2 ** 31,
  2 ** 53 + 2,
  1e308,
  -1e308,
  5e-324,
  Number.MAX_SAFE_INTEGER,
  '35',
  '',
  'NaN',
  null,
  true,
  [],
  [35],
  {},
  { seconds: 35 },
];

/** A review-like object: each field right, wrong or missing, now and then more keys or too many bytes. */
function reviewObject(random: Random): Record<string, unknown> {
  const body: Record<string, unknown> = {
    rating: fieldValue(random, { good: RATINGS, bad: BAD_RATINGS, junk: junkValue }, [0.3, 0.85, 0.93]),
    secondsSpent: fieldValue(random, { good: GOOD_SECONDS, bad: BAD_SECONDS, junk: junkValue }, [0.25, 0.75, 0.85]),
  };
  if (chance(random, 0.15)) body[pick(random, ['extra', 'cardId', 'userId', 'reviews', 'Rating'])] = junkValue(random);
  if (chance(random, 0.05)) body.filler = 'x'.repeat(DEFAULT_MAX_BODY_BYTES);
  return body;
}

/** The bodies sent: review-like objects most, then other JSON, text that is no JSON, a review as text, none. */
const BODIES: BodyMix = {
  object: reviewObject,
  values: [
    (random) => junkValue(random),
    () => [{ rating: 'good' }],
    () => RATINGS.slice(),
    () => null,
    () => 'good',
    () => 3,
    () => ({ review: { rating: 'good', secondsSpent: 3 } }),
    () => 'x'.repeat(10_000),
  ],
  notJson: [
    '{"rating":',
    '{"rating":"good"',
    '{"rating":"good",}',
    "{'rating':'good'}",
    '{rating: "good"}',
    'rating=good',
    'good',
    '{"rating":"good","secondsSpent":NaN}',
    '{"rating":"good","secondsSpent":Infinity}',
    '{"rating":"good","secondsSpent":0x10}',
    '{"rating":"good","secondsSpent":01}',
    '<review rating="good"/>',
    '{"rating":"' + 'a'.repeat(20_000) + '"}',
  ],
  asText: ['{"rating":"good"}', 'rating=good', '{"rating":"good","secondsSpent":3}'],
  shares: [0.55, 0.75, 0.9, 0.97],
};

/** The field errors a body earns, or null for a valid review. */
function expectedErrors(value: unknown): Record<string, string> | null {
  // No object: one error for the body as a whole (key ''), whatever its text.
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { '': '' };
  const body = value as Record<string, unknown>;
  const errors: Record<string, string> = {};
  if (!RATINGS.includes(body.rating as Rating)) errors.rating = REVIEW_MESSAGES.RATING;
  const seconds = body.secondsSpent;
  const okSeconds =
    seconds === undefined ||
    (typeof seconds === 'number' && Number.isInteger(seconds) && seconds >= 0 && seconds <= MAX_REVIEW_SECONDS);
  if (!okSeconds) errors.secondsSpent = REVIEW_MESSAGES.SECONDS_SPENT;
  return Object.keys(errors).length ? errors : null;
}

/** What the API must answer for a body it reads: 201, or a 400 with the code and the field errors. */
function expected(value: unknown): { status: number; error?: string; fields?: Record<string, string> } {
  const fields = expectedErrors(value);
  if (!fields) return { status: 201 };
  return { status: 400, error: 'validation_failed', fields };
}

const DUTCH = dutchMessages(API_MESSAGES, STUDY_MESSAGES, REVIEW_MESSAGES);

describe(`bad or odd bodies (${RUNS} generated): 201 when valid after all, else 400, 413 or 415 — never 5xx`, () => {
  it('answers each as it should, in the one error shape with Dutch field errors', { timeout: 60_000 }, async () => {
    const cardId = nextCard();
    let accepted = 0;
    const statuses = await sendGeneratedBodies(rt, {
      method: 'POST',
      url: `/api/v1/users/me/cards/${cardId}/reviews`,
      cookie: owner.cookie,
      seed: 20_260_520,
      runs: RUNS,
      bodies: BODIES,
      expected,
      dutch: DUTCH,
      accepted: (answer) => {
        accepted += 1;
        expect(cardReviewResultSchema.parse(answer)).toMatchObject({ cardId, reviews: accepted });
      },
      refused: (error, want, label) => {
        if (!want.fields) return;
        const fieldErrors = error.fieldErrors ?? {};
        for (const [field, message] of Object.entries(want.fields)) {
          expect(fieldErrors[field]?.length, label).toBeGreaterThan(0);
          if (message) expect(new Set(fieldErrors[field]), label).toEqual(new Set([message]));
        }
        for (const [field, messages] of Object.entries(fieldErrors)) {
          // The message for a body that is no object is checked on its own below (a known bug).
          if (field === '') continue;
          for (const message of messages) expect(DUTCH.has(message), `${label}: ${message}`).toBe(true);
        }
      },
    });
    // Every kind of answer came up, nothing was reported as a failure, and only the valid reviews were kept.
    expect([...statuses.keys()].sort(), JSON.stringify([...statuses])).toEqual([201, 400, 413, 415]);
    expect(statuses.get(400)!).toBeGreaterThan(RUNS / 2);
    expect(rt.reported).toEqual([]);
    const { log, memory } = await stored(owner.id, cardId);
    expect(log).toHaveLength(accepted);
    expect(memory[0]?.reps).toBe(accepted);
  });
});

describe('a body that is no object', () => {
  const NO_OBJECTS: [string, unknown][] = [
    ['an array', [{ rating: 'good' }]],
    ['null', null],
    ['a number', 3],
    ['a string', 'good'],
    ['true', true],
  ];

  it.each(NO_OBJECTS)('%s: 400, nothing stored', async (_name, body) => {
    const cardId = reviewable[0]!;
    const before = await stored(owner.id, cardId);
    const error = await refused(await review(owner, cardId, body), 400);
    expect(error).toMatchObject({ error: 'validation_failed', message: API_MESSAGES.VALIDATION_FAILED });
    expect(error.fieldErrors?.['']).toHaveLength(1);
    expect(await stored(owner.id, cardId)).toEqual(before);
  });

  it.each(NO_OBJECTS)('%s: its field error is Dutch', async (_name, body) => {
    const error = await refused(await review(owner, reviewable[0]!, body), 400);
    for (const message of error.fieldErrors?.[''] ?? []) expect(DUTCH.has(message), message).toBe(true);
  });
});

describe('GET /v1/users/me/reviews/due', () => {
  const queueOf = async (caller: Caller) => {
    const res = await call(caller, 'GET', '/users/me/reviews/due');
    expect(res.status).toBe(200);
    return reviewQueueSchema.parse(await res.json());
  };

  it('lists the reviewed cards that are due now, soonest first, in subjects the pupil may open; a review takes it off', async () => {
    const [soon, later, notYet] = [nextCard(), nextCard(), nextCard()];
    for (const cardId of [soon, later, notYet]) await reviewed(cardId, 'good', 40);
    // Move two of them back in time, as if reviewed weeks ago: due now (the oldest first).
    const { db } = rt.database;
    const dueAt = (cardId: number, daysAgo: number) =>
      db
        .update(cardMemory)
        .set({ due: new Date(Date.now() - daysAgo * DAY), lastReview: new Date(Date.now() - (daysAgo + 5) * DAY) })
        .where(and(eq(cardMemory.userId, owner.id), eq(cardMemory.cardId, cardId)));
    await dueAt(soon, 3);
    await dueAt(later, 1);
    const queue = await queueOf(owner);
    const ids = queue.cards.map((card) => card.cardId);
    expect(ids.indexOf(soon)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(soon)).toBeLessThan(ids.indexOf(later));
    expect(ids).not.toContain(notYet);
    expect(queue.total).toBe(queue.cards.length);
    const first = queue.cards.find((card) => card.cardId === soon)!;
    expect(first.subject).toMatchObject({ id: subject.full, slug: 'wiskunde-b-havo' });
    expect(first.recallNow).toBeGreaterThan(0);
    expect(first.recallNow).toBeLessThan(1);
    // The pupil’s own mean seconds per review of a card read before (their latest 100; first reads take longer and
    // are not counted; 30 s before the first), times the cards, in whole minutes (at least 1).
    const timed = (await everythingOf(owner.id)).log
      .filter((row) => row.secondsSpent !== null && row.stateBefore !== null)
      .sort((a, b) => b.reviewedAt.getTime() - a.reviewedAt.getTime() || b.id - a.id)
      .slice(0, 100)
      .map((row) => row.secondsSpent!);
    const mean = timed.length ? timed.reduce((sum, seconds) => sum + seconds, 0) / timed.length : 30;
    expect(queue.minutes).toBe(Math.max(1, Math.round((queue.total * mean) / 60)));

    await reviewed(soon, 'good');
    expect((await queueOf(owner)).cards.map((card) => card.cardId)).not.toContain(soon);
    // Another user sees nothing of it.
    expect(await queueOf(other)).toEqual({ cards: [], total: 0, minutes: 0 });
  });

  it('anonymous: 401', async () => {
    const res = await call(null, 'GET', '/users/me/reviews/due');
    expect((await refused(res, 401)).error).toBe('unauthorized');
  });
});
