import { describe, expect, it } from 'vitest';
import { predictionBefore } from './ce-snapshot.ts';

const at = (day: number) => new Date(Date.UTC(2027, 4, day, 8));
const morning = new Date(Date.UTC(2027, 4, 12, 7)); // 12 May 2027, 9:00 in Amsterdam

describe('the prediction before the exam morning', () => {
  it('reads only the exam checks and past exams made before the morning', () => {
    const prediction = predictionBefore(
      [
        { gradeTenths: 60, at: at(1) },
        { gradeTenths: 90, at: at(20) }, // after the exam: not counted
      ],
      [{ gradeTenths: 70, at: at(5) }],
      null,
      morning,
    );
    // Mean of 6,0 and 7,0: 6,5; σ = max(1,0, 0,707) = 1,0; half-width 2 · 10 / √2 = 14 tenths.
    expect(prediction).toEqual({ basis: 'checks', tenths: 65, lowTenths: 51, highTenths: 79, attempts: 2 });
  });

  it('falls back on the recall when every check came after the morning, and is null without either', () => {
    const late = [{ gradeTenths: 80, at: at(13) }];
    expect(predictionBefore(late, [], { share: 0.5, coverage: 0.8 }, morning)).toEqual({
      basis: 'recall',
      tenths: 55,
      lowTenths: 35,
      highTenths: 75,
      attempts: 0,
    });
    expect(predictionBefore(late, [], null, morning)).toBeNull();
  });
});
