import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ceForFinalGrade, combinationGradeOf, finalGradeOf, seOnlyFinalGrade } from './final-grade.ts';
import { divideHalfUp, formatTenths, roundToTenths, toTenths } from './grade.ts';

describe('grades in tenths', () => {
  it('reads grades with at most one decimal', () => {
    expect(toTenths(5.5)).toBe(55);
    expect(toTenths(7)).toBe(70);
    expect(toTenths(0.7 + 0.1 + 5)).toBe(58); // 5.8 with float noise
    expect(toTenths(5.45)).toBeNull();
    expect(toTenths(0.9)).toBeNull();
    expect(toTenths(10.1)).toBeNull();
    expect(toTenths(Number.NaN)).toBeNull();
  });

  it('rounds a longer value half up as it is written: 5,45 → 5,5 and 5,449 → 5,4', () => {
    expect(roundToTenths(5.45)).toBe(55);
    expect(roundToTenths(5.449)).toBe(54);
    expect(roundToTenths(6.05)).toBe(61);
    expect(roundToTenths(6)).toBe(60);
    expect(roundToTenths(9.95)).toBe(100);
  });

  it('writes tenths the Dutch way', () => {
    expect(formatTenths(55)).toBe('5,5');
    expect(formatTenths(100)).toBe('10,0');
  });

  it('divides half up on whole numbers', () => {
    expect(divideHalfUp(13, 2)).toBe(7);
    expect(divideHalfUp(17, 3)).toBe(6);
    expect(() => divideHalfUp(1, 0)).toThrow(RangeError);
  });
});

describe('final grades (art. 48)', () => {
  it.each([
    [55, 55, 6, '(5,5 + 5,5) / 2 = 5,5 → 6'],
    [55, 54, 5, '(5,5 + 5,4) / 2 = 5,45 → 5 (the first decimal is 4)'],
    [64, 45, 5, '(6,4 + 4,5) / 2 = 5,45 → 5'],
    [64, 46, 6, '(6,4 + 4,6) / 2 = 5,5 → 6'],
    [80, 30, 6, '(8,0 + 3,0) / 2 = 5,5 → 6'],
    [39, 40, 4, '(3,9 + 4,0) / 2 = 3,95 → 4'],
    [100, 100, 10, '10'],
    [10, 10, 1, '1'],
  ])('SE %i, CE %i (tenths) → %i: %s', (se, ce, grade) => {
    expect(finalGradeOf(se, ce)).toBe(grade);
  });

  it('rounds the SE grade of a subject without a central exam', () => {
    expect(seOnlyFinalGrade(55)).toBe(6);
    expect(seOnlyFinalGrade(54)).toBe(5);
    expect(seOnlyFinalGrade(35)).toBe(4);
  });

  it('averages the combination grade of its parts and rounds half up', () => {
    expect(combinationGradeOf([6, 7])).toBe(7); // 6,5 → 7
    expect(combinationGradeOf([5, 6, 6])).toBe(6); // 5,67 → 6
    expect(combinationGradeOf([4, 5, 6])).toBe(5); // 5,0
    expect(combinationGradeOf([3, 8, 8])).toBe(6); // 6,33 → 6 (the part below 4 is a rule of its own)
    expect(() => combinationGradeOf([])).toThrow(RangeError);
  });

  it('finds the lowest CE grade for a final grade: it reaches the target and 0,1 less does not', () => {
    fc.assert(
      fc.property(fc.integer({ min: 10, max: 100 }), fc.integer({ min: 1, max: 10 }), (se, target) => {
        const ce = ceForFinalGrade(se, target);
        if (ce === null) {
          expect(finalGradeOf(se, 100)).toBeLessThan(target);
        } else {
          expect(finalGradeOf(se, ce)).toBeGreaterThanOrEqual(target);
          if (ce > 10) expect(finalGradeOf(se, ce - 1)).toBeLessThan(target);
        }
      }),
    );
    // SE 6,2: a 6 needs (6,2 + CE) / 2 ≥ 5,5, so CE ≥ 4,8.
    expect(ceForFinalGrade(62, 6)).toBe(48);
  });
});
