import { describe, expect, it } from 'vitest';
import { GUEST_ORDER_MAX_ITEMS, GUEST_ORDER_MAX_LINE_QUANTITY, guestLimitExcess } from './orders.ts';
import { extraPaymentReason } from './payments.ts';

const line = (productId: number, quantity: number) => ({ productId, name: `Product ${productId}`, quantity });

describe('guestLimitExcess', () => {
  it('accepts up to 5 of a product and 20 items in all', () => {
    expect([GUEST_ORDER_MAX_LINE_QUANTITY, GUEST_ORDER_MAX_ITEMS]).toEqual([5, 20]);
    expect(guestLimitExcess([line(1, 5)])).toBeNull();
    expect(guestLimitExcess([line(1, 5), line(2, 5), line(3, 5), line(4, 5)])).toBeNull();
    expect(guestLimitExcess(Array.from({ length: 20 }, (_, i) => line(i + 1, 1)))).toBeNull();
  });

  it('names every line over 5, and the total over 20', () => {
    expect(guestLimitExcess([line(1, 6), line(2, 2), line(3, 10)])).toEqual({
      lines: [line(1, 6), line(3, 10)],
      total: null,
    });
    expect(guestLimitExcess([line(1, 5), line(2, 5), line(3, 5), line(4, 5), line(5, 1)])).toEqual({
      lines: [],
      total: 21,
    });
    expect(guestLimitExcess([line(1, 10), line(2, 10), line(3, 10)])).toEqual({
      lines: [line(1, 10), line(2, 10), line(3, 10)],
      total: 30,
    });
  });
});

describe('extraPaymentReason', () => {
  it('a payment that becomes paid while its order is pending pays it: not extra', () => {
    expect(extraPaymentReason('pending', 'open', 'paid')).toBeNull();
  });

  it('a payment that becomes paid after the order was paid or cancelled is extra', () => {
    expect(extraPaymentReason('paid', 'open', 'paid')).toBe('order_paid');
    expect(extraPaymentReason('paid', 'pending', 'paid')).toBe('order_paid');
    expect(extraPaymentReason('cancelled', 'open', 'paid')).toBe('order_cancelled');
  });

  it('a repeated delivery of a paid payment, or any other status, is not judged again', () => {
    expect(extraPaymentReason('paid', 'paid', 'paid')).toBeNull();
    for (const next of ['open', 'pending', 'failed', 'canceled', 'expired'] as const) {
      expect(extraPaymentReason('paid', 'open', next)).toBeNull();
      expect(extraPaymentReason('cancelled', 'open', next)).toBeNull();
    }
  });
});
