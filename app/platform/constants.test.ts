import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { backgroundDecorations, dummyImage, httpsUrl } from './constants.ts';

describe('background decoration (spec §9)', () => {
  it('draws 10 icons that use all 4 symbols and all 5 colours, for any seed', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const icons = backgroundDecorations(seed);
        expect(icons).toHaveLength(10);
        expect(new Set(icons.map((icon) => icon.symbol))).toEqual(new Set(['pencil', 'lightbulb', 'star', 'check']));
        expect(new Set(icons.map((icon) => icon.colour))).toEqual(new Set([1, 2, 3, 4, 5]));
      }),
    );
  });

  it('is deterministic for a seed', () => {
    expect(backgroundDecorations(42)).toEqual(backgroundDecorations(42));
    expect(backgroundDecorations(42)).not.toEqual(backgroundDecorations(43));
  });

  it('rejects a non-finite seed', () => {
    expect(() => backgroundDecorations(Number.NaN)).toThrow(RangeError);
  });

  it('keeps positions, sizes and rotations in range, for any seed', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const icons = backgroundDecorations(seed);
        for (const icon of icons) {
          expect(icon.top).toBeGreaterThanOrEqual(0);
          expect(icon.top).toBeLessThanOrEqual(95);
          expect(icon.left).toBeGreaterThanOrEqual(0);
          expect(icon.left).toBeLessThanOrEqual(95);
          expect(icon.size).toBeGreaterThanOrEqual(1.5);
          expect(icon.size).toBeLessThanOrEqual(4);
          expect(Number.isInteger(icon.rotation)).toBe(true);
          expect(Math.abs(icon.rotation)).toBeLessThanOrEqual(45);
        }
        expect(backgroundDecorations(seed)).toEqual(icons);
      }),
    );
  });
});

describe('dummyImage', () => {
  it('cycles through 15 images', () => {
    expect(dummyImage(0)).toBe('/images/dummy/dummy-1.svg');
    expect(dummyImage(14)).toBe('/images/dummy/dummy-15.svg');
    expect(dummyImage(15)).toBe('/images/dummy/dummy-1.svg');
    expect(dummyImage(31)).toBe('/images/dummy/dummy-2.svg');
    expect(dummyImage(-1)).toBe('/images/dummy/dummy-15.svg');
  });

  it('rejects non-integer indexes', () => {
    expect(() => dummyImage(1.5)).toThrow(RangeError);
  });

  it('always names one of the 15 images', () => {
    fc.assert(
      fc.property(fc.integer(), (index) => {
        const match = /^\/images\/dummy\/dummy-(\d+)\.svg$/.exec(dummyImage(index));
        const n = Number(match?.[1]);
        expect(n).toBeGreaterThanOrEqual(1);
        expect(n).toBeLessThanOrEqual(15);
        expect(dummyImage(index + 15)).toBe(dummyImage(index));
      }),
    );
  });
});

describe('httpsUrl', () => {
  it('prefixes protocol-relative URLs', () => {
    expect(httpsUrl('//images.ctfassets.net/x/logo.png')).toBe('https://images.ctfassets.net/x/logo.png');
  });

  it('upgrades http', () => {
    expect(httpsUrl('http://example.nl/a?b=1')).toBe('https://example.nl/a?b=1');
    expect(httpsUrl('HTTP://example.nl/a')).toBe('https://example.nl/a');
  });

  it('leaves https, relative and other URLs alone', () => {
    for (const url of [
      'https://example.nl/a',
      '/images/a.png',
      'images/a.png',
      '',
      'data:image/png;base64,AA',
      'mailto:a@b.nl',
    ]) {
      expect(httpsUrl(url)).toBe(url);
    }
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.webUrl(),
          fc.string(),
          fc.webUrl().map((url) => url.replace(/^https?:/, '')),
        ),
        (url) => {
          expect(httpsUrl(httpsUrl(url))).toBe(httpsUrl(url));
        },
      ),
    );
  });
});
