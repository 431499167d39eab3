import { describe, expect, it } from 'vitest';
import { levelsOfFilter, hasProductFilters, productCountText, productListHref, productPath } from './product-list.ts';

describe('productListHref', () => {
  it('is /producten for the unfiltered first page in the default order', () => {
    expect(productListHref({})).toBe('/producten');
    expect(productListHref({ sort: 'relevance', page: 1 })).toBe('/producten');
  });

  it('puts filters, order and page in a fixed order, leaving defaults out', () => {
    expect(productListHref({ page: 3, sort: 'price-asc', productType: 'samenvatting', level: 'havo' })).toBe(
      '/producten?level=havo&productType=samenvatting&sort=price-asc&page=3',
    );
    expect(productListHref({ subject: 'wiskunde-a', level: 'vwo', page: 2 })).toBe(
      '/producten?level=vwo&subject=wiskunde-a&page=2',
    );
  });

  it('encodes values', () => {
    expect(productListHref({ subject: 'a&b' })).toBe('/producten?subject=a%26b');
  });
});

describe('hasProductFilters', () => {
  it('is true only with a level, subject or product type', () => {
    expect(hasProductFilters({})).toBe(false);
    expect(hasProductFilters({ sort: 'name', page: 2 })).toBe(false);
    expect(hasProductFilters({ level: 'havo' })).toBe(true);
    expect(hasProductFilters({ subject: 'engels' })).toBe(true);
    expect(hasProductFilters({ productType: 'examenidioom' })).toBe(true);
  });
});

describe('paths and texts', () => {
  it('builds product paths (spec §2)', () => {
    expect(productPath(12, 'slaagbundel-wiskunde-a-havo-2027')).toBe('/producten/12/slaagbundel-wiskunde-a-havo-2027');
  });

  it('counts products in Dutch', () => {
    expect(productCountText(0)).toBe('0 producten');
    expect(productCountText(1)).toBe('1 product');
    expect(productCountText(23)).toBe('23 producten');
  });
});

describe('levelsOfFilter', () => {
  it('stands for all vmbo levels with vmbo, and for one level otherwise', () => {
    expect(levelsOfFilter('vmbo')).toEqual(['vmbo-b', 'vmbo-k', 'vmbo-gl-tl']);
    expect(levelsOfFilter('havo')).toEqual(['havo']);
    expect(levelsOfFilter('vmbo-k')).toEqual(['vmbo-k']);
  });
});
