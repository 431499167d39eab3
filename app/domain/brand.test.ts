import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ABOUT_PATH, AREA_LOGIN_PATH, AREA_PATH, BRAND, HOME_TITLE, TITLE_SUFFIX, pageTitle } from './brand.ts';

describe('brand', () => {
  it('has the Slaagbundel name and slug', () => {
    expect(BRAND).toEqual({ name: 'Slaagbundel', slug: 'slaagbundel' });
  });

  it('derives the paths of spec §2', () => {
    expect(AREA_PATH).toBe('/mijnslaagbundel');
    expect(AREA_LOGIN_PATH).toBe('/mijnslaagbundel/login');
    expect(ABOUT_PATH).toBe('/over-slaagbundel');
  });

  it('derives the home title of spec §1', () => {
    expect(TITLE_SUFFIX).toBe(' | Slaagbundel');
    expect(HOME_TITLE).toBe('Zeker slagen met onze slaagbundels! | Slaagbundel');
  });
});

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
