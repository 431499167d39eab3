import { describe, expect, it } from 'vitest';
import { addPrediction, emptyTally, figuresOf } from './calibration.ts';

describe('the tally of predictions', () => {
  it('ten predictions of 90 % of which nine came true: log loss 0.3251, perfectly calibrated', () => {
    const tally = emptyTally();
    for (let i = 0; i < 10; i++) addPrediction(tally, 0.9, i < 9);
    expect(figuresOf(tally)).toMatchObject({
      reviews: 10,
      logLoss: 0.3251, // −(9·ln 0.9 + ln 0.1) / 10
      rmseBins: 0,
      recalled: 0.9,
      predicted: 0.9,
      bins: [{ from: 0.9, n: 10, predicted: 0.9, recalled: 0.9 }],
    });
  });

  it('two bins off by 30 and 20 points: RMSE √((4·0.3² + 6·0.2²) / 10) = 0.2449', () => {
    const tally = emptyTally();
    for (let i = 0; i < 4; i++) addPrediction(tally, 0.8, i < 2);
    for (let i = 0; i < 6; i++) addPrediction(tally, 0.3, i < 3);
    const figures = figuresOf(tally)!;
    expect(figures.rmseBins).toBe(0.2449);
    expect(figures.bins.map((b) => [b.from, b.n, b.recalled])).toEqual([
      [0.3, 6, 0.5],
      [0.8, 4, 0.5],
    ]);
  });

  it('a certain prediction that failed costs a bounded loss, and no predictions make no figures', () => {
    const tally = emptyTally();
    addPrediction(tally, 1, false);
    expect(figuresOf(tally)!.logLoss).toBe(9.2103); // −ln(0.0001)
    expect(figuresOf(emptyTally())).toBeNull();
  });
});
