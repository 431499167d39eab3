import { describe, expect, it } from 'vitest';
import {
  DONE_TEXT,
  IDLE_TEXT,
  EFFECTIVENESS,
  NEW_CARD_BATCH,
  nextStep,
  REASONS,
  reviewGain,
  topicWeights,
  type NextStepInput,
  type NextStepTopic,
} from './next-step.server.ts';

const topic = (extra: Partial<NextStepTopic> & { id: number; name: string }): NextStepTopic => ({
  weight: 0.5,
  score: 0,
  unseen: 0,
  ...extra,
});

function input(extra: Partial<NextStepInput>): NextStepInput {
  return { subjectId: 7, topics: [], secondsPerNew: 60, ...extra };
}

describe('topicWeights', () => {
  it('takes the exam checks’ points when the subject has any', () => {
    const weights = topicWeights([
      { id: 1, cardCount: 10, checkPoints: 30 },
      { id: 2, cardCount: 90, checkPoints: 10 },
      { id: 3, cardCount: 50, checkPoints: 0 },
    ]);
    expect(weights.get(1)).toBeCloseTo(0.75);
    expect(weights.get(2)).toBeCloseTo(0.25);
    expect(weights.get(3)).toBe(0);
  });

  it('falls back on card counts, then on equal shares; always sums to 1', () => {
    const byCards = topicWeights([
      { id: 1, cardCount: 30, checkPoints: 0 },
      { id: 2, cardCount: 10, checkPoints: 0 },
    ]);
    expect(byCards.get(1)).toBeCloseTo(0.75);
    const equal = topicWeights([
      { id: 1, cardCount: 0, checkPoints: 0 },
      { id: 2, cardCount: 0, checkPoints: 0 },
    ]);
    expect(equal.get(1)).toBe(0.5);
    for (const map of [byCards, equal]) expect([...map.values()].reduce((a, b) => a + b)).toBeCloseTo(1);
    expect(topicWeights([]).size).toBe(0);
  });
});

describe('reviewGain', () => {
  it('sums each card’s share of the exam times the recall it would lack on the exam morning', () => {
    const topics = [
      { id: 1, weight: 0.5, cardCount: 10 },
      { id: 2, weight: 0.5, cardCount: 40 },
    ];
    const gain = reviewGain(
      [
        { topicId: 1, examRecall: 0.5 }, // 0.05 × 0.4
        { topicId: 2, examRecall: 0.7 }, // 0.0125 × 0.2
        { topicId: 2, examRecall: 0.95 }, // already above target: 0
        { topicId: null, examRecall: 0.4 }, // 1/50 × 0.5
      ],
      topics,
    );
    expect(gain).toBeCloseTo((0.05 * 0.4 + 0.0125 * 0.2 + 0.02 * 0.5) * EFFECTIVENESS.review, 8);
  });
});

describe('nextStep (issue 20, part 5)', () => {
  it('says calmly that all is done when nothing is left, and "klaar" only after work today', () => {
    const done = input({ topics: [topic({ id: 1, name: 'Kansen', score: 1 })] });
    const { best, candidates } = nextStep(done, { workedToday: true });
    expect(candidates).toEqual([]);
    expect(best).toMatchObject({ kind: 'done', text: DONE_TEXT, reason: REASONS.done, minutes: 0, subjectId: 7 });
    expect(best.reason).toMatch(/^[A-Z].*\.$/);
    const idle = nextStep(done).best;
    expect(idle).toMatchObject({ kind: 'done', text: IDLE_TEXT, reason: REASONS.idle });
    expect(idle.text).not.toMatch(/klaar voor vandaag/i);
  });

  it('writes the Dutch texts with singular and plural', () => {
    const one = nextStep(input({ review: { count: 1, gain: 0.01, secondsPerReview: 20 } })).best;
    expect(one.text).toBe('Herhaal 1 kaart (±1 min)');
    const many = nextStep(input({ review: { count: 14, gain: 0.01, secondsPerReview: 38 } })).best;
    expect(many).toMatchObject({ kind: 'review', text: 'Herhaal 14 kaarten (±9 min)', cardCount: 14, subjectId: 7 });
    expect(many.reason).toBe('Deze kaarten zakken anders weg voor je examen.');

    const read = nextStep(input({ topics: [topic({ id: 3, name: 'Goniometrie', unseen: 3 })] })).best;
    expect(read).toMatchObject({ kind: 'new-cards', text: 'Lees 3 nieuwe kaarten over Goniometrie', topicId: 3 });
    const readOne = nextStep(input({ topics: [topic({ id: 3, name: 'Goniometrie', unseen: 1 })] })).best;
    expect(readOne.text).toBe('Lees 1 nieuwe kaart over Goniometrie');

    const check = nextStep(
      input({
        topics: [topic({ id: 4, name: 'Differentiëren', score: 0.5 })],
        checks: [{ testId: 11, name: 'Differentiëren', topicId: 4, questionCount: 8, minutes: 25 }],
      }),
    ).best;
    expect(check).toMatchObject({ kind: 'exam-check', text: 'Maak de examencheck Differentiëren', testId: 11 });
    expect(check.reason).toContain('examenpunten');
  });

  it('reads the plan’s new cards on a topic, else a small batch', () => {
    const planned = nextStep(input({ topics: [topic({ id: 1, name: 'A', unseen: 40, plannedNew: 8 })] })).best;
    expect(planned.cardCount).toBe(8);
    const batch = nextStep(input({ topics: [topic({ id: 1, name: 'A', unseen: 40 })] })).best;
    expect(batch.cardCount).toBe(NEW_CARD_BATCH);
    expect(batch.minutes).toBe(NEW_CARD_BATCH);
  });

  it('ranks by expected exam points per minute: weight × room above mastery × effectiveness / minutes', () => {
    const { candidates } = nextStep(
      input({
        topics: [
          topic({ id: 1, name: 'Zwaar en onbekend', weight: 0.6, score: 0.1, unseen: 20 }),
          topic({ id: 2, name: 'Licht', weight: 0.1, score: 0.1, unseen: 20 }),
          topic({ id: 3, name: 'Zwaar en bekend', weight: 0.3, score: 0.9, unseen: 20 }),
        ],
      }),
    );
    // 0.6 × 0.9 > 0.1 × 0.9 > 0.3 × 0.1: the light, unknown topic beats the heavy one already known.
    expect(candidates.map((c) => c.topicId)).toEqual([1, 2, 3]);
    const first = candidates[0]!;
    expect(first.gain).toBeCloseTo(0.6 * 0.9 * (5 / 20) * EFFECTIVENESS['new-cards'], 8);
    expect(first.gainPerMinute).toBeCloseTo(first.gain / 5, 8);
  });

  it('prefers a check on a heavy, weak topic over reading a light one, and skips a check with no room left', () => {
    const { best, candidates } = nextStep(
      input({
        topics: [
          topic({ id: 1, name: 'Differentiëren', weight: 0.9, score: 0.2 }),
          topic({ id: 2, name: 'Licht', weight: 0.1, score: 0.5, unseen: 50 }),
          topic({ id: 3, name: 'Af', weight: 0, score: 1 }),
        ],
        checks: [
          { testId: 11, name: 'Differentiëren', topicId: 1, questionCount: 6, minutes: 12 },
          { testId: 12, name: 'Af', topicId: 3, questionCount: 6, minutes: 12 },
        ],
      }),
    );
    expect(best).toMatchObject({ kind: 'exam-check', testId: 11, topicId: 1, minutes: 12 });
    expect(candidates.some((c) => c.testId === 12)).toBe(false);
  });

  it('weighs a whole-subject check by the weighted room of all topics', () => {
    const { best } = nextStep(
      input({
        topics: [
          topic({ id: 1, name: 'A', weight: 0.5, score: 0.2 }),
          topic({ id: 2, name: 'B', weight: 0.5, score: 0.6 }),
        ],
        checks: [{ testId: 20, name: 'Examen 2024', questionCount: 20, minutes: 60 }],
      }),
    );
    expect(best.kind).toBe('exam-check');
    expect(best.topicId).toBeUndefined();
    expect(best.gain).toBeCloseTo((0.5 * 0.8 + 0.5 * 0.4) * EFFECTIVENESS['exam-check'], 8);
  });

  it('ranks reviews by the gain the caller passes', () => {
    const topics = [topic({ id: 1, name: 'A', weight: 1, score: 0.5, unseen: 10 })];
    const small = nextStep(input({ topics, review: { count: 20, gain: 0.001, secondsPerReview: 20 } })).best;
    expect(small.kind).toBe('new-cards');
    const large = nextStep(input({ topics, review: { count: 20, gain: 0.2, secondsPerReview: 20 } })).best;
    expect(large.kind).toBe('review');
  });

  it('compares the subjects of the area home and names the subject of the best step', () => {
    const { best, candidates } = nextStep([
      input({ subjectId: 1, topics: [topic({ id: 1, name: 'A', weight: 1, score: 0.9, unseen: 5 })] }),
      input({ subjectId: 2, topics: [topic({ id: 2, name: 'B', weight: 1, score: 0.1, unseen: 5 })] }),
    ]);
    expect(best).toMatchObject({ subjectId: 2, topicId: 2 });
    expect(candidates).toHaveLength(2);
  });
});

describe('what next after a lower check result (issue 34, item 5)', () => {
  it('suggests those topics first, never a redo of a check already made', () => {
    const topics = [3, 4, 5, 7].map((id) =>
      topic({ id, name: `Onderwerp ${id}`, score: 0.4, weight: 0.25, unseen: 4 }),
    );
    const checks = [
      { testId: 1, name: 'Examencheck 1', questionCount: 10, minutes: 30, made: true },
      { testId: 2, name: 'Examencheck 2', questionCount: 10, minutes: 30, made: true },
    ];
    const lost = [
      { id: 3, name: 'Onderwerp 3', lost: 7, maxPoints: 8 },
      { id: 4, name: 'Onderwerp 4', lost: 3, maxPoints: 6 },
      { id: 5, name: 'Onderwerp 5', lost: 1, maxPoints: 6 },
    ];
    const lower = { testId: 2, name: 'Examencheck 2', grade: 4.1, lost };
    const { best, candidates } = nextStep(input({ topics, checks, lowerCheck: lower }));
    expect(best).toMatchObject({
      kind: 'check-topics',
      text: 'Oefen Onderwerp 3, Onderwerp 4 en Onderwerp 5',
      topicIds: [3, 4, 5],
      testId: 2,
    });
    expect(best.reason).toBe(
      'In Examencheck 2 (4,1) verloor je de meeste punten op Onderwerp 3 (7 van 8), Onderwerp 4 (3 van 6) en Onderwerp 5 (1 van 6).',
    );
    expect(candidates.some((step) => step.kind === 'exam-check')).toBe(false);
    // Without the lower check, an unmade check is still offered; a made one is not.
    const fresh = nextStep(input({ topics, checks: [{ ...checks[0]!, made: false }, checks[1]!] })).candidates;
    expect(fresh.filter((step) => step.kind === 'exam-check').map((step) => step.testId)).toEqual([1]);
  });
});
