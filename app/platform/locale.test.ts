import { describe, expect, it } from 'vitest';
import { LOCALE_CONFIG, assertLocaleConfig } from './locale.ts';

describe('assertLocaleConfig (spec §8)', () => {
  it('accepts a complete configuration', () => {
    expect(() => assertLocaleConfig(LOCALE_CONFIG)).not.toThrow();
    expect(() => assertLocaleConfig({ ...LOCALE_CONFIG, extra: true })).not.toThrow();
  });

  it('names a single missing field', () => {
    expect(() => assertLocaleConfig({ locale: 'nl', country: 'NL' })).toThrow(
      new Error('Missing i18n configuration field: currency'),
    );
    expect(() => assertLocaleConfig({ locale: 'nl', currency: 'EUR', country: '  ' })).toThrow(
      'Missing i18n configuration field: country',
    );
    expect(() => assertLocaleConfig({ locale: 7, currency: 'EUR', country: 'NL' })).toThrow(
      'Missing i18n configuration field: locale',
    );
  });

  it('names every missing field', () => {
    expect(() => assertLocaleConfig({ locale: 'nl' })).toThrow('Missing i18n configuration fields: currency, country');
    for (const value of [undefined, null, 'nl', {}]) {
      expect(() => assertLocaleConfig(value)).toThrow('Missing i18n configuration fields: locale, currency, country');
    }
  });
});
