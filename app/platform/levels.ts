import { sortByReferenceOrder } from './reference-order.ts';

/** School levels in their canonical order (spec §9). */
export const LEVEL_ORDER = ['vmbo-b', 'vmbo-k', 'vmbo-gl-tl', 'havo', 'vwo'] as const;
export type Level = (typeof LEVEL_ORDER)[number];

/** Whether a stored or typed name is one of LEVEL_ORDER. */
export function isLevel(name: string | undefined): name is Level {
  return (LEVEL_ORDER as readonly (string | undefined)[]).includes(name);
}

/** Order of level groups on screen (spec §9). */
export const DISPLAY_ORDER = ['VMBO', 'HAVO', 'VWO'] as const;

/** The wider education order, e.g. for content-service levels (spec §9). */
export const EDUCATION_ORDER = [
  'vmbo',
  'vmbo-b',
  'vmbo-gl/tl',
  'vmbo-k',
  'vmbo-t',
  'havo',
  'vwo',
  'mbo',
  'hbo',
  'wo',
] as const;

/** Dutch display labels of the levels. */
export const LEVEL_LABELS: Readonly<Record<Level, string>> = {
  'vmbo-b': 'vmbo basis',
  'vmbo-k': 'vmbo kader',
  'vmbo-gl-tl': 'vmbo gl/tl',
  havo: 'havo',
  vwo: 'vwo',
};

/** Dutch label of a level name (spec §1 levels); case-insensitive; unknown names are returned unchanged. */
export function levelLabel(name: string): string {
  const key = name.trim().toLowerCase();
  return Object.hasOwn(LEVEL_LABELS, key) ? LEVEL_LABELS[key as Level] : name;
}

const identity = (value: unknown): string => String(value);

/**
 * Sorts by LEVEL_ORDER (spec §9). Case-insensitive; unknown values last;
 * stable; returns a new array. `key` picks the level name from an item.
 */
export function sortByLevelOrder<T>(items: readonly T[], key: (item: T) => string = identity): T[] {
  return sortByReferenceOrder(items, LEVEL_ORDER, key);
}

/** Sorts by DISPLAY_ORDER (spec §9), same rules as sortByLevelOrder. */
export function sortByDisplayOrder<T>(items: readonly T[], key: (item: T) => string = identity): T[] {
  return sortByReferenceOrder(items, DISPLAY_ORDER, key);
}

/** Sorts by EDUCATION_ORDER (spec §9), same rules as sortByLevelOrder. */
export function sortByEducationOrder<T>(items: readonly T[], key: (item: T) => string = identity): T[] {
  return sortByReferenceOrder(items, EDUCATION_ORDER, key);
}

/**
 * Colour themes, one per school level (spec §1): vmbo purple-pink, havo blue,
 * vwo red. Their colours live in app/app.css (.theme-vmbo, .theme-havo,
 * .theme-vwo); app/platform/theme.test.ts checks them for WCAG AA contrast.
 */
export const LEVEL_THEMES = ['vmbo', 'havo', 'vwo'] as const;
export type LevelTheme = (typeof LEVEL_THEMES)[number];

/** True for a theme name the app knows ('vmbo', 'havo', 'vwo'), e.g. a content entry's theme field. */
export function isLevelTheme(value: unknown): value is LevelTheme {
  return (LEVEL_THEMES as readonly unknown[]).includes(value);
}

/** Theme used when no level decides (spec §1: no levels → havo). */
export const DEFAULT_THEME: LevelTheme = 'havo';

/**
 * Theme of a level name (spec §1, §4 "Level colour theme"). Case-insensitive
 * prefix match: 'vmbo…' (and 'mavo…') → vmbo, 'havo…' → havo, 'vwo…'
 * ('gymnasium…', 'atheneum…') → vwo; anything else → havo.
 */
export function themeForLevel(levelName: string): LevelTheme {
  const name = levelName.trim().toLowerCase();
  if (name.startsWith('vmbo') || name.startsWith('mavo')) return 'vmbo';
  if (name.startsWith('vwo') || name.startsWith('gymnasium') || name.startsWith('atheneum')) {
    return 'vwo';
  }
  return DEFAULT_THEME;
}

/** Theme of a user: the first level decides; no levels → havo (spec §1). */
export function themeForLevels(levels: readonly { name: string }[] | null | undefined): LevelTheme {
  const first = levels?.[0];
  return first ? themeForLevel(first.name) : DEFAULT_THEME;
}

/** CSS class set on the page for a theme (spec §4), e.g. 'theme-vwo'. */
export function themeClass(theme: LevelTheme): `theme-${LevelTheme}` {
  return `theme-${theme}`;
}
