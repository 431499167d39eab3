import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { HOME_TITLE, pageTitle } from './brand.ts';

describe('pageTitle', () => {
  it.each([undefined, null, '', '   ', '\n\t'])('returns the home title for %j', (title) => {
    expect(pageTitle(title)).toBe('Zeker slagen met onze slaagbundels! | Slaagbundel');
  });

  it('uses no argument as missing', () => {
    expect(pageTitle()).toBe(HOME_TITLE);
  });

  it('appends the suffix to a trimmed title', () => {
    expect(pageTitle('Examentips')).toBe('Examentips | Slaagbundel');
    expect(pageTitle('  Pagina niet gevonden  ')).toBe('Pagina niet gevonden | Slaagbundel');
  });

  it('always ends with the brand suffix', () => {
    fc.assert(
      fc.property(fc.option(fc.string(), { nil: undefined }), (title) => {
        const result = pageTitle(title);
        expect(result.endsWith(' | Slaagbundel')).toBe(true);
        if (title !== undefined && title.trim() !== '') {
          expect(result).toBe(`${title.trim()} | Slaagbundel`);
        } else {
          expect(result).toBe(HOME_TITLE);
        }
      }),
    );
  });
});
