import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  COOKIE_CATEGORIES,
  COOKIE_CATEGORY_VALUES,
  GDPR_COOKIE,
  SALE_NOTICE_COOKIE,
  consentAllows,
  consentValue,
  isCookieCategoryValue,
  maxAgeSeconds,
  DECLARED_COOKIES,
  RENDER_COOKIES,
  renderCookieKey,
  parseConsent,
  type CookieCategoryValue,
} from './cookies.ts';

describe('cookie definitions (spec §9)', () => {
  it('declares every cookie of spec §9 with a lifetime of one year', () => {
    expect(DECLARED_COOKIES.map((c) => c.name).sort()).toEqual(
      ['gdpr_cookie', 'sale_notice_cookie', 'sb_level', 'vsf-country', 'vsf-currency', 'vsf-locale'].sort(),
    );
    for (const cookie of DECLARED_COOKIES) expect(maxAgeSeconds(cookie.maxAgeDays)).toBe(31_536_000);
    expect([GDPR_COOKIE.path, SALE_NOTICE_COOKIE.path]).toEqual(['/', '/']);
  });

  it('keys rendering on the level and the sales-banner dismissal only', () => {
    expect(RENDER_COOKIES.map((c) => c.name)).toEqual(['sale_notice_cookie', 'sb_level']);
    const base = { 'vsf-locale': 'nl', gdpr_cookie: '*,1,GTM:1' };
    expect(renderCookieKey(base)).toBe(renderCookieKey({}));
    expect(renderCookieKey({ ...base, sb_level: 'vwo' })).not.toBe(renderCookieKey(base));
    expect(renderCookieKey({ sale_notice_cookie: '1' })).not.toBe(renderCookieKey({}));
    expect(renderCookieKey({ session: 'abc', _ga: 'x' })).toBe(renderCookieKey({}));
  });
});

describe('COOKIE_CATEGORIES (spec §3)', () => {
  it('offers complete, personal and base, each a valid consent choice', () => {
    expect(COOKIE_CATEGORIES.map(({ name, value }) => `${name}=${value}`)).toEqual([
      'complete=1,2,3',
      'personal=1,2',
      'base=1',
    ]);
    for (const { value } of COOKIE_CATEGORIES) expect(parseConsent(consentValue(value))).toEqual(value.split(','));
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
