import { describe, expect, it } from 'vitest';
import { creditNoteNumber, planRefund, unitsAmount, type PaidLine } from './refunds.ts';

/** Three copies at € 27,95 with 10 % off the line (€ 8,39): € 75,46 paid, not a whole number of cents per copy. */
const line: PaidLine = {
  position: 0,
  name: 'Slaagbundel Nederlands havo',
  sku: 'SB-HAVO-NE',
  quantity: 3,
  lineTotalCents: 8385,
  discountCents: 839,
  vatRatePercent: 9,
};
const base = {
  lines: [
    line,
    {
      ...line,
      position: 1,
      name: 'Oude bundel',
      quantity: 1,
      discountCents: 0,
      lineTotalCents: 1090,
      vatRatePercent: null,
    },
  ],
  shippingCents: 395,
  refundedUnits: new Map<number, number>(),
  shippingRefunded: false,
  paymentLeftCents: 8385 - 839 + 1090 + 395,
};

describe('a refund of order lines', () => {
  it('gives back a line copy by copy to exactly what was paid for it', () => {
    const parts = [unitsAmount(line, 0, 1), unitsAmount(line, 1, 1), unitsAmount(line, 2, 1)];
    expect(parts).toEqual([2515, 2516, 2515]);
    expect(parts.reduce((a, b) => a + b)).toBe(8385 - 839);
    expect(unitsAmount(line, 0, 3)).toBe(8385 - 839);
  });

  it('credits each line at its own rate, a line without a stored rate and the shipping at 9 %', () => {
    const plan = planRefund({
      ...base,
      ask: {
        lines: [
          { position: 1, quantity: 1 },
          { position: 0, quantity: 2 },
        ],
        shipping: true,
      },
    });
    expect(plan).toEqual({
      ok: true,
      amountCents: 5031 + 1090 + 395,
      shippingCents: 395,
      lines: [
        {
          position: 0,
          description: line.name,
          sku: line.sku,
          quantity: 2,
          amountCents: 5031,
          vatRatePercent: 9,
          vatCents: 415,
        },
        {
          position: 1,
          description: 'Oude bundel',
          sku: line.sku,
          quantity: 1,
          amountCents: 1090,
          vatRatePercent: 9,
          vatCents: 90,
        },
        {
          position: null,
          description: 'Verzendkosten',
          sku: null,
          quantity: 1,
          amountCents: 395,
          vatRatePercent: 9,
          vatCents: 33,
        },
      ],
    });
  });

  it('refuses nothing chosen, an unknown or repeated line, more than is left, shipping twice, more than the payment', () => {
    expect(planRefund({ ...base, ask: { lines: [{ position: 0, quantity: 0 }], shipping: false } })).toMatchObject({
      reason: 'nothing_chosen',
    });
    expect(planRefund({ ...base, ask: { lines: [{ position: 5, quantity: 1 }], shipping: false } })).toMatchObject({
      reason: 'line_unknown',
      index: 0,
    });
    expect(
      planRefund({
        ...base,
        ask: {
          lines: [
            { position: 0, quantity: 1 },
            { position: 0, quantity: 1 },
          ],
          shipping: false,
        },
      }),
    ).toMatchObject({ reason: 'line_unknown', index: 1 });
    expect(
      planRefund({
        ...base,
        refundedUnits: new Map([[0, 2]]),
        ask: { lines: [{ position: 0, quantity: 2 }], shipping: false },
      }),
    ).toMatchObject({ reason: 'quantity_left', left: 1 });
    expect(planRefund({ ...base, shippingRefunded: true, ask: { lines: [], shipping: true } })).toMatchObject({
      reason: 'shipping_refunded',
    });
    expect(
      planRefund({ ...base, paymentLeftCents: 100, ask: { lines: [{ position: 1, quantity: 1 }], shipping: false } }),
    ).toMatchObject({
      reason: 'payment_left',
      leftCents: 100,
    });
  });

  it('numbers credit notes per year: CN26-000001', () => {
    expect(creditNoteNumber(2026, 1)).toBe('CN26-000001');
    expect(creditNoteNumber(2031, 1234567)).toBe('CN31-1234567');
  });
});
