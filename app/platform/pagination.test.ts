import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  ARTICLES_PER_PAGE,
  PRODUCTS_PER_PAGE,
  blogPagePath,
  blogPageRedirect,
  currentPage,
  insertCtas,
  skipForPage,
  totalPages,
  type ListEntry,
} from './pagination.ts';

describe('page sizes (spec §9)', () => {
  it('puts 11 articles on a blog page', () => {
    expect(totalPages(11, ARTICLES_PER_PAGE)).toBe(1);
    expect(totalPages(12, ARTICLES_PER_PAGE)).toBe(2);
    expect(skipForPage(2, ARTICLES_PER_PAGE)).toBe(11);
    expect(currentPage(10, ARTICLES_PER_PAGE)).toBe(1);
    expect(currentPage(11, ARTICLES_PER_PAGE)).toBe(2);
  });

  it('puts 18 products on a products page', () => {
    expect(totalPages(18, PRODUCTS_PER_PAGE)).toBe(1);
    expect(totalPages(19, PRODUCTS_PER_PAGE)).toBe(2);
    expect(skipForPage(3, PRODUCTS_PER_PAGE)).toBe(36);
    expect(currentPage(17, PRODUCTS_PER_PAGE)).toBe(1);
    expect(currentPage(18, PRODUCTS_PER_PAGE)).toBe(2);
  });
});

describe('totalPages', () => {
  it('is ceil(total / perPage)', () => {
    expect(totalPages(0, 11)).toBe(0);
    expect(totalPages(1, 11)).toBe(1);
    expect(totalPages(11, 11)).toBe(1);
    expect(totalPages(12, 11)).toBe(2);
    expect(totalPages(36, 18)).toBe(2);
    expect(totalPages(37, 18)).toBe(3);
  });

  it('rejects bad input', () => {
    expect(() => totalPages(-1, 11)).toThrow(RangeError);
    expect(() => totalPages(1.5, 11)).toThrow(RangeError);
    expect(() => totalPages(10, 0)).toThrow(RangeError);
  });

  it('has room for every item and no empty page', () => {
    fc.assert(
      fc.property(fc.nat(10_000), fc.integer({ min: 1, max: 100 }), (total, perPage) => {
        const pages = totalPages(total, perPage);
        expect(pages * perPage).toBeGreaterThanOrEqual(total);
        expect((pages - 1) * perPage).toBeLessThan(Math.max(total, 1));
      }),
    );
  });
});

describe('currentPage and skipForPage', () => {
  it('compute pages from offsets (spec §9)', () => {
    expect(currentPage(0, 11)).toBe(1);
    expect(currentPage(11, 11)).toBe(2);
    expect(currentPage(22, 11)).toBe(3);
    expect(currentPage(5, 11)).toBe(1);
    expect(currentPage(36, 18)).toBe(3);
  });

  it('compute offsets from pages', () => {
    expect(skipForPage(1, 11)).toBe(0);
    expect(skipForPage(2, 11)).toBe(11);
    expect(skipForPage(3, 18)).toBe(36);
  });

  it('reject bad input', () => {
    expect(() => currentPage(-1, 11)).toThrow(RangeError);
    expect(() => currentPage(0, 0)).toThrow(RangeError);
    expect(() => skipForPage(0, 11)).toThrow(RangeError);
    expect(() => skipForPage(1.5, 11)).toThrow(RangeError);
  });

  it('round-trip: currentPage(skipForPage(p)) = p', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 1, max: 100 }), (page, perPage) => {
        expect(currentPage(skipForPage(page, perPage), perPage)).toBe(page);
      }),
    );
  });

  it('every offset falls on the page that starts at or before it', () => {
    fc.assert(
      fc.property(fc.nat(100_000), fc.integer({ min: 1, max: 100 }), (skip, perPage) => {
        const page = currentPage(skip, perPage);
        expect(skipForPage(page, perPage)).toBeLessThanOrEqual(skip);
        expect(skip).toBeLessThan(skipForPage(page, perPage) + perPage);
      }),
    );
  });
});

/** Compact notation: items as numbers, CTAs as 'A', 'B', 'C'. */
const flat = <T, C>(list: ListEntry<T, C>[]): (T | C)[] =>
  list.map((entry) => (entry.kind === 'item' ? entry.item : entry.cta));
const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i);

describe('insertCtas', () => {
  it('returns the items unchanged without CTAs', () => {
    for (const n of [0, 5, 6, 10, 18]) {
      expect(flat(insertCtas(range(n), []))).toEqual(range(n));
    }
  });

  it('places CTAs at 6 and 16 in an 18-item list', () => {
    expect(flat(insertCtas(range(18), ['A', 'B']))).toEqual([
      0,
      1,
      2,
      3,
      4,
      5,
      'A',
      6,
      7,
      8,
      9,
      10,
      11,
      12,
      13,
      14,
      'B',
      15,
      16,
      17,
    ]);
  });

  it.each([
    [0, ['A'], ['A']],
    [0, ['A', 'B'], ['A', 'B']],
    [0, ['A', 'B', 'C'], ['A', 'B']],
    [5, ['A'], [0, 1, 2, 3, 4, 'A']],
    [5, ['A', 'B'], [0, 1, 2, 3, 4, 'A', 'B']],
    [5, ['A', 'B', 'C'], [0, 1, 2, 3, 4, 'A', 'B']],
    [6, ['A'], [0, 1, 2, 3, 4, 5, 'A']],
    [6, ['A', 'B'], [0, 1, 2, 3, 4, 5, 'A', 'B']],
    [6, ['A', 'B', 'C'], [0, 1, 2, 3, 4, 5, 'A', 'B']],
    [10, ['A'], [0, 1, 2, 3, 4, 5, 'A', 6, 7, 8, 9]],
    [10, ['A', 'B'], [0, 1, 2, 3, 4, 5, 'A', 6, 7, 8, 9, 'B']],
    [10, ['A', 'B', 'C'], [0, 1, 2, 3, 4, 5, 'A', 6, 7, 8, 9, 'B']],
    [18, ['A'], [0, 1, 2, 3, 4, 5, 'A', 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]],
    [18, ['A', 'B', 'C'], [0, 1, 2, 3, 4, 5, 'A', 6, 7, 8, 9, 10, 11, 12, 13, 14, 'B', 15, 16, 17]],
  ] as const)('%i items with %j', (n, ctas, expected) => {
    expect(flat(insertCtas(range(n), ctas))).toEqual(expected);
  });

  it('places CTA 1 right after item 14 when there are exactly 15 items', () => {
    expect(flat(insertCtas(range(15), ['A', 'B'])).slice(-2)).toEqual([14, 'B']);
    expect(flat(insertCtas(range(16), ['A', 'B'])).slice(-3)).toEqual([14, 'B', 15]);
  });

  it('tags entries with their kind', () => {
    expect(insertCtas(['x'], [{ id: 'cta' }], [0])).toEqual([
      { kind: 'cta', cta: { id: 'cta' } },
      { kind: 'item', item: 'x' },
    ]);
  });

  it('accepts custom positions and rejects bad ones', () => {
    expect(flat(insertCtas(range(3), ['A', 'B'], [1, 2]))).toEqual([0, 'A', 'B', 1, 2]);
    expect(() => insertCtas(range(3), ['A', 'B'], [2, 2])).toThrow(RangeError);
    expect(() => insertCtas(range(3), ['A', 'B'], [3, 1])).toThrow(RangeError);
    expect(() => insertCtas(range(3), ['A'], [-1])).toThrow(RangeError);
  });

  it('keeps all items in order, uses min(ctas, positions) CTAs in order, at min(position, items + i)', () => {
    const positions = fc.uniqueArray(fc.nat(40), { maxLength: 5 }).map((list) => [...list].sort((a, b) => a - b));
    fc.assert(
      fc.property(fc.nat(40), fc.array(fc.string(), { maxLength: 6 }), positions, (n, ctas, pos) => {
        const items = range(n);
        const result = insertCtas(items, ctas, pos);
        const used = Math.min(ctas.length, pos.length);
        expect(result).toHaveLength(n + used);
        expect(result.flatMap((e) => (e.kind === 'item' ? [e.item] : []))).toEqual(items);
        expect(result.flatMap((e) => (e.kind === 'cta' ? [e.cta] : []))).toEqual(ctas.slice(0, used));
        let ctaIndex = 0;
        result.forEach((entry, index) => {
          if (entry.kind === 'cta') {
            expect(index).toBe(Math.min(pos[ctaIndex]!, n + ctaIndex));
            ctaIndex++;
          }
        });
      }),
    );
  });

  it('does not mutate its inputs', () => {
    const items = [1, 2, 3];
    const ctas = ['A'];
    insertCtas(items, ctas, [1]);
    expect(items).toEqual([1, 2, 3]);
    expect(ctas).toEqual(['A']);
  });
});

describe('blogPagePath', () => {
  it('is the list itself for page 1 and {base}/page/{n} for the others', () => {
    expect(blogPagePath('/examentips', 1)).toBe('/examentips');
    expect(blogPagePath('/examentips/categorie/plannen', 3)).toBe('/examentips/categorie/plannen/page/3');
  });
});

describe('blogPageRedirect', () => {
  it('redirects page 1 and a missing id to /examentips (spec §2)', () => {
    expect(blogPageRedirect(undefined)).toBe('/examentips');
    expect(blogPageRedirect('')).toBe('/examentips');
    expect(blogPageRedirect('1')).toBe('/examentips');
  });

  it('renders valid pages from 2 on', () => {
    expect(blogPageRedirect('2')).toBeNull();
    expect(blogPageRedirect('10')).toBeNull();
    expect(blogPageRedirect('9007199254740991')).toBeNull();
  });

  it.each(['0', '-1', '-2', 'abc', '2.5', '1e3', '02', ' 2', '2 ', '9007199254740993', '0x10'])(
    "%j is 'not-found'",
    (pageId) => {
      expect(blogPageRedirect(pageId)).toBe('not-found');
    },
  );

  it('renders every integer page ≥ 2', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: Number.MAX_SAFE_INTEGER }), (page) => {
        expect(blogPageRedirect(String(page))).toBeNull();
      }),
    );
  });
});
