import { describe, expect, it } from 'vitest';
import { currentYear, formatDutchDate, formatDutchDateWithYear } from './dates.ts';

describe('formatDutchDate', () => {
  it('shows weekday, day and month in Dutch (spec §9)', () => {
    expect(formatDutchDate(new Date('2026-11-22T12:00:00Z'))).toBe('zondag 22 november');
    expect(formatDutchDate(new Date('2026-01-05T09:00:00Z'))).toBe('maandag 5 januari');
    expect(formatDutchDate(new Date('2026-03-18T09:00:00Z'))).toBe('woensdag 18 maart');
  });

  it('uses the Amsterdam time zone by default', () => {
    // 23:30 UTC on Saturday is already Sunday in Amsterdam (UTC+1 in winter).
    expect(formatDutchDate(new Date('2026-11-21T23:30:00Z'))).toBe('zondag 22 november');
    expect(formatDutchDate(new Date('2026-11-21T23:30:00Z'), 'UTC')).toBe('zaterdag 21 november');
  });

  it('rejects an invalid date', () => {
    expect(() => formatDutchDate(new Date('nope'))).toThrow(RangeError);
  });
});

describe('formatDutchDateWithYear', () => {
  it('shows weekday, day, month and year in Dutch (spec §9)', () => {
    expect(formatDutchDateWithYear(new Date('2026-11-22T12:00:00Z'))).toBe('zondag 22 november 2026');
    expect(formatDutchDateWithYear(new Date('2025-07-01T10:00:00Z'))).toBe('dinsdag 1 juli 2025');
  });

  it('honours the time zone', () => {
    expect(formatDutchDateWithYear(new Date('2025-12-31T23:30:00Z'))).toBe('donderdag 1 januari 2026');
    expect(formatDutchDateWithYear(new Date('2025-12-31T23:30:00Z'), 'UTC')).toBe('woensdag 31 december 2025');
  });

  it('rejects an invalid date', () => {
    expect(() => formatDutchDateWithYear(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('currentYear', () => {
  it('reads the year from the given clock', () => {
    expect(currentYear(new Date('2026-06-15T12:00:00Z'))).toBe(2026);
    expect(currentYear(new Date('2025-12-31T23:30:00Z'))).toBe(2026);
    expect(currentYear(new Date('2025-12-31T23:30:00Z'), 'UTC')).toBe(2025);
  });

  it('rejects an invalid date', () => {
    expect(() => currentYear(new Date('x'))).toThrow(RangeError);
  });
});
