import { MESSAGES } from '#app/platform/schemas/messages.ts';
import { PASSWORD_LENGTH } from './account.ts';

/**
 * The accounts module's Dutch messages, in one place: the notices of the
 * profile page, the field messages of the account, auth and user forms and
 * the accounts library's limits. Additions (the spec shows none). Free of
 * Zod: the home page's browser code reads the deleted-account notice.
 */

/** The profile page's notices (each section is its own form). */
export const ACCOUNT_MESSAGES = {
  NAME_SAVED: 'Je naam is opgeslagen.',
  EMAIL_LINK_SENT: (email: string): string =>
    `We hebben een link gestuurd naar ${email}. Klik op de link in die e-mail om je nieuwe e-mailadres te bevestigen. Tot dan log je in met je huidige e-mailadres.`,
  EMAIL_CHANGED: 'Je e-mailadres is gewijzigd. Voortaan log je hiermee in.',
  PASSWORD_CHANGED: 'Je wachtwoord is gewijzigd. Je bent op al je andere apparaten uitgelogd.',
  NEWSLETTER_ON: 'Je ontvangt onze nieuwsbrief.',
  NEWSLETTER_OFF: 'Je ontvangt onze nieuwsbrief niet meer.',
  NEWSLETTER_UNVERIFIED: 'Bevestig eerst je e-mailadres, dan kun je de nieuwsbrief aanzetten.',
  EXAM_YEAR_SAVED: 'Je examenjaar is opgeslagen.',
  LEVELS_SAVED: 'Je niveaus zijn opgeslagen.',
  LEVELS_REQUIRED: 'Kies minimaal één niveau.',
  ROLE_SAVED: 'Je rol is opgeslagen.',
  PROFILE_SAVED: 'Je profiel is opgeslagen.',
  DELETE_CONFIRM_LABEL: 'Ja, verwijder mijn account en al mijn gegevens',
  ACCOUNT_DELETED: 'Je account en al je gegevens zijn verwijderd.',
} as const;

/** What the home page says after an account was deleted (ACCOUNT_DELETED_PATH). */
export const ACCOUNT_DELETED_MESSAGE = ACCOUNT_MESSAGES.ACCOUNT_DELETED;

/** The fields of sign-up, the password forms and the name (app/modules/accounts/schemas/auth-forms.ts). */
export const AUTH_FORM_MESSAGES = {
  PASSWORD_TOO_SHORT: `Kies een wachtwoord van minimaal ${PASSWORD_LENGTH.min} tekens.`,
  PASSWORD_TOO_LONG: `Kies een wachtwoord van maximaal ${PASSWORD_LENGTH.max} tekens.`,
  NAME_TOO_LONG: MESSAGES.maxChars(100),
  SAME_EMAIL: 'Dit is al je e-mailadres.',
} as const;

const minutes = (seconds: number) => {
  const m = Math.max(1, Math.ceil(seconds / 60));
  return `${m} ${m === 1 ? 'minuut' : 'minuten'}`;
};

/** The limits on signing in, registering and reset mails (AUTH_LIMITS, ADR 015). */
export const AUTH_LIMIT_MESSAGES = {
  accountLocked: (seconds: number): string =>
    `Voor dit account is te vaak een verkeerd wachtwoord ingevuld. Probeer het over ${minutes(seconds)} opnieuw, ` +
    `of stel nu een nieuw wachtwoord in via 'Wachtwoord vergeten?': dan kun je meteen weer inloggen.`,
  tooManyAttempts: (seconds: number): string =>
    `Vanaf dit netwerk is dit te vaak geprobeerd. Probeer het over ${minutes(seconds)} opnieuw.`,
  UNAVAILABLE:
    'Inloggen, registreren en wachtwoorden herstellen lukt even niet door een storing. Probeer het over een minuut opnieuw.',
} as const;

/** The user's writes (the API's PATCH /v1/users/me; the onboarding and profile forms never send other values). */
export const USER_MESSAGES = {
  ROLE: 'Kies leerling of docent.',
  PROFILE: 'Kies een profiel: NT, NG, EM of CM.',
  EXAM_YEAR: 'Kies een examenjaar.',
  LEVELS: 'Kies je niveaus uit de lijst.',
  NOTHING_TO_CHANGE: 'Er is niets om te wijzigen.',
} as const;
