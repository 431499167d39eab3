/**
 * The content module's Dutch messages, in one place: the contact form's
 * notice (spec §8, verbatim), the site search's field message and the home
 * page's level chooser's (additions: the spec names none).
 */
export const CONTENT_MESSAGES = {
  /** Contact success (spec §8). */
  CONTACT_SUCCESS: 'Contact formulier succesvol verzonden.',
  /** A search needs at least two characters. */
  SEARCH_TOO_SHORT: 'Typ minimaal 2 tekens om te zoeken.',
} as const;

/** "Kies je niveau" on the home page: no known level was chosen. */
export const CHOOSE_LEVEL_MESSAGE = 'Kies een van de niveaus.';
