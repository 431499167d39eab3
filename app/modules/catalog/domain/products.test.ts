import { describe, expect, it } from 'vitest';
import {
  coverImagePath,
  editionYear,
  isProductType,
  isQuoteProduct,
  productTypeLabel,
  schemaPrice,
  stockState,
} from './products.ts';

describe('productTypeLabel', () => {
  it('names the product types in Dutch and keeps unknown ones', () => {
    expect(productTypeLabel('examenbundel')).toBe('Examenbundel');
    expect(productTypeLabel('samenvatting')).toBe('Samenvatting');
    expect(productTypeLabel('examenidioom')).toBe('Examenidioom');
    expect(productTypeLabel('klaslicentie')).toBe('Klaslicentie');
    expect(productTypeLabel('poster')).toBe('poster');
  });
});

describe('quote products (issue 31)', () => {
  it('are the class licences: sold to schools on a quote, not a type the shop sells in a cart', () => {
    expect(isQuoteProduct('klaslicentie')).toBe(true);
    expect(isProductType('klaslicentie')).toBe(false);
    for (const type of ['examenbundel', 'samenvatting', 'examenidioom', 'poster']) {
      expect(isQuoteProduct(type), type).toBe(false);
    }
  });
});

describe('covers and editions', () => {
  it('finds a product’s cover by its SKU, in lower case', () => {
    expect(coverImagePath('SB-HAVO-WA-2027')).toBe('/images/covers/sb-havo-wa-2027.svg');
  });

  it('reads the exam year a SKU ends in', () => {
    expect(editionYear('SB-HAVO-WA-2026')).toBe('2026');
    expect(editionYear('SB-VWO-FA-ID-2027')).toBe('2027');
    expect(editionYear('SB-HAVO')).toBeNull();
  });
});

describe('stockState (spec §4)', () => {
  it('is discontinued when not orderable, whatever the stock', () => {
    expect(stockState({ isOrderable: 'N', inStock: true })).toBe('discontinued');
    expect(stockState({ isOrderable: 'n', inStock: false })).toBe('discontinued');
  });

  it('is sold out when orderable without stock, in stock otherwise', () => {
    expect(stockState({ isOrderable: 'Y', inStock: false })).toBe('sold-out');
    expect(stockState({ isOrderable: 'Y', inStock: true })).toBe('in-stock');
    expect(stockState({ isOrderable: 'Y', inStock: true, productType: 'examenbundel' })).toBe('in-stock');
  });

  it('is on-quote for a class licence, whatever its row says about orderable and stock', () => {
    for (const isOrderable of ['Y', 'N']) {
      for (const inStock of [true, false]) {
        expect(stockState({ isOrderable, inStock, productType: 'klaslicentie' })).toBe('on-quote');
      }
    }
  });
});

describe('schemaPrice', () => {
  it('writes cents with a dot and two decimals', () => {
    expect(schemaPrice(2495)).toBe('24.95');
    expect(schemaPrice(2500)).toBe('25.00');
    expect(schemaPrice(5)).toBe('0.05');
    expect(schemaPrice(0)).toBe('0.00');
  });

  it('refuses negative or fractional amounts', () => {
    expect(() => schemaPrice(-1)).toThrow(RangeError);
    expect(() => schemaPrice(24.95)).toThrow(RangeError);
  });
});
