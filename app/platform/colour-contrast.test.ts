import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { contrastRatio, hexToRgb, relativeLuminance } from './colour-contrast.ts';

describe('hexToRgb', () => {
  it('parses long and short hex', () => {
    expect(hexToRgb('#1D4ED8')).toEqual([29, 78, 216]);
    expect(hexToRgb('#fff')).toEqual([255, 255, 255]);
    expect(hexToRgb('#000000')).toEqual([0, 0, 0]);
  });

  it.each(['1D4ED8', '#12345', '#GGGGGG', ''])('rejects %j', (hex) => {
    expect(() => hexToRgb(hex)).toThrow(RangeError);
  });
});

describe('contrast', () => {
  it('knows the WCAG reference values', () => {
    expect(relativeLuminance('#FFFFFF')).toBeCloseTo(1, 10);
    expect(relativeLuminance('#000000')).toBe(0);
    expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21, 10);
    expect(contrastRatio('#767676', '#FFFFFF')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#777777', '#FFFFFF')).toBeLessThan(4.5);
  });

  it('is symmetric and between 1 and 21', () => {
    const hex = fc
      .tuple(fc.nat(255), fc.nat(255), fc.nat(255))
      .map((channels) => `#${channels.map((c) => c.toString(16).padStart(2, '0')).join('')}`);
    fc.assert(
      fc.property(hex, hex, (a, b) => {
        const ratio = contrastRatio(a, b);
        expect(ratio).toBeCloseTo(contrastRatio(b, a), 12);
        expect(ratio).toBeGreaterThanOrEqual(1);
        expect(ratio).toBeLessThanOrEqual(21 + 1e-9);
        expect(contrastRatio(a, a)).toBeCloseTo(1, 12);
      }),
    );
  });
});
