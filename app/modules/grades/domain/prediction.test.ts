import { describe, expect, it } from 'vitest';
import { predictCe } from './prediction.ts';

describe('predictCe', () => {
  it('makes no prediction without an exam check', () => {
    expect(predictCe([])).toBeNull();
  });

  it('takes one attempt as the grade with a band of ± 3,0 (σ 1,5)', () => {
    expect(predictCe([64])).toEqual({ basis: 'checks', tenths: 64, lowTenths: 34, highTenths: 94, attempts: 1 });
  });

  it('narrows the band with more attempts and widens it with spread', () => {
    const two = predictCe([60, 70])!;
    const five = predictCe([60, 70, 60, 70, 65])!;
    expect(two.tenths).toBe(65);
    expect(five.highTenths - five.lowTenths).toBeLessThan(two.highTenths - two.lowTenths);
    const spread = predictCe([30, 90, 30, 90, 60])!;
    expect(spread.highTenths - spread.lowTenths).toBeGreaterThan(five.highTenths - five.lowTenths);
  });

  it('uses the latest five attempts only', () => {
    expect(predictCe([10, 10, 80, 80, 80, 80, 80])!.tenths).toBe(80);
  });

  it('keeps a band of at least 0,5 each way and within 1,0–10,0', () => {
    const steady = predictCe([98, 100, 99, 100, 100, 99])!;
    expect(steady.highTenths).toBe(100);
    expect(steady.tenths - steady.lowTenths).toBeGreaterThanOrEqual(5);
    expect(predictCe([10])!.lowTenths).toBe(10);
  });

  it('without exam checks, predicts from the recall on the exam morning once half the cards are read, with a wide band', () => {
    expect(predictCe([], { share: 0.7, coverage: 0.6 })).toEqual({
      basis: 'recall',
      tenths: 73,
      lowTenths: 53,
      highTenths: 93,
      attempts: 0,
    });
    expect(predictCe([], { share: 1, coverage: 1 })).toMatchObject({ tenths: 100, highTenths: 100, lowTenths: 80 });
    expect(predictCe([], { share: 0, coverage: 1 })).toMatchObject({ tenths: 10, lowTenths: 10 });
    // Too little read: no prediction, and no recall: none either.
    expect(predictCe([], { share: 0.9, coverage: 0.49 })).toBeNull();
    expect(predictCe([], null)).toBeNull();
    expect(predictCe([], { share: Number.NaN, coverage: 1 })).toBeNull();
  });

  it('exam checks come before recall', () => {
    expect(predictCe([64], { share: 0.2, coverage: 1 })).toMatchObject({ basis: 'checks', tenths: 64 });
  });
});
