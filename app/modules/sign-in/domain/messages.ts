/**
 * The sign-in module's Dutch messages, in one place: the accounts library's refusals and the auth host's.
 * Additions (the spec shows none), except 'Please provide a return url' (spec §5).
 */

/**
 * The accounts library's refusals in Dutch (its own English messages never
 * reach a visitor); app/modules/sign-in/schemas/auth-errors.ts maps its
 * error codes to these.
 */
export const AUTH_MESSAGES = {
  INVALID_EMAIL_OR_PASSWORD: 'Het e-mailadres of het wachtwoord klopt niet.',
  EMAIL_NOT_VERIFIED: 'Bevestig eerst je e-mailadres: klik op de link in de e-mail die we je stuurden.',
  EMAIL_TAKEN: 'Er is al een account met dit e-mailadres. Log in, of vraag een nieuw wachtwoord aan.',
  PASSWORD_TOO_SHORT: 'Kies een wachtwoord van minimaal 8 tekens.',
  PASSWORD_TOO_LONG: 'Kies een wachtwoord van maximaal 128 tekens.',
  INVALID_PASSWORD: 'Je huidige wachtwoord klopt niet.',
  INVALID_TOKEN: 'Deze link klopt niet (meer). Vraag een nieuwe aan.',
  TOKEN_EXPIRED: 'Deze link is verlopen. Vraag een nieuwe aan.',
} as const;

/** Error of the auth host and its URL builders without a return path (spec §5, verbatim). */
export const MISSING_RETURN_URL_MESSAGE = 'Please provide a return url';

/** A return address elsewhere is refused, never followed (the spec names only the missing case). */
export const FOREIGN_RETURN_URL_MESSAGE = 'Het terugkeeradres moet een pagina van deze site zijn.';
