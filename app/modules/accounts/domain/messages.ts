import { MESSAGES } from '#app/platform/schemas/messages.ts';
import { PASSWORD_LENGTH } from './account.ts';

/**
 * The accounts module's Dutch messages, in one place: the notices of the
 * profile page, the field messages of the account, auth, user and onboarding
 * forms, the accounts library's refusals and the auth host's. Additions (the
 * spec shows none), except 'Please provide a return url' (spec §5). Free of
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

/**
 * The accounts library's refusals in Dutch (its own English messages never
 * reach a visitor); app/modules/accounts/schemas/auth-errors.ts maps its
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

/** The onboarding's steps (spec §2 onboarding, §3 Onboarding draft). */
export const ONBOARDING_MESSAGES = {
  ROLE: 'Kies of je leerling of docent bent.',
  LEVEL: 'Kies een niveau.',
  ONE_LEVEL: 'Kies één niveau.',
  EXAM_YEAR: 'Kies je examenjaar.',
  SUB_LEVEL: 'Kies je leerweg.',
  SUB_LEVELS: 'Kies minstens één leerweg.',
  ONE_SUB_LEVEL: 'Kies één leerweg.',
  PROFILE: 'Kies je profiel.',
  SUBJECTS: 'Kies minstens één vak.',
  UNKNOWN_SUBJECT: 'Dit vak kennen we niet. Kies een vak uit de lijst.',
} as const;

/** Error of the auth host and its URL builders without a return path (spec §5, verbatim). */
export const MISSING_RETURN_URL_MESSAGE = 'Please provide a return url';

/** A return address elsewhere is refused, never followed (the spec names only the missing case). */
export const FOREIGN_RETURN_URL_MESSAGE = 'Het terugkeeradres moet een pagina van deze site zijn.';
