import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convertScore, convertTenths, nTermTenths, scoreToGrade } from './conversion.ts';
import { gradeTenths as studyGradeTenths } from '#app/modules/checks/domain/exam-check.ts';

describe('scoreToGrade: hand-computed examples', () => {
  it.each([
    // [S, L, N, grade, line, computation]
    [30, 60, 1.0, 5.5, 'main', '9·30/60 + 1,0 = 5,5'],
    [0, 60, 1.0, 1.0, 'main', '9·0/60 + 1,0 = 1,0'],
    [60, 60, 1.0, 10.0, 'main', '9·60/60 + 1,0 = 10,0'],
    [
      40,
      80,
      1.5,
      6.0,
      'main',
      'main 4,5 + 1,5 = 6,0; low 1 + 18·40/80 = 10; high 10 − 4,5·40/80 = 7,75: main is lowest',
    ],
    [0, 60, 2.0, 1.0, 'low', 'main 2,0; low 1 + 0 = 1,0 is lower'],
    [60, 60, 2.0, 10.0, 'high', 'main 9 + 2 = 11,0; high 10 − 0 = 10,0 is lower'],
    [5, 90, 2.0, 2.0, 'low', 'main 9·5/90 + 2 = 2,5; low 1 + 18·5/90 = 2,0 is lower'],
    [85, 90, 2.0, 9.8, 'high', 'main 8,5 + 2 = 10,5; high 10 − 4,5·5/90 = 9,75 → 9,8 (half up)'],
    [3, 60, 0.5, 1.2, 'low', 'main 0,45 + 0,5 = 0,95; low 1 + 4,5·3/60 = 1,225 is higher → 1,2'],
    [58, 60, 0.5, 9.4, 'high', 'main 8,7 + 0,5 = 9,2; high 10 − 18·2/60 = 9,4 is higher'],
    [20, 40, 0.0, 4.5, 'main', 'main 4,5; low 1 + 4,5·20/40 = 3,25; high 10 − 18·20/40 = 1: main is highest'],
    [0, 40, 0.0, 1.0, 'low', 'main 0,0; low 1,0'],
    [40, 40, 0.0, 10.0, 'high', 'main 9,0; high 10,0'],
    [62, 74, 3.0, 9.3, 'high', 'main 9·62/74 + 3 = 10,54; high 10 − 4,5·12/74 = 10 − 0,7297 = 9,27 → 9,3'],
  ] as const)('S=%i, L=%i, N=%s → %s (%s): %s', (score, maxScore, nTerm, grade, line, _computation) => {
    const result = convertScore({ score, maxScore, nTerm });
    expect(result).toEqual({ ok: true, value: { grade, tenths: Math.round(grade * 10), line } });
  });

  it('rounds half up exactly where floating point would not', () => {
    // N = 1,4, L = 20, S = 9: 9·9/20 + 1,4 = 4,05 + 1,4 = 5,45 exactly → 5,5.
    // In doubles 9 * 9 / 20 + 1.4 is 5.449999999999999, which a naive round makes 5,4.
    expect((9 * 9) / 20 + 1.4).toBeLessThan(5.45);
    expect(scoreToGrade(9, 20, 1.4)).toBe(5.5);
    // N = 1,0, L = 180, S = 89: 9·89/180 + 1 = 4,45 + 1 = 5,45 → 5,5.
    expect(scoreToGrade(89, 180, 1.0)).toBe(5.5);
    // N = 1,0, L = 1000, S = 494: 4,446 + 1 = 5,446 → 5,4.
    expect(scoreToGrade(494, 1000, 1.0)).toBe(5.4);
    // N = 1,0, L = 2000, S = 989: 4,4505 + 1 = 5,4505 → 5,5; S = 988: 5,446 → 5,4.
    expect(scoreToGrade(989, 2000, 1.0)).toBe(5.5);
    expect(scoreToGrade(988, 2000, 1.0)).toBe(5.4);
  });
});

describe('convertScore: input it refuses', () => {
  it.each([
    [{ score: 1, maxScore: 0, nTerm: 1 }, 'invalid_max_score'],
    [{ score: 1, maxScore: 10.5, nTerm: 1 }, 'invalid_max_score'],
    [{ score: -1, maxScore: 10, nTerm: 1 }, 'invalid_score'],
    [{ score: 11, maxScore: 10, nTerm: 1 }, 'invalid_score'],
    [{ score: 2.5, maxScore: 10, nTerm: 1 }, 'invalid_score'],
    [{ score: 5, maxScore: 10, nTerm: 3.1 }, 'invalid_n_term'],
    [{ score: 5, maxScore: 10, nTerm: -0.1 }, 'invalid_n_term'],
    [{ score: 5, maxScore: 10, nTerm: 1.05 }, 'invalid_n_term'],
    [{ score: 5, maxScore: 10, nTerm: Number.NaN }, 'invalid_n_term'],
  ] as const)('%o → %s, with a Dutch message', (input, reason) => {
    const result = convertScore(input);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.reason).toBe(reason);
      expect(result.message).toMatch(/^De /);
    }
  });

  it('throws from scoreToGrade on input convertScore refuses', () => {
    expect(() => scoreToGrade(11, 10, 1)).toThrow(RangeError);
  });

  it('reads N-terms with one decimal as tenths', () => {
    expect(nTermTenths(1.1)).toBe(11);
    expect(nTermTenths(0.3)).toBe(3);
    expect(nTermTenths(3)).toBe(30);
    expect(nTermTenths(3.01)).toBeNull();
  });
});

const exam = fc.integer({ min: 1, max: 300 }).chain((maxScore) =>
  fc.record({
    maxScore: fc.constant(maxScore),
    score: fc.integer({ min: 0, max: maxScore }),
    n: fc.integer({ min: 0, max: 30 }),
  }),
);

describe('convertTenths: properties', () => {
  it('never falls when the score rises', () => {
    fc.assert(
      fc.property(exam, ({ maxScore, score, n }) => {
        fc.pre(score < maxScore);
        expect(convertTenths(score + 1, maxScore, n).tenths).toBeGreaterThanOrEqual(
          convertTenths(score, maxScore, n).tenths,
        );
      }),
      { numRuns: 2000 },
    );
  });

  it('never falls when the N-term rises', () => {
    fc.assert(
      fc.property(exam, ({ maxScore, score, n }) => {
        fc.pre(n < 30);
        expect(convertTenths(score, maxScore, n + 1).tenths).toBeGreaterThanOrEqual(
          convertTenths(score, maxScore, n).tenths,
        );
      }),
      { numRuns: 2000 },
    );
  });

  it('gives 1,0 for a score of 0 and 10,0 for a full score, whatever the N-term', () => {
    fc.assert(
      fc.property(exam, ({ maxScore, n }) => {
        expect(convertTenths(0, maxScore, n).grade).toBe(1);
        expect(convertTenths(maxScore, maxScore, n).grade).toBe(10);
      }),
    );
  });

  it('is the straight line round(9·S/L + 1) for N = 1,0, as the exam checks compute it', () => {
    fc.assert(
      fc.property(exam, ({ maxScore, score }) => {
        const { tenths, line } = convertTenths(score, maxScore, 10);
        expect(line).toBe('main');
        expect(tenths).toBe(studyGradeTenths(score, maxScore));
        // Exact: 10·(9S/L + 1) = (90S + 10L)/L, half up.
        expect(tenths).toBe(Math.floor((2 * (90 * score + 10 * maxScore) + maxScore) / (2 * maxScore)));
      }),
      { numRuns: 2000 },
    );
  });

  it('stays between 1,0 and 10,0 with exactly one decimal', () => {
    fc.assert(
      fc.property(exam, ({ maxScore, score, n }) => {
        const { tenths, grade } = convertTenths(score, maxScore, n);
        expect(Number.isInteger(tenths)).toBe(true);
        expect(tenths).toBeGreaterThanOrEqual(10);
        expect(tenths).toBeLessThanOrEqual(100);
        expect(grade).toBe(tenths / 10);
        expect(Number(grade.toFixed(1))).toBe(grade);
      }),
      { numRuns: 2000 },
    );
  });

  it('agrees with the three lines computed in decimals, within the rounding', () => {
    fc.assert(
      fc.property(exam, ({ maxScore: l, score: s, n: n10 }) => {
        const n = n10 / 10;
        const main = (9 * s) / l + n;
        const lines =
          n > 1
            ? Math.min(main, 1 + (18 * s) / l, 10 - (4.5 * (l - s)) / l)
            : n < 1
              ? Math.max(main, 1 + (4.5 * s) / l, 10 - (18 * (l - s)) / l)
              : main;
        expect(Math.abs(convertTenths(s, l, n10).tenths - lines * 10)).toBeLessThanOrEqual(0.5 + 1e-9);
      }),
      { numRuns: 2000 },
    );
  });
});
