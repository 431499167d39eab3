import { QUOTE_LIMITS } from './teachers.ts';

/**
 * The content module's Dutch messages, in one place: the contact form's
 * notice (spec §8, verbatim), the site search's field message, the home
 * page's level chooser's and the class licence's quote request's (additions:
 * the spec names none).
 */
export const CONTENT_MESSAGES = {
  /** Contact success (spec §8). */
  CONTACT_SUCCESS: 'Contact formulier succesvol verzonden.',
  /** A search needs at least two characters. */
  SEARCH_TOO_SHORT: 'Typ minimaal 2 tekens om te zoeken.',
  /** A class licence's quote request was received (/voor-docenten/offerte). */
  QUOTE_SUCCESS: 'Je offerteaanvraag is verstuurd. We mailen je meestal binnen twee werkdagen een offerte.',
  /** The quote request's number of pupils (a class licence's seats). */
  QUOTE_PUPILS: `Vul een aantal leerlingen in van ${QUOTE_LIMITS.minPupils} tot en met ${QUOTE_LIMITS.maxPupils}.`,
  /** Too many quote requests from one client in ten minutes (QUOTE_REQUESTS). */
  QUOTE_TOO_MANY: (minutes: number) =>
    `Je hebt net al een paar aanvragen gestuurd. Probeer het over ${minutes} ${minutes === 1 ? 'minuut' : 'minuten'} opnieuw, of mail ons.`,
  /** The quote request's exam year: one of the offered years. */
  QUOTE_EXAM_YEAR: 'Kies het jaar waarin je klas eindexamen doet.',
} as const;

/** "Kies je niveau" on the home page: no known level was chosen. */
export const CHOOSE_LEVEL_MESSAGE = 'Kies een van de niveaus.';
