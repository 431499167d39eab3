import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { convertTenths, lowestScoreFor } from './conversion.ts';
import { quickCheck, type QuickCheckEntry } from './quick-check.ts';

const graded = (key: string, se: number, ce: number | null = null): QuickCheckEntry => ({
  key,
  seTenths: se,
  ceTenths: ce,
  assessment: null,
});
const HAVO_FIXED: QuickCheckEntry[] = [
  graded('maatschappijleer', 70),
  graded('ckv', 70),
  graded('profielwerkstuk', 70),
  { key: 'lo', seTenths: null, ceTenths: null, assessment: 'voldoende' },
];

describe('quickCheck', () => {
  it('counts the parts every diploma has and only the other subjects that were filled in', () => {
    const check = quickCheck('havo', [graded('wiskunde-a', 60, 60)]);
    expect(check.subjects.map((subject) => subject.key)).toEqual([
      'nederlands',
      'engels',
      'wiskunde-a',
      'maatschappijleer',
      'ckv',
      'profielwerkstuk',
      'lo',
    ]);
    expect(check.missing).toEqual([
      'Nederlands',
      'Engels',
      'Maatschappijleer',
      'CKV',
      'Profielwerkstuk',
      'Lichamelijke opvoeding',
    ]);
    expect(check.outcome).toBeNull();
  });

  it('passes a havo list with every grade a 6 and gives each final grade and the combination grade', () => {
    const entries = [
      ...['nederlands', 'engels', 'wiskunde-a', 'economie', 'geschiedenis'].map((key) => graded(key, 60, 60)),
      ...HAVO_FIXED,
    ];
    const check = quickCheck('havo', entries);
    expect(check.missing).toEqual([]);
    expect(check.assumed).toEqual([]);
    expect(check.outcome?.outcome).toBe('geslaagd');
    expect(check.subjects.find((subject) => subject.key === 'nederlands')?.finalGrade).toBe(6);
    expect(check.subjects.find((subject) => subject.key === 'ckv')?.finalGrade).toBe(7);
    expect(check.subjects.find((subject) => subject.key === 'lo')?.finalGrade).toBeNull();
    expect(check.combinationGrade).toBe(7);
  });

  it('fails on the CE average 5,49 and passes on 5,5 with the same final grades', () => {
    // Five CE grades: 5,4 · 4 + 5,8 = 27,4 → 5,48; 5,5 · 5 = 27,5 → 5,5.
    const low = [
      ...['nederlands', 'engels', 'wiskunde-a', 'economie'].map((key) => graded(key, 70, 54)),
      graded('geschiedenis', 70, 58),
      ...HAVO_FIXED,
    ];
    const high = [
      ...['nederlands', 'engels', 'wiskunde-a', 'economie', 'geschiedenis'].map((key) => graded(key, 70, 55)),
      ...HAVO_FIXED,
    ];
    const failed = quickCheck('havo', low).outcome;
    expect(failed?.outcome).not.toBe('geslaagd');
    expect(failed?.failures.map((failure) => failure.message).join(' ')).toContain('5,48');
    expect(quickCheck('havo', high).outcome?.outcome).toBe('geslaagd');
  });

  it('assumes a missing CE grade equal to the SE grade and says what that exam needs', () => {
    const entries = [
      ...['nederlands', 'engels', 'wiskunde-a', 'economie'].map((key) => graded(key, 60, 60)),
      graded('geschiedenis', 60),
      ...HAVO_FIXED,
    ];
    const check = quickCheck('havo', entries);
    expect(check.assumed).toEqual(['Geschiedenis']);
    const geschiedenis = check.subjects.find((subject) => subject.key === 'geschiedenis');
    // The CE average needs (CE + 24,0) / 5 ≥ 5,5 → CE ≥ 3,5; a final 4 would fail (mean of the final grades < 6).
    expect(geschiedenis?.needed).toEqual({ kind: 'needed', tenths: 35, grade: 3.5 });
    expect(check.subjects.find((subject) => subject.key === 'nederlands')?.needed).toBeNull();
  });

  it('reads vmbo gl/tl with its judged parts and an unsatisfactory LO fails', () => {
    const entries: QuickCheckEntry[] = [
      ...['nederlands', 'engels', 'wiskunde', 'biologie', 'economie', 'geschiedenis'].map((key) => graded(key, 65, 65)),
      graded('maatschappijleer', 70),
      { key: 'lo', seTenths: null, ceTenths: null, assessment: 'onvoldoende' },
      { key: 'kunstvakken', seTenths: null, ceTenths: null, assessment: 'voldoende' },
      { key: 'profielwerkstuk', seTenths: null, ceTenths: null, assessment: 'goed' },
    ];
    const check = quickCheck('vmbo-gl-tl', entries);
    expect(check.missing).toEqual([]);
    expect(check.outcome?.outcome).toBe('gezakt');
    expect(check.outcome?.failures.map((failure) => failure.message)).toContain(
      'Lichamelijke opvoeding moet voldoende of goed zijn.',
    );
  });

  it('reads vmbo kader with its beroepsgerichte keuzevakken as one combination grade, each part at least 4', () => {
    const base: QuickCheckEntry[] = [
      ...['nederlands', 'engels', 'wiskunde', 'economie'].map((key) => graded(key, 65, 65)),
      graded('profielvak', 65, 65),
      graded('maatschappijleer', 70),
      { key: 'lo', seTenths: null, ceTenths: null, assessment: 'voldoende' },
      { key: 'kunstvakken', seTenths: null, ceTenths: null, assessment: 'voldoende' },
    ];
    const keuzevakken = (grades: number[]) => grades.map((se, i) => graded(`keuzevak-${i + 1}`, se));
    const passing = quickCheck('vmbo-k', [...base, ...keuzevakken([80, 70, 60, 50])]);
    expect(passing.missing).toEqual([]);
    // One combination grade: the mean of the four (6,5), counted once among the final grades.
    expect(passing.combinationGrade).toBe(7);
    expect(passing.subjects.filter((subject) => subject.kind === 'combination-part')).toHaveLength(4);
    expect(passing.outcome?.outcome).toBe('geslaagd');
    const low = quickCheck('vmbo-k', [...base, ...keuzevakken([90, 90, 90, 30])]);
    expect(low.outcome?.outcome).toBe('gezakt');
    expect(low.outcome?.failures.map((failure) => failure.rule)).toContain('combination_parts');
  });
});

describe('lowestScoreFor', () => {
  it('is the first score whose grade reaches the target', () => {
    // 1 + 9 · S / 75 ≥ 5,5 ⇔ S ≥ 37,5: 38 points (37 gives 5,4).
    expect(lowestScoreFor(55, 75, 10)).toBe(38);
    expect(convertTenths(37, 75, 10).tenths).toBe(54);
    expect(lowestScoreFor(10, 75, 10)).toBe(0);
    expect(lowestScoreFor(100, 75, 0)).toBe(75);
  });

  it('agrees with a walk over every score', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 120 }),
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 10, max: 100 }),
        (maxScore, n, target) => {
          let first: number | null = null;
          for (let score = 0; score <= maxScore; score += 1) {
            if (convertTenths(score, maxScore, n).tenths >= target) {
              first = score;
              break;
            }
          }
          expect(lowestScoreFor(target, maxScore, n)).toBe(first);
        },
      ),
    );
  });
});
