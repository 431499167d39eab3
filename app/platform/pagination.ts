/** Articles per blog page (spec §7, §9). */
export const ARTICLES_PER_PAGE = 11;

/** Products per products page (spec §7, §9). */
export const PRODUCTS_PER_PAGE = 18;

/** Zero-based result positions of the call-to-action banners in the product list (spec §9). */
export const CTA_POSITIONS = [6, 16] as const;

/** Path of the blog list; page 1 lives here (spec §2). */
export const BLOG_PATH = '/examentips';

function assertNonNegativeInteger(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative integer, got ${String(value)}`);
  }
}

function assertPositiveInteger(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new RangeError(`${name} must be a positive integer, got ${String(value)}`);
  }
}

/** Number of pages (spec §9): ceil(total / perPage); 0 items → 0 pages. */
export function totalPages(total: number, perPage: number): number {
  assertNonNegativeInteger('total', total);
  assertPositiveInteger('perPage', perPage);
  return Math.ceil(total / perPage);
}

/** One-based page of an offset (spec §9): floor(skip / perPage) + 1. */
export function currentPage(skip: number, perPage: number): number {
  assertNonNegativeInteger('skip', skip);
  assertPositiveInteger('perPage', perPage);
  return Math.floor(skip / perPage) + 1;
}

/** Offset of a one-based page (spec §7 'skip by page'): (page - 1) * perPage; inverse of currentPage. */
export function skipForPage(page: number, perPage: number): number {
  assertPositiveInteger('page', page);
  assertPositiveInteger('perPage', perPage);
  return (page - 1) * perPage;
}

export type ListEntry<T, C> = { kind: 'item'; item: T } | { kind: 'cta'; cta: C };

/**
 * Inserts call-to-action banners into a list (spec §9).
 *
 * CTA i is placed at index `positions[i]` of the result (indices count the
 * CTAs inserted before it). When the list is too short for that, the CTA is
 * appended at the end instead, after all items, in CTA order; so CTA i ends
 * at index `min(positions[i], items.length + i)`. CTAs beyond
 * `positions.length` are ignored. All items are kept, in their order.
 *
 * With the default positions [6, 16]: 18 items → items 0–5, CTA 0, items
 * 6–14, CTA 1, items 15–17; 10 items → items 0–5, CTA 0, items 6–9, CTA 1;
 * 5 items → items 0–4, CTA 0, CTA 1; no items → CTA 0, CTA 1.
 *
 * `positions` must be strictly increasing non-negative integers.
 */
export function insertCtas<T, C>(
  items: readonly T[],
  ctas: readonly C[],
  positions: readonly number[] = CTA_POSITIONS,
): ListEntry<T, C>[] {
  positions.forEach((position, index) => {
    assertNonNegativeInteger('CTA position', position);
    const previous = positions[index - 1];
    if (previous !== undefined && position <= previous) {
      throw new RangeError('CTA positions must be strictly increasing');
    }
  });
  const result: ListEntry<T, C>[] = [];
  let next = 0;
  const count = Math.min(ctas.length, positions.length);
  for (let i = 0; i < count; i++) {
    const position = positions[i] as number;
    while (result.length < position && next < items.length) {
      result.push({ kind: 'item', item: items[next++] as T });
    }
    result.push({ kind: 'cta', cta: ctas[i] as C });
  }
  while (next < items.length) result.push({ kind: 'item', item: items[next++] as T });
  return result;
}

/** The address of page `page` of a blog list at `base` (spec §2): page 1 is the list's own address. */
export function blogPagePath(base: string, page: number): string {
  return page > 1 ? `${base}/page/${page}` : base;
}

/**
 * What the paged blog route /examentips/page/{id} does with its id (spec §2):
 * - '/examentips' (redirect) when the id is missing, empty or '1';
 * - null (render the page) for a canonical page number ≥ 2 ('2', '13');
 * - 'not-found' for anything else: non-numeric, negative, zero, decimals,
 *   leading zeros ('02') or numbers beyond the safe integer range.
 */
export function blogPageRedirect(pageId: string | undefined): typeof BLOG_PATH | 'not-found' | null {
  if (pageId === undefined || pageId === '' || pageId === '1') return BLOG_PATH;
  if (!/^[1-9]\d*$/.test(pageId) || !Number.isSafeInteger(Number(pageId))) return 'not-found';
  return null;
}
