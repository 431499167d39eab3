import { describe, expect, it } from 'vitest';
import { addPrediction, emptyTally, figuresOf, recalledAt, type LoggedReview } from '../domain/calibration.ts';
import { replayPredictions } from './replay.server.ts';

const DAY = 86_400_000;
const start = Date.UTC(2026, 0, 5, 16);
const at = (days: number, hours = 0) => new Date(start + days * DAY + hours * 3_600_000);
/** FSRS-6's default weights, as ts-fsrs ships them (w0 Opnieuw's and w2 Goed's first stability). */
const W0 = 0.212;
const W2 = 2.3065;
const DECAY = -0.1542;
const recall = (stability: number, days: number) => (1 + ((0.9 ** (1 / DECAY) - 1) * days) / stability) ** DECAY;

describe('replaying a pupil’s reviews', () => {
  const log: LoggedReview[] = [
    { cardId: 1, subjectId: 7, rating: 3, reviewedAt: at(0) },
    { cardId: 2, subjectId: 8, rating: 1, reviewedAt: at(0) },
    { cardId: 3, subjectId: 7, rating: 3, reviewedAt: at(0) },
    // The same day: no prediction counts.
    { cardId: 3, subjectId: 7, rating: 1, reviewedAt: at(0, 1) },
    { cardId: 1, subjectId: 7, rating: 3, reviewedAt: at(3) },
    { cardId: 2, subjectId: 8, rating: 3, reviewedAt: at(10) },
  ];

  it('predicts each later review from the card’s memory with FSRS-6’s defaults', () => {
    const seen: [number, number, boolean][] = [];
    replayPredictions(log, undefined, (review, p) => seen.push([review.subjectId, p, recalledAt(review)]));
    expect(seen).toHaveLength(2);
    expect(seen[0]![0]).toBe(7);
    expect(seen[0]![1]).toBeCloseTo(recall(W2, 3), 6); // 0.8809: Goed first, three days on
    expect(seen[0]![2]).toBe(true);
    expect(seen[1]![0]).toBe(8);
    expect(seen[1]![1]).toBeCloseTo(recall(W0, 10), 6); // 0.5518: Opnieuw first, ten days on
    const tally = emptyTally();
    for (const [, p, recalled] of seen) addPrediction(tally, p, recalled);
    expect(figuresOf(tally)!.logLoss).toBeCloseTo(-(Math.log(0.880948) + Math.log(0.551845)) / 2, 3);
  });

  it('uses the pupil’s own weights when given', () => {
    const weights = [
      0.212, 1.2931, 10, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796, 1.4835, 0.0614, 0.2629, 1.6483,
      0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542,
    ];
    const seen: number[] = [];
    replayPredictions(log.slice(0, 5), weights, (_review, p) => seen.push(p));
    expect(seen).toHaveLength(1);
    expect(seen[0]).toBeCloseTo(recall(10, 3), 6);
  });

  it('leaves out a rating outside 1–4', () => {
    const seen: number[] = [];
    replayPredictions([{ cardId: 1, subjectId: 7, rating: 9, reviewedAt: at(0) }, ...log], undefined, (_r, p) =>
      seen.push(p),
    );
    expect(seen).toHaveLength(2);
  });
});
