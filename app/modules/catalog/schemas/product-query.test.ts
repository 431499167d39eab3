import { describe, expect, it } from 'vitest';
import { fieldErrorsFromZod } from '#app/platform/schemas/errors.ts';
import { productQueryFromSearchParams, productQuerySchema } from './product-query.ts';

describe('productQuerySchema (spec §7)', () => {
  it('defaults to page 1 without filters', () => {
    expect(productQuerySchema.parse({})).toEqual({ page: 1 });
  });

  it('reads filters and a page from query strings', () => {
    expect(
      productQuerySchema.parse({ level: 'vwo', subject: ' wiskunde-a ', productType: 'samenvatting', page: '2' }),
    ).toEqual({ level: 'vwo', subject: 'wiskunde-a', productType: 'samenvatting', page: 2 });
  });

  it('answers every bad field in Dutch', () => {
    const result = productQuerySchema.safeParse({
      level: 'mbo',
      subject: 'Wis Kunde',
      productType: 'poster',
      page: 'nul',
    });
    expect(fieldErrorsFromZod(result.error!)).toEqual({
      level: ['Onbekend niveau.'],
      subject: ['Onbekend vak.'],
      productType: ['Onbekend producttype.'],
      page: ['Voer een paginanummer in.'],
    });
  });

  it.each(['0', '-1', '1.5', '1001', ''])('refuses page %j', (page) => {
    expect(productQuerySchema.safeParse({ page }).error?.issues[0]?.message).toBe('Voer een paginanummer in.');
  });
});

describe('productQueryFromSearchParams (the /producten page)', () => {
  const parse = (search: string) => productQueryFromSearchParams(new URLSearchParams(search));

  it('reads filters, order and page', () => {
    expect(parse('level=havo&subject=engels&productType=examenbundel&sort=price-desc&page=2')).toEqual({
      query: { level: 'havo', subject: 'engels', productType: 'examenbundel', sort: 'price-desc', page: 2 },
      ignored: [],
    });
  });

  it('treats empty values (the form’s “all” options) as no filter', () => {
    expect(parse('level=&subject=&productType=&sort=')).toEqual({ query: { page: 1 }, ignored: [] });
  });

  it('leaves out values that do not fit and says which, keeping the rest', () => {
    expect(parse('level=mbo&productType=samenvatting&sort=duur&page=nul')).toEqual({
      query: { productType: 'samenvatting', page: 1 },
      ignored: ['level', 'sort', 'page'],
    });
  });

  it('reads the parameters’ other names that content links use', () => {
    expect(parse('niveau=vmbo&type=examenidioom&vak=engels')).toEqual({
      query: { level: 'vmbo', subject: 'engels', productType: 'examenidioom', page: 1 },
      ignored: [],
    });
    expect(parse('niveau=vwo&level=havo')).toEqual({ query: { level: 'havo', page: 1 }, ignored: [] });
  });

  it('ignores parameters it does not know', () => {
    expect(parse('utm_source=nieuwsbrief&level=vwo')).toEqual({ query: { level: 'vwo', page: 1 }, ignored: [] });
  });
});

describe('sort', () => {
  it('accepts the four orders and refuses others in Dutch', () => {
    for (const sort of ['relevance', 'price-asc', 'price-desc', 'name']) {
      expect(productQuerySchema.parse({ sort })).toEqual({ sort, page: 1 });
    }
    expect(productQuerySchema.safeParse({ sort: 'duur' }).error?.issues[0]?.message).toBe('Onbekende sortering.');
  });
});
