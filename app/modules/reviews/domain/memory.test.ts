import { fsrs, generatorParameters } from 'ts-fsrs';
import { describe, expect, it } from 'vitest';
import {
  learnedSuggestion,
  nextReviewText,
  recallAt,
  reviewCard,
  stabilityAfterReview,
  type CardMemory,
} from './memory.ts';
import { ratingForKey } from './ratings.ts';

const DAY = 86_400_000;
const start = new Date('2027-01-10T16:00:00Z');
const later = (days: number) => new Date(start.getTime() + days * DAY);

describe('reviewing a card', () => {
  it('a first read rated Goed goes to its first interval of days and logs no state before', () => {
    const { memory, log } = reviewCard(null, 'good', start, { secondsSpent: 40 });
    expect(memory.state).toBe(2);
    expect(memory.reps).toBe(1);
    // No same-day step for a card known at once (ADR 031): back after days, not after 10 minutes.
    expect(memory.due.getTime() - start.getTime()).toBeGreaterThanOrEqual(DAY);
    expect(nextReviewText(memory.due, start)).toMatch(/^(morgen|over \d+ dagen)$/);
    expect(log).toMatchObject({ rating: 3, elapsedDays: 0, before: null, secondsSpent: 40 });
    expect(log.after.stability).toBe(memory.stability);
  });

  it('a first read rated Opnieuw or Moeilijk starts the card in its learning step, back the same day', () => {
    const again = reviewCard(null, 'again', start).memory;
    expect(again.state).toBe(1);
    expect(nextReviewText(again.due, start)).toBe('over 10 minuten');
    const hard = reviewCard(null, 'hard', start).memory;
    expect(hard.state).toBe(1);
    expect(nextReviewText(hard.due, start)).toBe('over 15 minuten');
  });

  it('a card known again and again is spaced further and further apart', () => {
    let memory: CardMemory = reviewCard(null, 'good', start).memory;
    const gaps: number[] = [];
    for (let i = 0; i < 5; i++) {
      const at = memory.due;
      memory = reviewCard(memory, 'good', at).memory;
      gaps.push(memory.due.getTime() - at.getTime());
    }
    for (let i = 1; i < gaps.length; i++) expect(gaps[i]).toBeGreaterThan(gaps[i - 1]!);
  });

  it('forgetting a card (Opnieuw) counts a lapse and brings it back soon', () => {
    let memory = reviewCard(null, 'easy', start).memory;
    memory = reviewCard(memory, 'good', memory.due).memory;
    const { memory: after, log } = reviewCard(memory, 'again', memory.due);
    expect(after.lapses).toBe(1);
    expect(after.state).toBe(3);
    expect(after.due.getTime() - memory.due.getTime()).toBeLessThan(DAY);
    expect(after.stability).toBeLessThan(memory.stability);
    expect(log.before).toEqual({ state: memory.state, stability: memory.stability, difficulty: memory.difficulty });
  });

  it('the four ratings order the next review: Opnieuw soonest, Makkelijk latest', () => {
    const memory = reviewCard(reviewCard(null, 'good', start).memory, 'good', later(1)).memory;
    const dues = (['again', 'hard', 'good', 'easy'] as const).map((r) => reviewCard(memory, r, later(4)).memory.due);
    for (let i = 1; i < dues.length; i++) expect(dues[i]!.getTime()).toBeGreaterThan(dues[i - 1]!.getTime());
  });
});

describe("a pupil's own parameters", () => {
  it("schedule each pupil's reviews with their own weights, the same every time", () => {
    const defaults = generatorParameters().w;
    // Two pupils' fitted weights: one who forgets faster (lower initial stability for Goed) and the defaults.
    const slower = defaults.map((w, i) => (i === 2 ? w / 3 : w));
    const gap = (weights?: readonly number[]) => {
      const first = reviewCard(null, 'good', start, weights ? { weights } : {}).memory;
      const second = reviewCard(first, 'good', first.due, weights ? { weights } : {}).memory;
      return second.due.getTime() - first.due.getTime();
    };
    const own = gap(slower);
    expect(own).toBeLessThan(gap());
    // Alternating pupils, as a server answers them: each keeps their own schedule.
    expect([gap(defaults), gap(slower), gap(defaults), gap(slower)]).toEqual([gap(), own, gap(), own]);
    expect(reviewCard(null, 'good', start, { weights: [...slower] }).memory, 'equal weights, another array').toEqual(
      reviewCard(null, 'good', start, { weights: slower }).memory,
    );
  });
});

describe('the stability a review would leave (for weighing plans)', () => {
  it('is what ts-fsrs gives the review, for every rating, same-day steps and long gaps, default and own parameters', () => {
    const own = [
      0.4, 1.1, 2.8, 9.1, 6.1, 0.7, 2.5, 0.01, 1.6, 0.2, 0.9, 1.6, 0.08, 0.3, 1.5, 0.5, 2.1, 0.6, 0.15, 0.1, 0.25,
    ];
    for (const weights of [undefined, own]) {
      const estimate = stabilityAfterReview(weights);
      const options = weights ? { weights } : {};
      let m = reviewCard(null, 'good', new Date('2027-01-04T15:00:00Z'), options).memory;
      expect(estimate(null, 3, m.lastReview)).toBeCloseTo(m.stability, 6);
      const steps = [
        [0.01, 'again', 1],
        [0.02, 'good', 3],
        [3, 'good', 3],
        [12.5, 'again', 1],
        [0.3, 'hard', 2],
        [6, 'easy', 4],
        [41, 'hard', 2],
        [90, 'good', 3],
      ] as const;
      for (const [days, rating, grade] of steps) {
        const at = new Date(m.lastReview.getTime() + days * 86_400_000);
        const predicted = estimate(m, grade, at);
        m = reviewCard(m, rating, at, options).memory;
        expect(predicted).toBeCloseTo(m.stability, 6);
      }
    }
  });
});

describe('predicted recall', () => {
  it("is FSRS-6's forgetting curve: 90 % after `stability` days, falling after", () => {
    const memory = reviewCard(reviewCard(null, 'good', start).memory, 'good', later(1)).memory;
    const f = fsrs(generatorParameters({ enable_fuzz: false }));
    for (const days of [1, 3, 30, 120]) {
      const when = new Date(memory.lastReview.getTime() + days * DAY);
      const card = { ...memory, elapsed_days: 0, scheduled_days: 0, learning_steps: 0, last_review: memory.lastReview };
      expect(recallAt(memory, when)).toBeCloseTo(f.get_retrievability(card, when, false) as number, 6);
    }
    const atStability = new Date(memory.lastReview.getTime() + memory.stability * DAY);
    expect(recallAt(memory, atStability)).toBeCloseTo(0.9, 6);
    expect(recallAt(memory, later(200))).toBeLessThan(recallAt(memory, later(20)));
  });
});

describe('the learned mark', () => {
  it('is suggested for a card known for a week or more, and a forgotten learned card is pointed out', () => {
    let memory = reviewCard(null, 'good', start).memory;
    expect(learnedSuggestion(memory, 'good', false)).toBeNull();
    for (let i = 0; i < 3; i++) memory = reviewCard(memory, 'good', memory.due).memory;
    expect(memory.scheduledDays).toBeGreaterThanOrEqual(7);
    expect(learnedSuggestion(memory, 'good', false)).toBe('suggest_learned');
    expect(learnedSuggestion(memory, 'good', true)).toBeNull();
    expect(learnedSuggestion(memory, 'hard', false)).toBeNull();
    expect(learnedSuggestion(memory, 'again', true)).toBe('forgotten_learned');
  });
});

describe('texts and keys', () => {
  it('says when the next review is in Dutch', () => {
    expect(nextReviewText(new Date(start.getTime() + 10 * 60_000), start)).toBe('over 10 minuten');
    expect(nextReviewText(new Date(start.getTime() + 60_000), start)).toBe('over 1 minuut');
    expect(nextReviewText(new Date(start.getTime() + 5 * 3_600_000), start)).toBe('over 5 uur');
    expect(nextReviewText(later(1), start)).toBe('morgen');
    expect(nextReviewText(later(12), start)).toBe('over 12 dagen');
    expect(nextReviewText(later(61), start)).toBe('over 2 maanden');
  });

  it('keys 1 to 4 rate, other keys do not', () => {
    expect(['1', '2', '3', '4', '5', ' '].map(ratingForKey)).toEqual([
      'again',
      'hard',
      'good',
      'easy',
      undefined,
      undefined,
    ]);
  });
});
