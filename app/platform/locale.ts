/** The single locale of the product (spec §1): nl, EUR, NL; no URL prefix. */
export const LOCALE_CONFIG = { locale: 'nl', currency: 'EUR', country: 'NL' } as const;

export interface LocaleConfig {
  locale: string;
  currency: string;
  country: string;
}

const REQUIRED_FIELDS = ['locale', 'currency', 'country'] as const;

/**
 * Checks an i18n configuration (spec §8 "Missing i18n configuration fields:
 * an error is thrown"). A field is missing when absent or not a non-blank
 * string. Throws `Missing i18n configuration field: currency`, or for several
 * `Missing i18n configuration fields: currency, country`.
 */
export function assertLocaleConfig(cfg: unknown): asserts cfg is LocaleConfig {
  const record: Record<string, unknown> =
    typeof cfg === 'object' && cfg !== null ? (cfg as Record<string, unknown>) : {};
  const missing = REQUIRED_FIELDS.filter((field) => {
    const value = record[field];
    return typeof value !== 'string' || value.trim() === '';
  });
  if (missing.length === 1) throw new Error(`Missing i18n configuration field: ${missing[0]}`);
  if (missing.length > 1) throw new Error(`Missing i18n configuration fields: ${missing.join(', ')}`);
}
