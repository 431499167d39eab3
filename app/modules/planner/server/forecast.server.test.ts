import { describe, expect, it } from 'vitest';
import { DAY_MS } from '#app/platform/dates.ts';
import { reviewCard } from '#app/modules/reviews/index.ts';
import { planToday, type PlanCard, type PlanInput } from './plan.server.ts';
import { forecastWorkload, type ReviewFn } from './forecast.server.ts';

/** Monday 1 March 2027, 16:00 in Amsterdam. */
const NOW = new Date('2027-03-01T15:00:00Z');
/** An exam morning `n` days from NOW (08:30 in Amsterdam that day, 07:30 UTC in summer time… near enough). */
const examIn = (n: number) => new Date(NOW.getTime() + n * DAY_MS - 7.5 * 3_600_000);
const review: ReviewFn = (memory, rating, now) => reviewCard(memory, rating, now);

function unseenCards(subjectId: number, n: number, firstId: number): PlanCard[] {
  return Array.from({ length: n }, (_, i) => ({ id: firstId + i, subjectId, topicId: null, memory: null }));
}

function input(cards: PlanCard[], subjects: PlanInput['subjects'], extra: Partial<PlanInput> = {}): PlanInput {
  return {
    now: NOW,
    cards,
    subjects,
    schoolYearEnd: examIn(200),
    budgetMinutes: 20,
    secondsPerReview: 20,
    secondsPerNew: 60,
    ...extra,
  };
}

describe('forecastWorkload (issue 20, part 6)', () => {
  it('starts with today’s plan and leaves the input’s cards as they were', () => {
    const cards = unseenCards(1, 30, 1);
    const plan = input(cards, [{ id: 1, examDate: examIn(20) }]);
    const days = forecastWorkload(plan, 5, review);
    const today = planToday(plan);
    expect(days[0]).toMatchObject({
      minutes: today.minutes,
      reviews: today.reviews.length,
      newCards: today.newCards.length,
    });
    expect(cards.every((c) => c.memory === null)).toBe(true);
    expect(days).toHaveLength(5);
  });

  it('gives each calendar day once, at its local midnight, across the clock change', () => {
    // Summer time starts on Sunday 28 March 2027.
    const days = forecastWorkload(input(unseenCards(1, 10, 1), [{ id: 1, examDate: examIn(40) }]), 40, review);
    const dates = days.map((d) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam', dateStyle: 'short' }).format(d.date),
    );
    expect(new Set(dates).size).toBe(dates.length);
    expect(dates[0]).toBe('2027-03-01');
    expect(dates[27]).toBe('2027-03-28');
    expect(dates[28]).toBe('2027-03-29');
    const hours = days.map((d) =>
      new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Amsterdam', hour: '2-digit', hourCycle: 'h23' }).format(
        d.date,
      ),
    );
    expect(new Set(hours)).toEqual(new Set(['00']));
  });

  it('reads the new cards, then reviews them as they come due, and stops at the last exam', () => {
    const days = forecastWorkload(
      input(unseenCards(1, 60, 1), [
        { id: 1, examDate: examIn(30) },
        { id: 2, examDate: examIn(10) },
      ]),
      200,
      review,
    );
    // Up to and including the day of the last exam (30 days on).
    expect(days).toHaveLength(31);
    expect(days.reduce((sum, d) => sum + d.newCards, 0)).toBe(60);
    expect(days.slice(1).some((d) => d.reviews > 0)).toBe(true);
    expect(days.at(-1)).toMatchObject({ minutes: 0, reviews: 0, newCards: 0 });
    for (const d of days) expect(d.minutes).toBeLessThanOrEqual(20);
  });

  it('reads every card of 3 subjects × 300 cards over 150 days', () => {
    const cards = [1, 2, 3].flatMap((s) => unseenCards(s, 300, s * 1000));
    const plan = input(cards, [
      { id: 1, examDate: examIn(130) },
      { id: 2, examDate: examIn(140) },
      { id: 3, examDate: examIn(150) },
    ]);
    const days = forecastWorkload(plan, 150, review);
    expect(days).toHaveLength(150);
    expect(days.reduce((sum, d) => sum + d.newCards, 0)).toBe(900);
  });
});
