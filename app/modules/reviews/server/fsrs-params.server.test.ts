import { describe, expect, it } from 'vitest';
import { demoReviewHistories } from './demo-reviews.server.ts';
import {
  areUsableWeights,
  MIN_REVIEWS_TO_FIT,
  reviewHistories,
  trainingItems,
  type LoggedReview,
} from './fsrs-params.server.ts';
import { reviewCard } from '../domain/memory.ts';
import { fitWeights } from './fsrs.server.ts';

/** A review of card `cardId` at an Amsterdam wall-clock time given in UTC (CET is UTC+1, CEST UTC+2). */
const at = (cardId: number, rating: number, iso: string): LoggedReview => ({
  cardId,
  rating,
  reviewedAt: new Date(iso),
});

describe('the review log as the FSRS optimizer reads it', () => {
  it('groups the log per card, oldest first, with the grade and the whole days since the review before', () => {
    const log = [
      at(7, 3, '2027-01-10T18:00:00Z'),
      at(9, 1, '2027-01-10T18:05:00Z'),
      at(7, 3, '2027-01-10T18:10:00Z'), // the same evening: 0 days
      at(9, 3, '2027-01-10T18:15:00Z'),
      at(7, 4, '2027-01-13T19:30:00Z'), // three days later
      at(9, 2, '2027-01-12T08:00:00Z'),
    ];
    expect(reviewHistories(log)).toEqual([
      [
        { rating: 3, deltaT: 0 },
        { rating: 3, deltaT: 0 },
        { rating: 4, deltaT: 3 },
      ],
      [
        { rating: 1, deltaT: 0 },
        { rating: 3, deltaT: 0 },
        { rating: 2, deltaT: 2 },
      ],
    ]);
  });

  it('sorts the log by time itself', () => {
    const log = [at(1, 3, '2027-01-12T18:00:00Z'), at(1, 1, '2027-01-10T18:00:00Z')];
    expect(reviewHistories(log)).toEqual([
      [
        { rating: 1, deltaT: 0 },
        { rating: 3, deltaT: 2 },
      ],
    ]);
  });

  it("counts the pupil's days in Amsterdam, starting at 04:00: a review after midnight belongs to the evening before", () => {
    const log = [
      at(1, 3, '2027-01-10T22:30:00Z'), // 23:30 on the 10th
      at(1, 3, '2027-01-11T01:30:00Z'), // 02:30 on the 11th: still the 10th's day
      at(1, 3, '2027-01-11T03:30:00Z'), // 04:30 on the 11th: the next day
      // Summer time (CEST): 04:30 local is 02:30 UTC.
      at(2, 3, '2027-07-01T01:30:00Z'), // 03:30 on 1 July: 30 June's day
      at(2, 3, '2027-07-01T02:30:00Z'), // 04:30 on 1 July
    ];
    expect(reviewHistories(log).map((card) => card.map((review) => review.deltaT))).toEqual([
      [0, 0, 1],
      [0, 1],
    ]);
  });

  it('refuses a rating that is no FSRS grade', () => {
    expect(() => reviewHistories([at(1, 5, '2027-01-10T18:00:00Z')])).toThrow(RangeError);
  });

  it("makes one training item per review after a card's first, from its first review up to it", () => {
    const items = trainingItems([
      [
        { rating: 3, deltaT: 0 },
        { rating: 3, deltaT: 2 },
        { rating: 1, deltaT: 5 },
      ],
      [
        { rating: 4, deltaT: 0 },
        { rating: 3, deltaT: 7 },
      ],
    ]);
    expect(items).toEqual([
      [
        { rating: 3, deltaT: 0 },
        { rating: 3, deltaT: 2 },
      ],
      [
        { rating: 3, deltaT: 0 },
        { rating: 3, deltaT: 2 },
        { rating: 1, deltaT: 5 },
      ],
      [
        { rating: 4, deltaT: 0 },
        { rating: 3, deltaT: 7 },
      ],
    ]);
  });

  it('leaves out items with every review on the first day (fsrs-rs would panic) and items past 64 reviews', () => {
    const sameDay = [
      { rating: 1, deltaT: 0 },
      { rating: 3, deltaT: 0 },
      { rating: 3, deltaT: 0 },
      { rating: 3, deltaT: 1 },
      { rating: 3, deltaT: 0 },
    ] as const;
    expect(trainingItems([sameDay]).map((item) => item.length)).toEqual([4, 5]);
    expect(trainingItems([sameDay.slice(0, 3)])).toEqual([]);
    const long = Array.from({ length: 80 }, (_, i) => ({ rating: 3 as const, deltaT: i === 0 ? 0 : 1 }));
    const lengths = trainingItems([long]).map((item) => item.length);
    expect(lengths[0]).toBe(2);
    expect(Math.max(...lengths)).toBe(64);
    expect(lengths).toHaveLength(63);
  });

  it('takes 21 finite numbers as parameters, nothing else', () => {
    expect(areUsableWeights(Array.from({ length: 21 }, () => 0.5))).toBe(true);
    expect(areUsableWeights(Array.from({ length: 19 }, () => 0.5))).toBe(false);
    expect(areUsableWeights([...Array.from({ length: 20 }, () => 0.5), Number.NaN])).toBe(false);
    expect(areUsableWeights([...Array.from({ length: 20 }, () => 0.5), Number.POSITIVE_INFINITY])).toBe(false);
  });
});

describe('the FSRS optimizer (the binding, here)', () => {
  it("fits the demo pupil's history: above the threshold, 21 finite parameters, shorter intervals than the defaults", async () => {
    const now = new Date('2027-01-10T12:00:00Z');
    const cards = Array.from({ length: 51 }, (_, i) => 1000 + i);
    const histories = demoReviewHistories(cards, 20_261_134, now);
    const log = histories.flatMap(({ cardId, logs }) =>
      logs.map((entry) => ({ cardId, rating: entry.rating, reviewedAt: entry.reviewedAt })),
    );
    expect(log.length).toBeGreaterThanOrEqual(MIN_REVIEWS_TO_FIT);
    // Deterministic: the same history at another hour of the day.
    const again = demoReviewHistories(cards, 20_261_134, new Date('2027-01-10T23:00:00Z'));
    expect(again.map((card) => card.logs.length)).toEqual(histories.map((card) => card.logs.length));

    const weights = await fitWeights(trainingItems(reviewHistories(log)));
    expect(areUsableWeights(weights)).toBe(true);
    // This pupil forgets faster than the default learner: a card known once comes back sooner.
    const first = (w?: number[]) => reviewCard(null, 'good', now, w ? { weights: w } : {}).memory;
    const second = (w?: number[]) => {
      const memory = first(w);
      const day3 = new Date(now.getTime() + 3 * 86_400_000);
      return reviewCard({ ...memory, due: day3 }, 'good', day3, w ? { weights: w } : {}).memory.scheduledDays;
    };
    expect(second(weights)).toBeLessThan(second());
  });
});
