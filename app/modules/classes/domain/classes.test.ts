import { describe, expect, it } from 'vitest';
import {
  displayName,
  formatJoinCode,
  isArchived,
  joinsFreely,
  JOIN_CODE_ALPHABET,
  newJoinCode,
  normaliseJoinCode,
  schoolYearEnd,
  schoolYearOf,
} from './classes.ts';
import { mulberry32 } from '#app/platform/random.ts';

describe('join codes', () => {
  it('are eight characters a board cannot make ambiguous', () => {
    const random = mulberry32(7);
    for (let i = 0; i < 200; i += 1) {
      const code = newJoinCode(random);
      expect(code).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
      expect(code).not.toMatch(/[01OIL]/);
    }
    expect(JOIN_CODE_ALPHABET).toHaveLength(31);
  });

  it('are read whatever the case, spaces or hyphens', () => {
    expect(normaliseJoinCode(' ab3k-7mqp ')).toBe('AB3K7MQP');
    expect(normaliseJoinCode('AB3K 7MQP')).toBe('AB3K7MQP');
    expect(formatJoinCode('AB3K7MQP')).toBe('AB3K-7MQP');
  });

  it('let pupils in freely for 14 days, then no longer', () => {
    const opened = new Date('2026-09-01T10:00:00Z');
    expect(joinsFreely(opened, new Date('2026-09-15T09:59:59Z'))).toBe(true);
    expect(joinsFreely(opened, new Date('2026-09-15T10:00:00Z'))).toBe(false);
  });
});

describe('the school year', () => {
  it('starts on 1 August in the Netherlands', () => {
    expect(schoolYearOf(new Date('2026-07-31T21:59:59Z'))).toBe(2025); // 23:59:59 on 31 July in Amsterdam
    expect(schoolYearOf(new Date('2026-07-31T22:00:00Z'))).toBe(2026); // 00:00 on 1 August
    expect(schoolYearOf(new Date('2027-01-15T12:00:00Z'))).toBe(2026);
  });

  it('archives a class from 1 August, not a moment before', () => {
    expect(isArchived(2025, new Date('2026-07-31T21:59:59Z'))).toBe(false);
    expect(isArchived(2025, new Date('2026-07-31T22:00:00Z'))).toBe(true);
    expect(isArchived(2026, new Date('2026-11-29T12:00:00Z'))).toBe(false);
  });

  it('ends on 31 July at midnight, Dutch summer time', () => {
    expect(schoolYearEnd(2026).toISOString()).toBe('2027-07-31T21:59:59.999Z');
  });
});

describe('the name a teacher sees', () => {
  it('is the first name and the initial of the last word', () => {
    expect(displayName('Sanne de Vries')).toBe('Sanne V.');
    expect(displayName('  Daan   Jansen ')).toBe('Daan J.');
    expect(displayName('Noor')).toBe('Noor');
    expect(displayName('')).toBe('Leerling');
  });
});
