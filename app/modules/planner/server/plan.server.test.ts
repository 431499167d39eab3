import { describe, expect, it } from 'vitest';
import { DAY_MS } from '#app/platform/dates.ts';
import { daysUntilRecall, recallAfter, recallAt, type CardMemory } from '#app/modules/reviews/index.ts';
import {
  calendar,
  INTERIM_RECALL,
  NEW_CARD_BUFFER_DAYS,
  planToday,
  type PlanCard,
  type PlanInput,
  type PlanSubject,
} from './plan.server.ts';

/** Monday 1 March 2027, 16:00 in Amsterdam. */
const NOW = new Date('2027-03-01T15:00:00Z');
const days = (n: number) => new Date(NOW.getTime() + n * DAY_MS);
/** An exam morning `n` days from NOW (08:30 in Amsterdam that day). */
const examIn = (n: number) => new Date(days(n).getTime() - 7.5 * 3_600_000);

function memory({
  stability,
  reviewedDaysAgo,
  dueInDays,
}: {
  stability: number;
  reviewedDaysAgo: number;
  dueInDays: number;
}): CardMemory {
  return {
    due: days(dueInDays),
    stability,
    difficulty: 5,
    state: 2,
    reps: 3,
    lapses: 0,
    learningSteps: 0,
    scheduledDays: Math.round(reviewedDaysAgo + dueInDays),
    lastReview: days(-reviewedDaysAgo),
  };
}

/**
 * A learned card whose recall reaches INTERIM_RECALL `inDays` from NOW (negative: that long ago); FSRS has it
 * due where its recall reached 0.9, `stability` days after its last review.
 */
function atInterim(stability: number, inDays: number): CardMemory {
  const reviewedDaysAgo = daysUntilRecall(stability, INTERIM_RECALL) - inDays;
  return memory({ stability, reviewedDaysAgo, dueInDays: stability - reviewedDaysAgo });
}

let nextId = 1;
const card = (subjectId: number, m: CardMemory | null = null): PlanCard => ({
  id: nextId++,
  subjectId,
  topicId: null,
  memory: m,
});
const unseen = (subjectId: number, n: number) => Array.from({ length: n }, () => card(subjectId));
/** Well known: due long after any exam here, recall on the exam morning far above 0.9. */
const known = (subjectId: number) => card(subjectId, memory({ stability: 500, reviewedDaysAgo: 1, dueInDays: 400 }));

function plan(cards: PlanCard[], subjects: PlanSubject[], extra: Partial<PlanInput> = {}) {
  return planToday({
    now: NOW,
    cards,
    subjects,
    schoolYearEnd: examIn(120),
    budgetMinutes: 20,
    secondsPerReview: 20,
    secondsPerNew: 60,
    ...extra,
  });
}

describe('planToday (issue 20)', () => {
  it('gives a subject whose exam morning has passed nothing', () => {
    const due = card(1, memory({ stability: 3, reviewedDaysAgo: 5, dueInDays: -2 }));
    const result = plan([due, ...unseen(1, 5)], [{ id: 1, examDate: examIn(-1) }]);
    expect(result.reviews).toEqual([]);
    expect(result.newCards).toEqual([]);
    expect(result.leftOut).toEqual({ reviews: 0, newCards: 0 });
    expect(result.perSubject[0]).toMatchObject({ subjectId: 1, afterExam: true, newPerDay: 0 });
  });

  it('also once the exam morning has passed on the exam day itself', () => {
    const due = card(1, memory({ stability: 3, reviewedDaysAgo: 5, dueInDays: -1 }));
    expect(plan([due], [{ id: 1, examDate: examIn(0) }]).reviews).toEqual([]);
  });

  it('reviews a learned card whose recall fell to INTERIM_RECALL yesterday', () => {
    const due = card(1, atInterim(3, -1));
    expect(recallAt(due.memory!, NOW)).toBeLessThan(INTERIM_RECALL);
    expect(plan([due, known(1)], [{ id: 1, examDate: examIn(60) }]).reviews).toEqual([due.id]);
  });

  it('lets a learned card fall past FSRS’s 0.9 to INTERIM_RECALL before a review, far from its exam', () => {
    const subjects = [{ id: 1, examDate: examIn(150) }];
    // Stability 4: FSRS had it due (recall 0.9) days ago; its recall reaches INTERIM_RECALL in 5 days.
    const c = card(1, atInterim(4, 5));
    expect(c.memory!.due.getTime()).toBeLessThan(NOW.getTime());
    expect(recallAt(c.memory!, NOW)).toBeLessThan(0.9);
    expect(recallAt(c.memory!, NOW)).toBeGreaterThan(INTERIM_RECALL);
    expect(plan([c], subjects).reviews).toEqual([]);
    expect(plan([c], subjects).leftOut.reviews).toBe(0);
    expect(plan([c], subjects, { now: days(5) }).reviews).toEqual([c.id]);
  });

  it('reviews a card in a learning step once its step is over, not before', () => {
    // Rated Opnieuw ten minutes ago: FSRS has it due again in ten minutes.
    const learning = card(1, {
      ...memory({ stability: 2, reviewedDaysAgo: 10 / 1440, dueInDays: 10 / 1440 }),
      state: 3,
    });
    const subjects = [{ id: 1, examDate: examIn(60) }];
    expect(plan([learning], subjects).reviews).toEqual([]);
    expect(plan([learning], subjects).leftOut.reviews).toBe(0);
    expect(plan([learning], subjects, { now: days(10 / 1440) }).reviews).toEqual([learning.id]);
  });

  it('reviews a card due later today that was last reviewed before today', () => {
    const due = card(1, atInterim(2, 0.1));
    expect(plan([due], [{ id: 1, examDate: examIn(60) }]).reviews).toEqual([due.id]);
  });

  it('reviews a card FSRS has due after its exam in 3 days when its exam-morning recall is below 0.9', () => {
    const exam = examIn(3);
    // Last seen 11.9 days ago at stability 12: its recall falls below 0.9 tonight, FSRS has it due in 4 days.
    const m = memory({ stability: 12, reviewedDaysAgo: 11.9, dueInDays: 4 });
    expect(recallAt(m, exam)).toBeLessThan(0.9);
    const c = card(1, m);
    // The rule on its own (without the least gain a review must bring, tested below).
    const result = plan([c], [{ id: 1, examDate: exam }], { budgetMinutes: 1 / 3, minReviewGain: 0 });
    expect(result.reviews).toEqual([c.id]);
    expect(result.leftOut.reviews).toBe(0);
  });

  it('times a final review as late as it can wait: when the recall falls below the target', () => {
    const exam = examIn(20);
    // Stability 24, reviewed 6 days ago: 0.9 is reached 18 days from now, two days before the exam.
    const m = memory({ stability: 24, reviewedDaysAgo: 6, dueInDays: 21 });
    expect(recallAt(m, exam)).toBeLessThan(0.9);
    const c = card(1, m);
    const on = (day: number, extra: Partial<PlanInput> = {}) =>
      plan([c], [{ id: 1, examDate: exam }], { now: days(day), minReviewGain: 0, ...extra });
    expect(on(0).reviews).toEqual([]);
    // With no time to spare the final review shows as a review left out on the day it is needed, not before.
    expect(on(17, { budgetMinutes: 0 }).leftOut.reviews).toBe(0);
    expect(on(18, { budgetMinutes: 0 }).leftOut.reviews).toBe(1);
    expect(on(18).reviews).toEqual([c.id]);
  });

  it('does not review a card again that was reviewed today', () => {
    const exam = examIn(2);
    // Seen an hour ago, but weak: its exam-morning recall is below 0.9 and FSRS (here) has it due after the exam.
    const m = memory({ stability: 1, reviewedDaysAgo: 1 / 24, dueInDays: 3 });
    expect(recallAt(m, exam)).toBeLessThan(0.9);
    expect(plan([card(1, m)], [{ id: 1, examDate: exam }]).reviews).toEqual([]);
  });

  it('takes the review that adds the most to the exam morning first', () => {
    const subjects = [{ id: 1, examDate: examIn(30) }];
    // Both due now. The weak card gains much from a review; the strong one keeps most of it anyway.
    // Both wanted now: the weak card at INTERIM_RECALL, the strong one as its last review before the exam.
    const weak = card(1, atInterim(1, 0));
    const strong = card(1, memory({ stability: 50, reviewedDaysAgo: 50, dueInDays: 0 }));
    expect(plan([strong, weak], subjects, { minReviewGain: 0 }).reviews).toEqual([weak.id, strong.id]);
    const one = plan([strong, weak], subjects, { minReviewGain: 0, budgetMinutes: 1 / 3 });
    expect(one.reviews).toEqual([weak.id]);
    expect(one.leftOut.reviews).toBe(1);
  });

  it('leaves out a review that adds less than MIN_REVIEW_GAIN, unless the card is in a learning step', () => {
    const subjects = [{ id: 1, examDate: examIn(30) }];
    const strong = memory({ stability: 50, reviewedDaysAgo: 50, dueInDays: 0 });
    const weak = card(1, atInterim(1, 0));
    const known = card(1, strong);
    // FSRS has the strong card due, but a review now adds little to its exam morning: not in the plan, not left out.
    const result = plan([known, weak], subjects);
    expect(result.reviews).toEqual([weak.id]);
    expect(result.leftOut.reviews).toBe(0);
    // The same card rated Opnieuw earlier (a relearning step) comes back: it is not learned yet.
    const relearning = card(1, { ...strong, state: 3 });
    expect(plan([relearning], subjects).reviews).toEqual([relearning.id]);
  });

  it('when the minutes bind, reads a card of a near exam before a review that adds little', () => {
    const subjects = [{ id: 1, examDate: examIn(10) }];
    const strong = card(1, memory({ stability: 50, reviewedDaysAgo: 50, dueInDays: 0 }));
    const fresh = unseen(1, 8); // 8 cards over the 8 reading days before the last two: 1 a day
    const tight = plan([strong, ...fresh], subjects, { minReviewGain: 0, budgetMinutes: 1 });
    expect(tight.newCards).toEqual([fresh[0]!.id]);
    expect(tight.reviews).toEqual([]);
    expect(tight.leftOut).toEqual({ reviews: 1, newCards: 0 });
    expect(tight.minutes).toBe(1);
    const roomy = plan([strong, ...fresh], subjects, { minReviewGain: 0, budgetMinutes: 2 });
    expect(roomy.newCards).toEqual([fresh[0]!.id]);
    expect(roomy.reviews).toEqual([strong.id]);
    expect(roomy.leftOut).toEqual({ reviews: 0, newCards: 0 });
    // Nothing beyond the pace: reading ahead would only read a card earlier than it needs to be.
    expect(plan([...fresh], subjects, { budgetMinutes: 60 }).newCards).toEqual([fresh[0]!.id]);
  });

  it('paces each subject’s new cards so all are read NEW_CARD_BUFFER_DAYS before its exam', () => {
    const subjects = [
      { id: 1, examDate: examIn(20) },
      { id: 2, examDate: examIn(40) },
    ];
    const cards = [...unseen(2, 100), ...unseen(1, 100)];
    const readOn = new Map<number, number>();
    const first = plan(cards, subjects);
    // Each subject at its own pace: ceil(100 / (20 − 2)) = 6 and ceil(100 / (40 − 2)) = 3.
    expect(first.perSubject.map((s) => s.newPerDay)).toEqual([6, 3]);
    expect(first.perSubject.map((s) => s.daysLeft)).toEqual([20, 40]);
    for (let day = 0; day < 40; day++) {
      const today = plan(cards, subjects, { now: days(day), budgetMinutes: 600 });
      for (const id of today.newCards) {
        const c = cards.find((x) => x.id === id)!;
        c.memory = memory({ stability: 500, reviewedDaysAgo: -day, dueInDays: 900 });
        readOn.set(id, day);
      }
    }
    for (const c of cards) {
      const examDay = c.subjectId === 1 ? 20 : 40;
      expect(readOn.get(c.id)).toBeLessThanOrEqual(examDay - NEW_CARD_BUFFER_DAYS);
    }
  });

  it('still offers every card left unread in the last days before the exam (late beats never)', () => {
    const subjects = [{ id: 1, examDate: examIn(2) }];
    const due = card(1, memory({ stability: 3, reviewedDaysAgo: 4, dueInDays: -1 }));
    const fresh = unseen(1, 3);
    const result = plan([due, ...fresh], subjects);
    expect(result.reviews).toEqual([due.id]);
    expect(result.newCards).toEqual(fresh.map((c) => c.id));
    expect(result.perSubject[0]).toMatchObject({ daysLeft: 2, unseen: 3, newPerDay: 3 });
  });

  it('plans a subject without a central exam to the end of the school year', () => {
    const result = plan(unseen(1, 300), [{ id: 1, examDate: null }], { schoolYearEnd: examIn(37) });
    expect(result.perSubject[0]).toEqual({
      subjectId: 1,
      examDate: null,
      daysLeft: 37,
      unseen: 300,
      newPerDay: 9,
      afterExam: false,
    });
    expect(plan(unseen(1, 3), [{ id: 1, examDate: null }], { schoolYearEnd: examIn(-1) }).newCards).toEqual([]);
  });

  it('is deterministic', () => {
    const cards = [...unseen(1, 20), card(1, memory({ stability: 3, reviewedDaysAgo: 4, dueInDays: -1 }))];
    const subjects = [{ id: 1, examDate: examIn(30) }];
    expect(plan(cards, subjects)).toEqual(plan(cards, subjects));
  });
});

describe('calendar', () => {
  it('ends and starts days at midnight in Amsterdam, summer time too', () => {
    const summer = calendar(new Date('2027-06-10T21:30:00Z'));
    expect(summer.startOfToday.toISOString()).toBe('2027-06-09T22:00:00.000Z');
    expect(summer.endOfToday.toISOString()).toBe('2027-06-10T22:00:00.000Z');
    const winter = calendar(new Date('2027-01-10T23:30:00Z'));
    expect(winter.startOfToday.toISOString()).toBe('2027-01-10T23:00:00.000Z');
    expect(winter.daysUntil(new Date('2027-01-12T07:00:00Z'))).toBe(1);
  });

  it('has a day of 23 hours when summer time starts and of 25 when it ends, on either side of the switch', () => {
    // 28 March 2027: clocks go from 02:00 to 03:00 (01:00 UTC); 31 October 2027: from 03:00 back to 02:00.
    for (const at of ['2027-03-28T00:59:59Z', '2027-03-28T01:00:00Z', '2027-03-28T21:59:59Z']) {
      const day = calendar(new Date(at));
      expect([day.startOfToday.toISOString(), day.endOfToday.toISOString()]).toEqual([
        '2027-03-27T23:00:00.000Z',
        '2027-03-28T22:00:00.000Z',
      ]);
    }
    expect(calendar(new Date('2027-03-28T22:00:00Z')).startOfToday.toISOString()).toBe('2027-03-28T22:00:00.000Z');
    const autumn = calendar(new Date('2027-10-31T00:30:00Z'));
    expect([autumn.startOfToday.toISOString(), autumn.endOfToday.toISOString()]).toEqual([
      '2027-10-30T22:00:00.000Z',
      '2027-10-31T23:00:00.000Z',
    ]);
    expect(calendar(new Date('2027-10-31T22:59:59Z')).daysUntil(new Date('2027-10-31T23:00:00Z'))).toBe(1);
  });
});

describe('daysUntilRecall', () => {
  it('is the inverse of the forgetting curve: the stability itself at 0.9', () => {
    expect(daysUntilRecall(12, 0.9)).toBeCloseTo(12, 9);
    expect(recallAfter(12, daysUntilRecall(12, 0.95))).toBeCloseTo(0.95, 9);
    const weights = [...Array.from({ length: 20 }, () => 1), 0.3];
    expect(recallAfter(5, daysUntilRecall(5, 0.8, weights), weights)).toBeCloseTo(0.8, 9);
  });
});
