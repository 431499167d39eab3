import { describe, expect, it } from 'vitest';
import { cookieConsentSchema } from './cookie-consent.ts';

describe('cookieConsentSchema (spec §4, §5)', () => {
  it.each(['1,2,3', '1,2', '1'])('accepts category %j', (category) => {
    expect(cookieConsentSchema.parse({ category })).toEqual({ category });
  });

  it.each([undefined, '', '2', '1,3', 'complete', 1])("rejects %j with 'Maak een keuze.'", (category) => {
    const result = cookieConsentSchema.safeParse({ category });
    expect(result.error?.issues).toMatchObject([{ path: ['category'], message: 'Maak een keuze.' }]);
  });

  it('rejects a missing category', () => {
    expect(cookieConsentSchema.safeParse({}).error?.issues.map((issue) => issue.message)).toEqual(['Maak een keuze.']);
  });
});
