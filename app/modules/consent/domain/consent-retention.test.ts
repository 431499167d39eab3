import { describe, expect, it } from 'vitest';
import { consentRetentionCutoff } from './consent-retention.ts';
import { GDPR_COOKIE } from '#app/platform/cookies.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('consent retention', () => {
  it('keeps proof as long as the consent cookie lives plus a month', () => {
    const now = new Date('2027-03-01T12:00:00Z');
    const cookieExpiredFor30Days = now.getTime() - (GDPR_COOKIE.maxAgeDays + 30) * DAY_MS;
    expect(consentRetentionCutoff(now).getTime()).toBeLessThanOrEqual(cookieExpiredFor30Days);
  });

  it('puts the cutoff CONSENT_RETENTION_DAYS before now, in UTC days', () => {
    const now = new Date('2027-03-01T12:00:00Z');
    expect(consentRetentionCutoff(now).toISOString()).toBe('2026-01-25T12:00:00.000Z');
    expect(consentRetentionCutoff(now, 1).toISOString()).toBe('2027-02-28T12:00:00.000Z');
  });

  it('refuses an invalid clock or period', () => {
    expect(() => consentRetentionCutoff(new Date('x'))).toThrow(RangeError);
    expect(() => consentRetentionCutoff(new Date(), 0)).toThrow(RangeError);
    expect(() => consentRetentionCutoff(new Date(), 1.5)).toThrow(RangeError);
  });
});
