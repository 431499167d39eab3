import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { assertCents, exVat, formatMoney, percentageOf, roundDiv, sumCents, vatAmount } from './money.ts';

const NBSP = '\u00A0';
const cents = fc.integer({ min: -10_000_000_00, max: 10_000_000_00 });

describe('assertCents', () => {
  it.each([1.5, 0.1, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])('rejects %s', (value) => {
    expect(() => assertCents(value)).toThrow(RangeError);
  });

  it('accepts integers', () => {
    expect(() => assertCents(0)).not.toThrow();
    expect(() => assertCents(-2495)).not.toThrow();
  });
});

describe('roundDiv', () => {
  it('rounds half away from zero', () => {
    expect(roundDiv(5, 2)).toBe(3);
    expect(roundDiv(-5, 2)).toBe(-3);
    expect(roundDiv(4, 3)).toBe(1);
    expect(roundDiv(5, 3)).toBe(2);
    expect(roundDiv(-4, 3)).toBe(-1);
    expect(Object.is(roundDiv(-1, 3), 0)).toBe(true);
  });

  it('is never more than half a unit off', () => {
    fc.assert(
      fc.property(cents, fc.integer({ min: 1, max: 1000 }), (n, d) => {
        expect(Math.abs(roundDiv(n, d) - n / d)).toBeLessThanOrEqual(0.5);
      }),
    );
  });
});

describe('exVat', () => {
  it('computes price * 100 / 109 rounded to whole cents (spec §9)', () => {
    expect(exVat(10900)).toBe(10000);
    expect(exVat(2495)).toBe(2289); // 2288.99…
    expect(exVat(2500)).toBe(2294); // 2293.57…
    expect(exVat(1999)).toBe(1834); // 1833.94…
    expect(exVat(100)).toBe(92); // 91.74…
    expect(exVat(1)).toBe(1); // 0.917…
    expect(exVat(0)).toBe(0);
    expect(exVat(-2495)).toBe(-2289);
  });

  it('rejects non-integer cents', () => {
    expect(() => exVat(24.95)).toThrow(RangeError);
  });

  it('is the nearest whole cent to the exact ex-VAT amount', () => {
    fc.assert(
      fc.property(cents, (c) => {
        expect(Math.abs(exVat(c) - (c * 100) / 109)).toBeLessThan(0.5);
      }),
    );
  });

  it('is odd-symmetric and monotonic', () => {
    fc.assert(
      fc.property(cents, fc.nat(100_000), (c, delta) => {
        expect(exVat(-c)).toBe(-exVat(c) || 0);
        expect(exVat(c + delta)).toBeGreaterThanOrEqual(exVat(c));
      }),
    );
  });
});

describe('vatAmount', () => {
  it('is the rest of the price', () => {
    expect(vatAmount(10900)).toBe(900);
    expect(vatAmount(2495)).toBe(206);
    expect(vatAmount(0)).toBe(0);
  });

  it('ex-VAT plus VAT is the price, and VAT is about 9/109 of it', () => {
    fc.assert(
      fc.property(cents, (c) => {
        expect(exVat(c) + vatAmount(c)).toBe(c);
        expect(Math.abs(vatAmount(c) - (c * 9) / 109)).toBeLessThan(0.5);
      }),
    );
  });
});

describe('sumCents', () => {
  it('adds cents', () => {
    expect(sumCents([])).toBe(0);
    expect(sumCents([2495, 1999, -500])).toBe(3994);
  });

  it('rejects non-integer entries', () => {
    expect(() => sumCents([100, 0.5])).toThrow(RangeError);
  });

  it('equals the sum of its parts', () => {
    fc.assert(
      fc.property(fc.array(cents), fc.array(cents), (a, b) => {
        expect(sumCents([...a, ...b])).toBe(sumCents(a) + sumCents(b));
      }),
    );
  });
});

describe('percentageOf', () => {
  it('rounds half-up to whole cents', () => {
    expect(percentageOf(10000, 15)).toBe(1500);
    expect(percentageOf(50, 5)).toBe(3); // 2.5
    expect(percentageOf(49, 5)).toBe(2); // 2.45
    expect(percentageOf(-50, 5)).toBe(-3);
    expect(percentageOf(2495, 10)).toBe(250); // 249.5
    expect(percentageOf(2495, 0)).toBe(0);
    expect(percentageOf(1000, 12.5)).toBe(125);
  });

  it('rejects bad input', () => {
    expect(() => percentageOf(1.5, 10)).toThrow(RangeError);
    expect(() => percentageOf(100, Number.NaN)).toThrow(RangeError);
  });

  it('returns whole cents within half a cent of the exact value', () => {
    fc.assert(
      fc.property(cents, fc.integer({ min: 0, max: 100 }), (c, p) => {
        const result = percentageOf(c, p);
        expect(Number.isInteger(result)).toBe(true);
        expect(Math.abs(result - (c * p) / 100)).toBeLessThanOrEqual(0.5);
      }),
    );
  });
});

describe('formatMoney', () => {
  it('formats nl-NL euros with a non-breaking space (spec §9)', () => {
    expect(formatMoney(2495)).toBe(`€${NBSP}24,95`);
    expect(formatMoney(2495)).not.toBe('€ 24,95'); // a plain space would be wrong
    expect(formatMoney(2495).charCodeAt(1)).toBe(0xa0);
    expect(formatMoney(5)).toBe('€\u00A00,05');
    expect(formatMoney(123456789)).toBe('€\u00A01.234.567,89');
  });

  it("shows whole euros as ',-' (spec §9)", () => {
    expect(formatMoney(2500)).toBe('€\u00A025,-');
    expect(formatMoney(0)).toBe('€\u00A00,-');
    expect(formatMoney(100000)).toBe('€\u00A01.000,-');
  });

  it('shows ,00 when the full form is requested', () => {
    expect(formatMoney(2500, { full: true })).toBe('€\u00A025,00');
    expect(formatMoney(2495, { full: true })).toBe('€\u00A024,95');
    expect(formatMoney(2500, { full: false })).toBe('€\u00A025,-');
  });

  it('formats negative amounts', () => {
    expect(formatMoney(-500)).toBe('€\u00A0-5,-');
    expect(formatMoney(-550)).toBe('€\u00A0-5,50');
    expect(formatMoney(-500, { full: true })).toBe('€\u00A0-5,00');
    expect(formatMoney(-1)).toBe('€\u00A0-0,01');
  });

  it('rejects non-integer cents', () => {
    expect(() => formatMoney(24.95)).toThrow(RangeError);
  });

  it('round-trips through its own notation', () => {
    fc.assert(
      fc.property(cents, fc.boolean(), (c, full) => {
        const text = formatMoney(c, { full });
        expect(text.startsWith(`€${NBSP}`)).toBe(true);
        const number = text.slice(2).replaceAll('.', '').replace(',-', ',00').replace(',', '.');
        expect(Math.round(Number(number) * 100)).toBe(c);
        expect(text.endsWith(',-')).toBe(!full && c % 100 === 0);
      }),
    );
  });
});
