import { describe, expect, it } from 'vitest';
import { expectedDeliveryDate, missingForFreeShipping, SHIPPING_CENTS, shippingCents } from './shipping.ts';

const day = (d: Date) => d.toISOString().slice(0, 10);

describe('shipping', () => {
  it('is free from € 35 after the discount, and nothing for an empty cart', () => {
    expect(shippingCents(3499, 2)).toBe(SHIPPING_CENTS);
    expect(shippingCents(3500, 2)).toBe(0);
    expect(shippingCents(0, 0)).toBe(0);
    expect(missingForFreeShipping(3000)).toBe(500);
    expect(missingForFreeShipping(4000)).toBe(0);
  });

  it('delivers the next day when ordered on a weekday before 22:00 Amsterdam time', () => {
    // Monday 23 November 2026, 10:00 in Amsterdam (09:00 UTC) → Tuesday.
    expect(day(expectedDeliveryDate(new Date('2026-11-23T09:00:00Z')))).toBe('2026-11-24');
  });

  it('posts the next working day after the cut-off', () => {
    // Monday 22:30 Amsterdam → posted Tuesday → Wednesday.
    expect(day(expectedDeliveryDate(new Date('2026-11-23T21:30:00Z')))).toBe('2026-11-25');
    // 23:30 UTC on Monday is already Tuesday 00:30 in Amsterdam → posted Tuesday → Wednesday.
    expect(day(expectedDeliveryDate(new Date('2026-11-23T23:30:00Z')))).toBe('2026-11-25');
  });

  it('never delivers on Sunday or Monday', () => {
    // Friday 12:00 → posted Friday → Saturday.
    expect(day(expectedDeliveryDate(new Date('2026-11-27T11:00:00Z')))).toBe('2026-11-28');
    // Friday 23:00 → posted Monday → Tuesday.
    expect(day(expectedDeliveryDate(new Date('2026-11-27T22:00:00Z')))).toBe('2026-12-01');
    // Sunday → posted Monday → Tuesday.
    expect(day(expectedDeliveryDate(new Date('2026-11-29T10:00:00Z')))).toBe('2026-12-01');
  });
});
