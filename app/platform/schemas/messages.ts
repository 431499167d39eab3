/**
 * The shared user-facing texts, those of no one module: the field messages
 * of spec §5 and the generic notice of spec §8, verbatim, and the page
 * guard's refusals; additions for cases the spec leaves open are marked
 * below. A module's own messages (its refusals, its forms' texts, its
 * notices) are in its domain/messages.ts.
 */
export const MESSAGES = {
  /** Required (spec §5). */
  REQUIRED: 'Dit veld is verplicht',
  /** Required checkbox (spec §5); note the full stop. */
  REQUIRED_CHECKBOX: 'Dit veld is verplicht.',
  /** E-mail (spec §5). */
  EMAIL_INVALID: 'Dit is geen geldige e-mail',
  /** E-mail, alternative wording (spec §5). */
  EMAIL_INVALID_ALT: 'Voer een geldig e-mailadres in.',
  /** Postcode: 4 digits, optional space, 2 letters (spec §5). */
  POSTCODE: 'Voer een postcode in, bijvoorbeeld: 1234 AA',
  /** House number: digits only (spec §5). */
  HOUSE_NUMBER_DIGITS: 'Huisnummer mag alleen cijfers bevatten',
  /** House number: at most 5 digits (spec §5). */
  HOUSE_NUMBER_MAX: 'Maximaal 5 cijfers',
  /** House number extension: at most 10 characters (spec §5). */
  EXTENSION_MAX: 'Maximaal 10 karakters',
  /** House number extension: no # (spec §5). */
  EXTENSION_NO_HASH: 'De toevoeging mag geen # bevatten',
  /** Minimum length (spec §5): 'Voer minimaal {length} cijfers in.' */
  minLength: (length: number): string => `Voer minimaal ${length} cijfers in.`,
  /** Maximum length (spec §5): 'Voer maximaal {length} cijfers in.' */
  maxLength: (length: number): string => `Voer maximaal ${length} cijfers in.`,
  /** Maximum characters (spec §5): 'Voer maximaal {length} karakters in.' */
  maxChars: (length: number): string => `Voer maximaal ${length} karakters in.`,
  /** Value limit (spec §5). */
  VALUE_LIMIT: 'Waarde moet kleiner zijn dan 100.',
  /** Password repeat (spec §5). */
  PASSWORD_REPEAT: 'Nieuw wachtwoord en herhaling wachtwoord komen niet overeen.',
  /** Addition (not in the spec): a digits-only field holds something else. */
  DIGITS_ONLY: 'Voer alleen cijfers in.',
  /** Addition (not in the spec): a number field holds no number. */
  NUMBER_INVALID: 'Voer een geldig getal in.',
  /** Addition (not in the spec): a whole-number field holds a fraction ('12,5' where only whole numbers fit). */
  WHOLE_NUMBER: 'Voer een heel getal in, zonder komma.',
  /** Addition (not in the spec): a yes/no field (a checkbox) holds something else than yes or no. */
  CHECKBOX_INVALID: 'Vink dit vakje aan of laat het leeg.',
  /** Addition (not in the spec): a yes/no value of the API (true or false) holds something else. */
  YES_OR_NO: 'Kies ja of nee (true of false).',
  /** Generic failure notice: contact, adding or removing a subject (spec §8). */
  GENERIC_ERROR: 'Er is iets helaas niet goed gegaan, probeer het op een later moment.',
  /** Addition: an address with bad percent-encoding (400). */
  MALFORMED_PATH: 'Dit adres klopt niet. Controleer het adres en probeer het opnieuw.',
  /** Addition: a form post from another website (403). */
  FOREIGN_FORM: 'Dit formulier kwam niet van onze eigen website en is daarom niet verwerkt.',
  /** Addition: the database cannot be reached (503, with Retry-After). */
  SERVICE_UNAVAILABLE:
    'Slaagbundel is even niet bereikbaar door een storing. Probeer het over een paar seconden opnieuw.',
  /** Addition: a post to a page whose body is no form (415), or a form that cannot be read (400). */
  FORM_UNREADABLE: 'Dit formulier is niet goed verstuurd. Vul het opnieuw in op de pagina en probeer het nog eens.',
  /** Addition: a form post larger than a form of ours can be (413). */
  FORM_TOO_LARGE: 'Je hebt te veel gegevens in één keer verstuurd. Probeer het met minder.',
} as const;
