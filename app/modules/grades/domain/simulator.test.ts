import { describe, expect, it } from 'vitest';
import { LEVEL_ORDER } from '#app/platform/levels.ts';
import { examSubjectsOf } from './exam-subjects.ts';
import { examLevelOf, type GradeEvidence, simulate, type StoredGrade } from './simulator.ts';

const evidence = (key: string, grades: number[] = []): GradeEvidence => ({
  key,
  studyHref: `/mijnslaagbundel/1/${key}-havo/leren-en-oefenen`,
  checkGradesTenths: grades,
});
const se = (key: string, seTenths: number): StoredGrade => ({ key, seTenths, assessment: null, included: true });
const HAVO_CHOSEN = ['nederlands', 'engels', 'wiskunde-b', 'biologie', 'economie'].map((key) => evidence(key));
const HAVO_FIXED: StoredGrade[] = [
  se('maatschappijleer', 70),
  se('ckv', 70),
  se('profielwerkstuk', 70),
  { key: 'lo', seTenths: null, assessment: 'voldoende', included: true },
];

describe('simulate', () => {
  it('lists the chosen subjects and the parts every havo diploma has, and says what is missing', () => {
    const simulation = simulate('havo', [], HAVO_CHOSEN);
    expect(simulation.subjects.map((subject) => subject.key)).toEqual([
      'nederlands',
      'engels',
      'wiskunde-b',
      'biologie',
      'economie',
      'maatschappijleer',
      'ckv',
      'profielwerkstuk',
      'lo',
    ]);
    expect(simulation.outcome).toBeNull();
    expect(simulation.missing).toContain('Nederlands');
    expect(simulation.missing).toContain('Lichamelijke opvoeding');
    expect(simulation.subjects.every((subject) => subject.needed === null)).toBe(true);
    expect(simulation.addable.map((subject) => subject.key)).toContain('duits');
    expect(simulation.addable.map((subject) => subject.key)).not.toContain('lo');
  });

  it('says "any grade" only where it holds when the other exams come out at the low end of their band', () => {
    // High SE grades: with the others as expected (7,0 from their checks), a 1,0 in biologie still passes.
    const stored = [
      ...['nederlands', 'engels', 'wiskunde-b', 'biologie', 'economie'].map((k) => se(k, 90)),
      ...HAVO_FIXED,
    ];
    const checked = ['nederlands', 'engels', 'wiskunde-b', 'biologie', 'economie'].map((key) =>
      evidence(key, key === 'biologie' ? [] : [60, 80]),
    );
    const wide = simulate('havo', stored, checked).subjects.find((subject) => subject.key === 'biologie')!;
    expect(wide.needed).toEqual({ kind: 'any' });
    // Their bands (two checks of 6,0 and 8,0: 5,0–9,0) reach down: then biologie needs a CE grade after all.
    expect(wide.neededAtLow).toEqual({ kind: 'needed', tenths: 75, grade: 7.5 });

    const steady = ['nederlands', 'engels', 'wiskunde-b', 'biologie', 'economie'].map((key) =>
      evidence(key, key === 'biologie' ? [] : [90, 90, 90]),
    );
    const sure = simulate('havo', stored, steady).subjects.find((subject) => subject.key === 'biologie')!;
    expect(sure.needed).toEqual({ kind: 'any' });
    expect(sure.neededAtLow).toEqual({ kind: 'any' });
  });

  it('gives the final grades table: each whole final grade and the combination grade', () => {
    const stored = [
      ...['nederlands', 'engels', 'wiskunde-b', 'biologie', 'economie'].map((k) => se(k, 64)),
      ...HAVO_FIXED,
    ];
    const simulation = simulate('havo', stored, HAVO_CHOSEN);
    expect(simulation.subjects.find((subject) => subject.key === 'nederlands')?.finalGrade).toBe(6);
    expect(simulation.subjects.find((subject) => subject.key === 'ckv')?.finalGrade).toBe(7);
    expect(simulation.combinationGrade).toBe(7);
    expect(simulate('havo', [], HAVO_CHOSEN).combinationGrade).toBeNull();
  });

  it('keeps what the study area knows of each subject: its access and checks online, none for one not studied', () => {
    const chosen = [{ ...evidence('biologie'), access: 'none' as const, checksOnline: 3 }];
    const subjects = simulate('havo', [], chosen).subjects;
    expect(subjects.find((subject) => subject.key === 'biologie')).toMatchObject({ access: 'none', checksOnline: 3 });
    expect(subjects.find((subject) => subject.key === 'lo')).toMatchObject({
      access: null,
      checksOnline: null,
    });
  });

  it('adds and removes subjects of the level as the pupil stored them', () => {
    const stored = [{ ...se('duits', 60) }, { key: 'economie', seTenths: null, assessment: null, included: false }];
    const keys = simulate('havo', stored, HAVO_CHOSEN).subjects.map((subject) => subject.key);
    expect(keys).toContain('duits');
    expect(keys).not.toContain('economie');
  });

  it('computes the needed CE grades and the outcome, assuming CE = SE without exam checks', () => {
    const stored = [
      ...['nederlands', 'engels', 'wiskunde-b', 'biologie', 'economie'].map((k) => se(k, 60)),
      ...HAVO_FIXED,
    ];
    const simulation = simulate('havo', stored, HAVO_CHOSEN);
    expect(simulation.missing).toEqual([]);
    expect(simulation.assumed).toHaveLength(5);
    expect(simulation.outcome?.outcome).toBe('geslaagd');
    // SE 6,0 everywhere, the other CE grades assumed 6,0, the combination grade 7: a 4 for biologie fails (mean of
    // the final grades 35 / 6 < 6,0), so its final grade must be 5 or more (CE ≥ 3,0); the CE average needs
    // (CE + 24,0) / 5 ≥ 5,5, so CE ≥ 3,5.
    const needed = simulation.subjects.find((subject) => subject.key === 'biologie')!.needed;
    expect(needed).toEqual({ kind: 'needed', tenths: 35, grade: 3.5 });
    expect(simulation.suggestion).not.toBeNull();
  });

  it('uses the exam checks as the prediction and suggests the subject that flips a fail', () => {
    const stored = [
      se('nederlands', 60),
      se('engels', 60),
      se('wiskunde-b', 50),
      se('biologie', 60),
      se('economie', 60),
      ...HAVO_FIXED,
    ];
    const chosen = HAVO_CHOSEN.map((subject) =>
      subject.key === 'wiskunde-b' ? evidence('wiskunde-b', [30, 32, 34]) : subject,
    );
    const simulation = simulate('havo', stored, chosen);
    const wiskunde = simulation.subjects.find((subject) => subject.key === 'wiskunde-b')!;
    expect(wiskunde.prediction?.tenths).toBe(32);
    // Wiskunde B: (5,0 + 3,2) / 2 = 4,1 → 4, a core subject below 5: gezakt, a retake of wiskunde B passes.
    expect(simulation.outcome?.outcome).toBe('herkansing');
    expect(simulation.suggestion?.key).toBe('wiskunde-b');
    expect(simulation.suggestion?.studyHref).toContain('wiskunde-b');
  });
});

describe('examLevelOf and the subject lists', () => {
  it('takes the exam level from the user’s levels', () => {
    expect(examLevelOf(['vmbo', 'vmbo-gl-tl'], LEVEL_ORDER)).toBe('vmbo-gl-tl');
    expect(examLevelOf(['havo'], LEVEL_ORDER)).toBe('havo');
    expect(examLevelOf(['vmbo'], LEVEL_ORDER)).toBeNull();
  });

  it('has each key once per level, and the vmbo parts as the rule table reads them', () => {
    for (const level of LEVEL_ORDER) {
      const keys = examSubjectsOf(level).map((subject) => subject.key);
      expect(new Set(keys).size).toBe(keys.length);
    }
    const gltl = examSubjectsOf('vmbo-gl-tl').filter((subject) => subject.always);
    expect(gltl.map((subject) => [subject.key, subject.kind])).toEqual([
      ['maatschappijleer', 'school'],
      ['lo', 'assessed'],
      ['kunstvakken', 'assessed'],
      ['profielwerkstuk', 'assessed'],
    ]);
  });
});
