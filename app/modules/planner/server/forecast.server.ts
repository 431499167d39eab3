/**
 * The daily workload until the exams (issue 20, part 6): today's plan (plan.server.ts) run for each coming
 * day on a copy of the cards, assuming the pupil does every planned card and rates it Goed ('good') at
 * 17:00 local time (or now, when today is later than that). Nothing is stored.
 *
 * Cost: one planToday per day (linear in the cards) plus one review per planned card. 3 subjects × 300
 * cards × 150 days took about 0.1–0.2 s on the 2-core development machine (forecast.server.test.ts
 * measures it), so no sampling or cap is needed beyond `days`.
 */
import type { CardMemory, ReviewRating } from '#app/modules/reviews/index.ts';
import { calendar, planToday, type PlanCard, type PlanInput } from './plan.server.ts';

export interface ForecastDay {
  /** The start (local midnight) of the day. */
  date: Date;
  /** Minutes the day's plan takes. */
  minutes: number;
  reviews: number;
  newCards: number;
}

/** A review: the card's memory after it (the reviews module's reviewCard; bind the pupil's weights). */
export type ReviewFn = (memory: CardMemory | null, rating: ReviewRating, now: Date) => { memory: CardMemory };

/** The rating every planned card is assumed to get. */
export const FORECAST_RATING: ReviewRating = 'good';
/** The local hour at which the forecast assumes the day's cards are done. */
export const FORECAST_HOUR = 17;

/**
 * Today's and each following day's workload, for at most `days` days, up to and including the day of the
 * last exam (or the end of the school year for a subject without one). The input's cards are not changed.
 */
export function forecastWorkload(input: PlanInput, days: number, review: ReviewFn): ForecastDay[] {
  const lastExam = Math.max(
    ...input.subjects.map((s) => (s.examDate ?? input.schoolYearEnd).getTime()),
    Number.NEGATIVE_INFINITY,
  );
  const cards: PlanCard[] = input.cards.map((card) => ({ ...card }));
  const index = new Map(cards.map((card, i) => [card.id, i]));
  const result: ForecastDay[] = [];

  let now = input.now;
  for (let day = 0; day < days; day++) {
    const { startOfToday, endOfToday } = calendar(now, input.timeZone);
    if (startOfToday.getTime() > lastExam) break;
    const plan = planToday({ ...input, now, cards });
    result.push({
      date: startOfToday,
      minutes: plan.minutes,
      reviews: plan.reviews.length,
      newCards: plan.newCards.length,
    });
    // 17:00 local is always 7 hours before the next midnight (clock changes happen at night).
    const studyAt = new Date(Math.max(now.getTime(), endOfToday.getTime() - (24 - FORECAST_HOUR) * 3_600_000));
    for (const id of [...plan.reviews, ...plan.newCards]) {
      const i = index.get(id)!;
      const card = cards[i]!;
      cards[i] = { ...card, memory: review(card.memory, FORECAST_RATING, studyAt).memory };
    }
    // The next day is planned at its own 17:00; `+ 1 h` steps past a 23-hour day's midnight safely.
    const next = calendar(new Date(endOfToday.getTime() + 3_600_000), input.timeZone);
    now = new Date(next.endOfToday.getTime() - (24 - FORECAST_HOUR) * 3_600_000);
  }
  return result;
}
