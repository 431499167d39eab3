import { describe, expect, it } from 'vitest';
import { sortByReferenceOrder } from './reference-order.ts';

describe('sortByReferenceOrder', () => {
  it('orders by the reference, unknown last, stably, case-insensitively', () => {
    const order = ['b', 'a'];
    expect(sortByReferenceOrder(['z', 'A', 'y', 'B', 'a'], order, (v) => v)).toEqual(['B', 'A', 'a', 'z', 'y']);
  });

  it('handles empty input and an empty order', () => {
    expect(sortByReferenceOrder([], ['a'], String)).toEqual([]);
    expect(sortByReferenceOrder(['c', 'b'], [], String)).toEqual(['c', 'b']);
  });
});
