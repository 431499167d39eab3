import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LEVEL_ORDER } from '#app/platform/levels.ts';
import { evaluateDiploma, neededCeGrade } from './diploma.ts';
import { DIPLOMA_RULES, rulesFor } from './diploma-rules.ts';
import { type ExamSubject, type GradedSubject } from './final-grade.ts';

const graded = (id: string, se: number, ce: number | null, core?: GradedSubject['core']): GradedSubject => ({
  kind: 'graded',
  id,
  name: id,
  se,
  ce,
  ...(core ? { core } : {}),
});

const havoPupil = (ces: readonly number[]): ExamSubject[] => [
  graded('nederlands', 6, ces[0] ?? 6, 'nederlands'),
  graded('engels', 6, ces[1] ?? 6, 'engels'),
  graded('wiskunde-a', 6, ces[2] ?? 6, 'wiskunde'),
  graded('economie', 6, ces[3] ?? 6),
  graded('geschiedenis', 6, ces[4] ?? 6),
  graded('biologie', 6, ces[5] ?? 6),
  { kind: 'assessed', id: 'lo', name: 'LO', assessment: 'voldoende' },
];

describe('the rule table', () => {
  it('gives every rule a source in the Eindexamenbesluit VO and a Dutch title', () => {
    for (const rule of DIPLOMA_RULES) {
      expect(rule.source).toMatch(/^Eindexamenbesluit VO, art\. \d+/);
      expect(rule.title.length).toBeGreaterThan(10);
    }
  });

  it('has the CE average, the fours and fives and the assessed parts for every level; core subjects only for havo and vwo', () => {
    for (const level of LEVEL_ORDER) {
      const ids = rulesFor(level).map((rule) => rule.id);
      expect(ids).toEqual(expect.arrayContaining(['ce_average', 'compensation', 'assessed_subjects']));
      expect(ids.filter((id) => id === 'compensation')).toHaveLength(1);
      expect(ids.includes('core_subjects')).toBe(level === 'havo' || level === 'vwo');
      expect(ids.includes('dutch_minimum')).toBe(level.startsWith('vmbo'));
    }
  });
});

describe('evaluateDiploma: input it refuses', () => {
  it.each([
    [[], 'Vul minstens één vak met een cijfer in.'],
    [[graded('x', 5.45, 6)], 'Vul voor x een cijfer van 1,0 tot en met 10,0 in, met hoogstens één decimaal.'],
    [[graded('x', 6, 0.5)], 'Vul voor x een cijfer van 1,0 tot en met 10,0 in, met hoogstens één decimaal.'],
    [[graded('x', 6, 6), graded('x', 7, 7)], 'x staat er twee keer in.'],
    [
      [{ kind: 'combination', id: 'c', name: 'het combinatiecijfer', parts: [] }],
      'Vul de onderdelen van het combinatiecijfer in.',
    ],
  ] as [ExamSubject[], string][])('%o', (subjects, message) => {
    expect(evaluateDiploma('havo', subjects)).toMatchObject({ ok: false, reason: 'invalid_grades', message });
  });
});

describe('the outcome message', () => {
  it('names the retake in Dutch', () => {
    // economie 4 (SE 4,0, CE 4,0), the rest 6: mean 34 / 6 = 5,67 < 6,0. Economie to 5,0 leaves one 5.
    const result = evaluateDiploma(
      'havo',
      havoPupil([6, 6, 6, 4]).map((s) => (s.id === 'economie' ? { ...s, se: 4 } : s)),
    );
    expect(result.ok && result.value.message).toBe(
      'Gezakt, maar geslaagd als je bij de herkansing een 5,0 of hoger haalt voor het centraal examen economie',
    );
  });

  it('says why in Dutch, with the CE average cut off, not rounded up', () => {
    // CE 5,5 ×5 and 5,4: 32,9 / 6 = 5,483… → "5,48".
    const result = evaluateDiploma(
      'havo',
      havoPupil([5.5, 5.5, 5.5, 5.5, 5.5, 5.4]).map((s) => (s.kind === 'graded' ? { ...s, se: 8 } : s)),
    );
    expect(result.ok && result.value.failures.map((f) => f.message)).toEqual([
      'Je gemiddelde cijfer voor de centrale examens is 5,48 (niet afgerond, zoals de regel het neemt): dat moet 5,5 of hoger zijn.',
    ]);
  });
});

describe('neededCeGrade', () => {
  it('finds the lowest CE grade that passes, given the others', () => {
    // Nederlands 5 (SE 5,0, CE 5,0) and wiskunde A SE 5,0: wiskunde needs a 6 (core rule), (5,0 + CE) / 2 ≥ 5,5 → 6,0.
    const subjects = havoPupil([5, 6, 1]).map((s) =>
      s.id === 'nederlands' || s.id === 'wiskunde-a' ? { ...s, se: 5 } : s,
    );
    expect(neededCeGrade('havo', subjects, 'wiskunde-a')).toEqual({
      ok: true,
      value: { kind: 'needed', tenths: 60, grade: 6 },
    });
  });

  it('says when any grade passes and when none does', () => {
    const strong = havoPupil([9, 9, 9, 9, 9, 9]).map((s) => (s.kind === 'graded' ? { ...s, se: 9 } : s));
    // CE 1,0 in biologie: (9 + 1) / 2 = 5, one 5; CE average (5·9 + 1) / 6 = 7,67.
    expect(neededCeGrade('havo', strong, 'biologie')).toEqual({ ok: true, value: { kind: 'any' } });
    const lo = havoPupil([]).map((s) => (s.kind === 'assessed' ? { ...s, assessment: 'onvoldoende' as const } : s));
    expect(neededCeGrade('havo', lo, 'economie')).toEqual({ ok: true, value: { kind: 'impossible' } });
  });

  it('refuses a subject without a central exam', () => {
    expect(neededCeGrade('havo', [graded('informatica', 6, null)], 'informatica')).toMatchObject({ ok: false });
  });

  it('is consistent: the pupil passes with the needed grade and not with 0,1 less', () => {
    const ce = fc.integer({ min: 10, max: 100 }).map((t) => t / 10);
    fc.assert(
      fc.property(fc.array(ce, { minLength: 6, maxLength: 6 }), fc.integer({ min: 0, max: 5 }), (ces, index) => {
        const subjects = havoPupil(ces);
        const target = subjects[index];
        if (!target) return;
        const needed = neededCeGrade('havo', subjects, target.id);
        if (!needed.ok) throw new Error(needed.message);
        const withCe = (tenths: number) => subjects.map((s) => (s.id === target.id ? { ...s, ce: tenths / 10 } : s));
        const outcome = (tenths: number) => {
          const result = evaluateDiploma('havo', withCe(tenths));
          return result.ok && result.value.outcome;
        };
        if (needed.value.kind === 'impossible') expect(outcome(100)).not.toBe('geslaagd');
        if (needed.value.kind === 'any') expect(outcome(10)).toBe('geslaagd');
        if (needed.value.kind === 'needed') {
          expect(outcome(needed.value.tenths)).toBe('geslaagd');
          expect(outcome(needed.value.tenths - 1)).not.toBe('geslaagd');
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('evaluateDiploma: properties', () => {
  it('never turns a pass into a fail when a CE grade rises (the retake search relies on it)', () => {
    const ce = fc.integer({ min: 10, max: 99 });
    fc.assert(
      fc.property(
        fc.constantFrom(...LEVEL_ORDER),
        fc.array(ce, { minLength: 6, maxLength: 6 }),
        fc.integer({ min: 0, max: 5 }),
        (level, tenths, index) => {
          const before = havoPupil(tenths.map((t) => t / 10));
          const after = havoPupil(tenths.map((t, i) => (i === index ? t + 1 : t) / 10));
          const a = evaluateDiploma(level, before);
          const b = evaluateDiploma(level, after);
          if (a.ok && a.value.outcome === 'geslaagd') expect(b.ok && b.value.outcome).toBe('geslaagd');
        },
      ),
      { numRuns: 500 },
    );
  });
});
