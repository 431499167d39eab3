import { describe, expect, it } from 'vitest';
import { examYearRange } from '#app/platform/dates.ts';

describe('user', () => {
  it('offers the exam years of this school year and the four after it', () => {
    expect(examYearRange(new Date('2026-11-23T12:00:00Z'))).toEqual({ min: 2027, max: 2031 });
    expect(examYearRange(new Date('2027-05-20T12:00:00Z'))).toEqual({ min: 2027, max: 2031 });
    expect(examYearRange(new Date('2027-08-01T12:00:00Z'))).toEqual({ min: 2028, max: 2032 });
  });
});
