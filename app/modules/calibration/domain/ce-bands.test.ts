import { describe, expect, it } from 'vitest';
import { addCeGrade, ceFiguresOf, emptyCeTally } from './ce-bands.ts';

describe('the tally of the CE bands', () => {
  it('four real grades against 6,5 (5,1–7,9): three inside, both ends count; mean error 0,95', () => {
    const tally = emptyCeTally();
    const band = { tenths: 65, lowTenths: 51, highTenths: 79 };
    for (const ce of [51, 79, 65, 40]) addCeGrade(tally, ce, band);
    // |5,1 − 6,5| + |7,9 − 6,5| + 0 + |4,0 − 6,5| = 1,4 + 1,4 + 0 + 2,5 = 5,3; / 4 = 1,325.
    expect(ceFiguresOf(tally, 'checks')).toEqual({ grades: 4, inside: 3, share: 0.75, meanAbsError: 1.325 });
  });

  it('three bands of which one held: share 0,3333, and the error of each against its own prediction', () => {
    const tally = emptyCeTally();
    addCeGrade(tally, 70, { tenths: 55, lowTenths: 35, highTenths: 75 }); // inside, off by 1,5
    addCeGrade(tally, 90, { tenths: 60, lowTenths: 40, highTenths: 80 }); // above, off by 3,0
    addCeGrade(tally, 30, { tenths: 50, lowTenths: 35, highTenths: 65 }); // below, off by 2,0
    expect(ceFiguresOf(tally, 'recall')).toEqual({ grades: 3, inside: 1, share: 0.3333, meanAbsError: 2.167 });
  });

  it('grades without a prediction are only counted, and no grades make no figures', () => {
    const tally = emptyCeTally();
    addCeGrade(tally, 64, null);
    addCeGrade(tally, 58, null);
    expect(ceFiguresOf(tally, 'none')).toEqual({ grades: 2, inside: null, share: null, meanAbsError: null });
    expect(ceFiguresOf(emptyCeTally(), 'checks')).toBeNull();
  });
});
