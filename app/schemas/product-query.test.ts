import { describe, expect, it } from 'vitest';
import { fieldErrorsFromZod } from './errors.ts';
import { productQuerySchema } from './product-query.ts';

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
