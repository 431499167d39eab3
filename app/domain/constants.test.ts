import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  ACCOUNT_MODAL_WIDTH_REM,
  BACKGROUND_COLOURS,
  BACKGROUND_ICON_COUNT,
  BACKGROUND_SYMBOLS,
  BASE_FONT_SIZES,
  BREAKPOINTS_EM,
  CARD_LOADING_DELAY_MS,
  CONTAINER_MAX_WIDTH_EM,
  COOKIE_NOTICE_DELAY_MS,
  DEFAULT_FETCH_DELAY_MS,
  DUMMY_IMAGE_COUNT,
  ERROR_TRACE_SAMPLE_RATE,
  EXAM_MODAL_WIDTH_REM,
  HEADER_HEIGHT_REM,
  LEARNED_CARD_UPDATE_DELAY_MS,
  MARKETING_MODAL_WIDTH_REM,
  MENU_ANIMATION_IN_S,
  MENU_ANIMATION_OUT_S,
  NOTIFICATION_TIMEOUT_MS,
  PREFETCH_TIMEOUT_MS,
  RELOAD_GUARD_MS,
  TRANSITION_MAX_S,
  TRANSITION_MIN_S,
  backgroundDecorations,
  baseFontSizePercent,
  dummyImage,
  httpsUrl,
} from './constants.ts';

describe('timings (spec §9)', () => {
  it('has the exact values', () => {
    expect(COOKIE_NOTICE_DELAY_MS).toBe(1500);
    expect(NOTIFICATION_TIMEOUT_MS).toBe(4000);
    expect(CARD_LOADING_DELAY_MS).toBe(300);
    expect(LEARNED_CARD_UPDATE_DELAY_MS).toBe(350);
    expect(RELOAD_GUARD_MS).toBe(60000);
    expect(ERROR_TRACE_SAMPLE_RATE).toBe(0.02);
    expect(PREFETCH_TIMEOUT_MS).toBe(2000);
    expect(DEFAULT_FETCH_DELAY_MS).toBe(200);
    expect(MENU_ANIMATION_IN_S).toBe(0.25);
    expect(MENU_ANIMATION_OUT_S).toBe(0.2);
    expect(TRANSITION_MIN_S).toBe(0.25);
    expect(TRANSITION_MAX_S).toBe(0.35);
  });
});

describe('layout (spec §9)', () => {
  it('has the exact values', () => {
    expect(BREAKPOINTS_EM).toEqual({ sm: 40, md: 48, lg: 64, xl: 80, xxl: 90 });
    expect(BASE_FONT_SIZES).toEqual([
      { minWidthEm: 0, percent: 87.5 },
      { minWidthEm: 40, percent: 93.75 },
      { minWidthEm: 64, percent: 100 },
    ]);
    expect(CONTAINER_MAX_WIDTH_EM).toBe(90);
    expect(HEADER_HEIGHT_REM).toEqual({ base: 5, lg: 6 });
    expect(MARKETING_MODAL_WIDTH_REM).toBe(53);
    expect(ACCOUNT_MODAL_WIDTH_REM).toBe(31.9375);
    expect(EXAM_MODAL_WIDTH_REM).toBe(63);
  });

  it('picks the base font size by viewport width', () => {
    expect(baseFontSizePercent(20)).toBe(87.5);
    expect(baseFontSizePercent(39.99)).toBe(87.5);
    expect(baseFontSizePercent(40)).toBe(93.75);
    expect(baseFontSizePercent(63.9)).toBe(93.75);
    expect(baseFontSizePercent(64)).toBe(100);
    expect(baseFontSizePercent(120)).toBe(100);
  });

  it('never shrinks the font as the viewport grows', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 200, noNaN: true }),
        fc.double({ min: 0, max: 200, noNaN: true }),
        (a, b) => {
          const [low, high] = a <= b ? [a, b] : [b, a];
          expect(baseFontSizePercent(low)).toBeLessThanOrEqual(baseFontSizePercent(high));
        },
      ),
    );
  });
});

describe('background decoration (spec §9)', () => {
  it('has 10 icons, 4 symbols, 5 colours and 15 dummy images', () => {
    expect(BACKGROUND_ICON_COUNT).toBe(10);
    expect(BACKGROUND_SYMBOLS).toHaveLength(4);
    expect(new Set(BACKGROUND_SYMBOLS).size).toBe(4);
    expect(BACKGROUND_COLOURS).toHaveLength(5);
    expect(new Set(BACKGROUND_COLOURS).size).toBe(5);
    for (const colour of BACKGROUND_COLOURS) expect(colour).toMatch(/^#[0-9A-F]{6}$/);
    expect(DUMMY_IMAGE_COUNT).toBe(15);
  });

  it('is deterministic for a seed', () => {
    expect(backgroundDecorations(42)).toEqual(backgroundDecorations(42));
    expect(backgroundDecorations(42)).not.toEqual(backgroundDecorations(43));
  });

  it('rejects a non-finite seed', () => {
    expect(() => backgroundDecorations(Number.NaN)).toThrow(RangeError);
  });

  it('uses every symbol and colour, with values in range, for any seed', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const icons = backgroundDecorations(seed);
        expect(icons).toHaveLength(BACKGROUND_ICON_COUNT);
        expect(new Set(icons.map((icon) => icon.symbol))).toEqual(new Set(BACKGROUND_SYMBOLS));
        expect(new Set(icons.map((icon) => icon.colour))).toEqual(new Set(BACKGROUND_COLOURS));
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
