import { describe, expect, it } from 'vitest';
import { pastExamGradeTenths, pastExamYears } from './past-exams.ts';
import { simulate } from './simulator.ts';

describe('pastExamYears', () => {
  it('runs from the latest May exams taken ten years back, without 2020', () => {
    // On 28 November 2026 the 2026 exams have been taken.
    expect(pastExamYears(new Date('2026-11-28T12:00:00Z'))).toEqual([
      2026, 2025, 2024, 2023, 2022, 2021, 2019, 2018, 2017,
    ]);
    // In April 2027 the 2027 exams have not.
    expect(pastExamYears(new Date('2027-04-10T12:00:00Z'))[0]).toBe(2026);
  });
});

describe('past exams in the simulation', () => {
  const evidence = [{ key: 'economie', studyHref: '/x', checkGradesTenths: [60] }];

  it('grade with their own N-term', () => {
    expect(pastExamGradeTenths({ score: 38, maxScore: 66, nTenths: 19 })).toBe(71);
    expect(pastExamGradeTenths({ score: 0, maxScore: 66, nTenths: 19 })).toBe(10);
  });

  it('count beside the exam checks in the subject’s prediction, and say how many they are', () => {
    const simulation = simulate('havo', [], evidence, [{ key: 'economie', gradeTenths: 80 }]);
    const economie = simulation.subjects.find((subject) => subject.key === 'economie')!;
    expect(economie.prediction).toMatchObject({ basis: 'checks', tenths: 70, attempts: 2 });
    expect(economie.pastExams).toBe(1);
  });

  it('give a prediction to a subject without an exam check, and none to a subject without a central exam', () => {
    const simulation = simulate(
      'havo',
      [],
      [{ key: 'engels', studyHref: '/x', checkGradesTenths: [] }],
      [{ key: 'engels', gradeTenths: 75 }],
    );
    expect(simulation.subjects.find((subject) => subject.key === 'engels')!.prediction?.tenths).toBe(75);
    expect(simulation.assumed).not.toContain('Engels');
  });
});
