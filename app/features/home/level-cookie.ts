/** Remembers the level a visitor chose on the home page (drives the colour theme). */
export const LEVEL_COOKIE = 'sb_level';
export const LEVEL_COOKIE_MAX_AGE_SECONDS = 365 * 86_400;
