import { describe, expect, it } from 'vitest';
import { BLOCK_LINE, isProductBlock, toEmbeddedBlock } from './article-blocks.ts';

describe('toEmbeddedBlock', () => {
  it('knows the blocks an editor can embed, by their Dutch names', () => {
    expect(toEmbeddedBlock('product', 'SB-1')).toEqual({ kind: 'product', sku: 'SB-1' });
    expect(toEmbeddedBlock('inkijkexemplaar', 'SB-1')).toEqual({ kind: 'product-preview', sku: 'SB-1' });
    expect(toEmbeddedBlock('in-winkelwagen', 'SB-1')).toEqual({ kind: 'add-to-cart', sku: 'SB-1' });
    expect(toEmbeddedBlock('examencheck', 'SB-1')).toEqual({ kind: 'exam-check', sku: 'SB-1' });
    expect(toEmbeddedBlock('licentiecode', undefined)).toEqual({ kind: 'license' });
    expect(toEmbeddedBlock('nieuwsbrief', undefined)).toEqual({ kind: 'newsletter' });
  });

  it('drops unknown blocks, product blocks without a product and other blocks with one', () => {
    expect(toEmbeddedBlock('korting', 'SB-1')).toBeNull();
    expect(toEmbeddedBlock('in-winkelwagen', undefined)).toBeNull();
    expect(toEmbeddedBlock('licentiecode', 'SB-1')).toBeNull();
  });

  it('tells product blocks from the others', () => {
    expect(isProductBlock({ kind: 'exam-check', sku: 'SB-1' })).toBe(true);
    expect(isProductBlock({ kind: 'license' })).toBe(false);
  });
});

describe('BLOCK_LINE', () => {
  it('matches a block only on a line of its own', () => {
    const source = 'Tekst\n  [[examencheck: SB-HAVO-WB-2027]] \nZie [[licentiecode]] hier.\n[[licentiecode]]';
    expect([...source.matchAll(BLOCK_LINE)].map(([, name, ref]) => [name, ref])).toEqual([
      ['examencheck', 'SB-HAVO-WB-2027'],
      ['licentiecode', undefined],
    ]);
  });
});
