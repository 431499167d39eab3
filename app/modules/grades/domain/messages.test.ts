import { describe, expect, it } from 'vitest';
import { GRADES_MESSAGES } from './messages.ts';

describe('the averages in the reasons a pupil fails', () => {
  it('are shown as the rules take them, unrounded, and say so', () => {
    // 41 / 7 = 5,857…: below 6,0, so shown as 5,85 — never as a rounded 5,9 that reads as nearly enough.
    expect(GRADES_MESSAGES.AVERAGE_TOO_LOW(41, 7)).toBe(
      'Met deze onvoldoendes moet je gemiddelde eindcijfer 6,0 of hoger zijn; het is 5,85 (niet afgerond, zoals de regel het neemt).',
    );
    // CE grades in tenths: 5,49 stays 5,49, below 5,5.
    expect(GRADES_MESSAGES.CE_AVERAGE_TOO_LOW(549 * 2, 20)).toContain('is 5,49 (niet afgerond');
  });

  it('say that a retake’s grade is a CE grade', () => {
    expect(GRADES_MESSAGES.OUTCOME_RETAKE('Nederlands', 68)).toBe(
      'Gezakt, maar geslaagd als je bij de herkansing een 6,8 of hoger haalt voor het centraal examen Nederlands',
    );
  });
});
