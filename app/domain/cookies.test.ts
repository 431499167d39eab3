import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  COOKIE_CATEGORIES,
  COOKIE_CATEGORY_VALUES,
  COOKIE_CONSENT_REQUIRED_MESSAGE,
  COUNTRY_COOKIE,
  CURRENCY_COOKIE,
  GDPR_COOKIE,
  LOCALE_COOKIE,
  SALE_NOTICE_COOKIE,
  consentAllows,
  consentValue,
  isCookieCategoryValue,
  maxAgeSeconds,
  parseConsent,
  type CookieCategoryValue,
} from './cookies.ts';

describe('cookie definitions (spec §9)', () => {
  it('has the exact names, lifetimes and paths', () => {
    expect(GDPR_COOKIE).toEqual({ name: 'gdpr_cookie', maxAgeDays: 365, path: '/' });
    expect(SALE_NOTICE_COOKIE).toEqual({ name: 'sale_notice_cookie', maxAgeDays: 365, path: '/' });
    expect(LOCALE_COOKIE).toEqual({ name: 'vsf-locale', maxAgeDays: 365 });
    expect(CURRENCY_COOKIE).toEqual({ name: 'vsf-currency', maxAgeDays: 365 });
    expect(COUNTRY_COOKIE).toEqual({ name: 'vsf-country', maxAgeDays: 365 });
  });

  it('has the consent hint of spec §4', () => {
    expect(COOKIE_CONSENT_REQUIRED_MESSAGE).toBe('Maak een keuze.');
  });
});

describe('COOKIE_CATEGORIES (spec §3)', () => {
  it('has complete, personal and base with their values', () => {
    expect(COOKIE_CATEGORIES.map(({ name, value, label }) => ({ name, value, label }))).toEqual([
      { name: 'complete', value: '1,2,3', label: 'Compleet' },
      { name: 'personal', value: '1,2', label: 'Persoonlijk' },
      { name: 'base', value: '1', label: 'Basis' },
    ]);
    expect(COOKIE_CATEGORY_VALUES).toEqual(COOKIE_CATEGORIES.map((category) => category.value));
  });

  it('describes each category in a Dutch sentence', () => {
    for (const category of COOKIE_CATEGORIES) {
      expect(category.description).toMatch(/^[A-Z].{40,}\.$/s);
      expect(category.description).toMatch(/cookies/);
    }
  });
});

describe('isCookieCategoryValue', () => {
  it('knows exactly the three values', () => {
    expect(isCookieCategoryValue('1,2,3')).toBe(true);
    expect(isCookieCategoryValue('1,2')).toBe(true);
    expect(isCookieCategoryValue('1')).toBe(true);
    for (const value of ['', '2', '1,3', '3,2,1', ' 1', 1, null, undefined]) {
      expect(isCookieCategoryValue(value)).toBe(false);
    }
  });
});

describe('consentValue', () => {
  it("stores '*,{categories},GTM:1' (spec §9)", () => {
    expect(consentValue('1,2,3')).toBe('*,1,2,3,GTM:1');
    expect(consentValue('1,2')).toBe('*,1,2,GTM:1');
    expect(consentValue('1')).toBe('*,1,GTM:1');
  });

  it('rejects unknown values at runtime', () => {
    expect(() => consentValue('2' as CookieCategoryValue)).toThrow(RangeError);
  });
});

describe('parseConsent', () => {
  it('reads back the categories', () => {
    expect(parseConsent('*,1,2,3,GTM:1')).toEqual(['1', '2', '3']);
    expect(parseConsent('*,1,2,GTM:1')).toEqual(['1', '2']);
    expect(parseConsent('*,1,GTM:1')).toEqual(['1']);
    expect(parseConsent(' *,1,GTM:1 ')).toEqual(['1']);
  });

  it.each([
    undefined,
    null,
    '',
    '*,GTM:1',
    '1,2,3',
    '*,1,2,3',
    '*,1,2,3,GTM:0',
    '*,2,GTM:1',
    '*,1,3,GTM:1',
    'x*,1,GTM:1',
    '*,1,2,3,4,GTM:1',
  ])('returns null for %j', (value) => {
    expect(parseConsent(value)).toBeNull();
  });

  it('round-trips with consentValue', () => {
    fc.assert(
      fc.property(fc.constantFrom(...COOKIE_CATEGORY_VALUES), (value) => {
        expect(parseConsent(consentValue(value))?.join(',')).toBe(value);
      }),
    );
  });

  it('never throws on arbitrary input', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        const parsed = parseConsent(value);
        expect(parsed === null || isCookieCategoryValue(parsed.join(','))).toBe(true);
      }),
    );
  });
});

describe('consentAllows', () => {
  it('grants the chosen categories only', () => {
    expect(consentAllows('*,1,2,3,GTM:1', 3)).toBe(true);
    expect(consentAllows('*,1,2,GTM:1', 2)).toBe(true);
    expect(consentAllows('*,1,2,GTM:1', 3)).toBe(false);
    expect(consentAllows('*,1,GTM:1', 1)).toBe(true);
    expect(consentAllows('*,1,GTM:1', 2)).toBe(false);
  });

  it('grants nothing for a missing or invalid cookie', () => {
    expect(consentAllows(undefined, 1)).toBe(false);
    expect(consentAllows('rubbish', 1)).toBe(false);
  });
});

describe('maxAgeSeconds', () => {
  it('converts days to seconds', () => {
    expect(maxAgeSeconds(365)).toBe(31_536_000);
    expect(maxAgeSeconds(1)).toBe(86_400);
    expect(maxAgeSeconds(0)).toBe(0);
    expect(maxAgeSeconds(GDPR_COOKIE.maxAgeDays)).toBe(365 * 86_400);
  });

  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY])('rejects %s', (days) => {
    expect(() => maxAgeSeconds(days)).toThrow(RangeError);
  });
});
