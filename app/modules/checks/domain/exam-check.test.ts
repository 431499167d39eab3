import { describe, expect, it } from 'vitest';
import { choicePoints, formatGrade, gradeTenths, isPassingGrade, scoreCheck, selfScoredPoints } from './exam-check.ts';

describe('gradeTenths (the CE formula 9 · score / max + 1, one decimal)', () => {
  it('gives 1,0 for nothing and 10,0 for everything', () => {
    expect(gradeTenths(0, 20)).toBe(10);
    expect(gradeTenths(20, 20)).toBe(100);
  });

  it('rounds half up in whole tenths, without float error', () => {
    expect(gradeTenths(4, 20)).toBe(28); // 2,8
    expect(gradeTenths(1, 4)).toBe(33); // 3,25 → 3,3
    expect(gradeTenths(2, 20)).toBe(19); // 1,9
  });

  it('keeps a score within 0 … max', () => {
    expect(gradeTenths(25, 20)).toBe(100);
    expect(gradeTenths(-3, 20)).toBe(10);
    expect(gradeTenths(0, 0)).toBe(10);
  });

  it('is written the Dutch way and passes from 5,5', () => {
    expect(formatGrade(68)).toBe('6,8');
    expect(isPassingGrade(55)).toBe(true);
    expect(isPassingGrade(54)).toBe(false);
  });
});

describe('points of an answer', () => {
  it('multiple choice: the question’s points when right', () => {
    expect(choicePoints('a', 'a', 1)).toBe(1);
    expect(choicePoints('b', 'a', 1)).toBe(0);
    expect(choicePoints(null, 'a', 1)).toBe(0);
  });

  it('self-scored: whole points within 0 … max', () => {
    expect(selfScoredPoints(9, 3)).toBe(3);
    expect(selfScoredPoints(-1, 3)).toBe(0);
    expect(selfScoredPoints(2.7, 3)).toBe(2);
    expect(selfScoredPoints(Number.NaN, 3)).toBe(0);
  });
});

describe('scoreCheck', () => {
  it('totals, grades and splits per topic; fewer than three questions on a topic is uncertain', () => {
    const result = scoreCheck([
      { topicId: 1, points: 1, maxPoints: 1 },
      { topicId: 1, points: 0, maxPoints: 1 },
      { topicId: 1, points: 2, maxPoints: 2 },
      { topicId: 2, points: 1, maxPoints: 2 },
    ]);
    expect(result).toMatchObject({ score: 4, maxScore: 6, gradeTenths: 70 });
    expect(result.perTopic).toEqual([
      { topicId: 1, score: 3, maxScore: 4, percentage: 75, isUncertain: false, questions: 3 },
      { topicId: 2, score: 1, maxScore: 2, percentage: 50, isUncertain: true, questions: 1 },
    ]);
  });
});
