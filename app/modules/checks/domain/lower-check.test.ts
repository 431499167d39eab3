import { describe, expect, it } from 'vitest';
import { lowerCheck } from './lower-check.ts';

const attempt = (testId: number, grade: number, perTopic: [number, number, number][]) => ({
  testId,
  name: `Examencheck ${testId}`,
  grade,
  perTopic: perTopic.map(([topicId, score, maxScore]) => ({ topicId, name: `Onderwerp ${topicId}`, score, maxScore })),
});
const first = attempt(1, 5.6, [
  [1, 4, 6],
  [2, 5, 6],
]);
const second = attempt(2, 4.1, [
  [3, 1, 8],
  [4, 3, 6],
  [5, 5, 6],
  [6, 4, 4],
]);

describe('a lower exam-check result (issue 34, item 5)', () => {
  it('finds the topics that cost the most points in the latest check when it came out lower or insufficient', () => {
    expect(lowerCheck([first, second])).toEqual({
      testId: 2,
      name: 'Examencheck 2',
      grade: 4.1,
      lost: [
        { id: 3, name: 'Onderwerp 3', lost: 7, maxPoints: 8 },
        { id: 4, name: 'Onderwerp 4', lost: 3, maxPoints: 6 },
        { id: 5, name: 'Onderwerp 5', lost: 1, maxPoints: 6 },
      ],
    });
  });

  it('points at nothing after a higher, sufficient result; a first check below 5,5 is pointed at', () => {
    expect(lowerCheck([second, first])).toBeNull();
    expect(lowerCheck([first])).toBeNull();
    expect(lowerCheck([second])?.testId).toBe(2);
    expect(lowerCheck([])).toBeNull();
    // Lower, but without a point lost on any topic: nothing to point at.
    expect(lowerCheck([first, attempt(3, 5, [[1, 6, 6]])])).toBeNull();
  });
});
