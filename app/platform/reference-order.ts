/**
 * Sorting by a fixed reference order (helper for the level orders of spec §9). Matching is
 * case-insensitive and ignores surrounding whitespace; values not in the
 * order come last; the sort is stable and never mutates its input.
 */
export function sortByReferenceOrder<T>(items: readonly T[], order: readonly string[], key: (item: T) => string): T[] {
  const rank = new Map(order.map((value, index) => [normalise(value), index]));
  const indexOf = (item: T): number => rank.get(normalise(key(item))) ?? order.length;
  return items
    .map((item, position) => ({ item, position, index: indexOf(item) }))
    .sort((a, b) => a.index - b.index || a.position - b.position)
    .map(({ item }) => item);
}

function normalise(value: string): string {
  return value.trim().toLowerCase();
}
