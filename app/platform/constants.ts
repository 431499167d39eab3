import { mulberry32, shuffle } from './random.ts';

// Timings (spec §4, §8, §9).

/** Delay before the cookie notice appears (spec §4, §9). */
export const COOKIE_NOTICE_DELAY_MS = 1500;
/** Notifications close automatically after this time (spec §8, §9). */
export const NOTIFICATION_TIMEOUT_MS = 4000;
/** At most one reload after a chunk load failure per this period (spec §8, §9). */
export const RELOAD_GUARD_MS = 60000;
/** The cards' loading flag clears this long after the response (spec §4, §9). */
export const CARD_LOADING_DELAY_MS = 300;
/** The per-topic learned count follows a learned toggle after this delay (spec §4, §9). */
export const LEARNED_UPDATE_DELAY_MS = 350;
/** Trace sample rate of the error-reporting service (spec §9). */
export const ERROR_TRACE_SAMPLE_RATE = 0.02;
/** Link prefetch timeout (spec §9). */
export const PREFETCH_TIMEOUT_MS = 2000;
/** Default fetch delay (spec §9): how long typing must pause before a fetch, e.g. the instant search. */
export const FETCH_DELAY_MS = 200;

// Layout values (breakpoints, font sizes, container, header and modal widths,
// timings of spec §9) live in app/app.css; see app/platform/theme.test.ts.

// Background decoration (spec §2 default layout, §9).

/** Number of decorative background icons (spec §9). */
export const BACKGROUND_ICON_COUNT = 10;
/** The 4 decorative symbols (spec §9); names of SVG symbols. */
export const BACKGROUND_SYMBOLS = ['pencil', 'lightbulb', 'star', 'check'] as const;
/**
 * The 5 decoration colours (spec §9), numbered: colour n is the CSS custom
 * property --decoration-colour-n of app/app.css.
 */
export const BACKGROUND_COLOURS = [1, 2, 3, 4, 5] as const;
/** Number of placeholder images (spec §9). */
export const DUMMY_IMAGE_COUNT = 15;

export interface BackgroundDecoration {
  symbol: (typeof BACKGROUND_SYMBOLS)[number];
  /** Decoration colour number, 1–5: var(--decoration-colour-{colour}) (app/app.css). */
  colour: (typeof BACKGROUND_COLOURS)[number];
  /** Offset from the top, percent of the page (0–95). */
  top: number;
  /** Offset from the left, percent of the page (0–95). */
  left: number;
  /** Icon size in rem (1.5–4). */
  size: number;
  /** Rotation in degrees (-45–45). */
  rotation: number;
}

const round1 = (value: number): number => Math.round(value * 10) / 10;

/**
 * The decorative background icons (spec §9): BACKGROUND_ICON_COUNT items,
 * fully determined by `seed` (so server and client render the same). Every
 * symbol and every colour occurs at least once. Icons are spread over a grid
 * of 2 columns × 5 rows with random jitter inside each cell.
 */
export function backgroundDecorations(seed: number): BackgroundDecoration[] {
  if (!Number.isFinite(seed)) throw new RangeError(`Seed must be a finite number, got ${String(seed)}`);
  const random = mulberry32(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const fill = <T>(list: readonly T[]): T[] =>
    shuffle([...list, ...Array.from({ length: BACKGROUND_ICON_COUNT - list.length }, () => pick(list))], random);
  const symbols = fill(BACKGROUND_SYMBOLS);
  const colours = fill(BACKGROUND_COLOURS);
  return symbols.map((symbol, i) => ({
    symbol,
    colour: colours[i] as BackgroundDecoration['colour'],
    top: round1(Math.floor(i / 2) * 20 + random() * 15),
    left: round1((i % 2) * 50 + random() * 45),
    size: round1(1.5 + random() * 2.5),
    rotation: Math.round(random() * 90 - 45) || 0,
  }));
}

/** Placeholder image for an index, cycling through 1..15 (spec §9). */
export function dummyImage(index: number): string {
  if (!Number.isSafeInteger(index)) throw new RangeError(`Index must be an integer, got ${String(index)}`);
  const n = (((index % DUMMY_IMAGE_COUNT) + DUMMY_IMAGE_COUNT) % DUMMY_IMAGE_COUNT) + 1;
  return `/images/dummy/dummy-${n}.svg`;
}

/**
 * https-prefixed URL (spec §9, sale banner and footer logos): '//host/x' →
 * 'https://host/x', 'http://host/x' → 'https://host/x'; https, relative and
 * other URLs are returned unchanged.
 */
export function httpsUrl(url: string): string {
  if (url.startsWith('//')) return `https:${url}`;
  if (/^http:\/\//i.test(url)) return `https://${url.slice('http://'.length)}`;
  return url;
}
