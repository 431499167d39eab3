import { API_MESSAGES } from '#app/platform/schemas/api-error.ts';
import { MESSAGES } from '#app/platform/schemas/messages.ts';

/**
 * Dutch texts for the refusals of the accounts library (Better Auth's error
 * codes; additions: the spec shows none), with the form field each belongs
 * to. Its own English messages never reach a visitor.
 */
export const AUTH_ERROR_MESSAGES: Readonly<Record<string, { message: string; field?: string }>> = {
  INVALID_EMAIL_OR_PASSWORD: { message: 'Het e-mailadres of het wachtwoord klopt niet.' },
  EMAIL_NOT_VERIFIED: {
    message: 'Bevestig eerst je e-mailadres: klik op de link in de e-mail die we je stuurden.',
  },
  USER_ALREADY_EXISTS: {
    message: 'Er is al een account met dit e-mailadres. Log in, of vraag een nieuw wachtwoord aan.',
    field: 'email',
  },
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: {
    message: 'Er is al een account met dit e-mailadres. Log in, of vraag een nieuw wachtwoord aan.',
    field: 'email',
  },
  INVALID_EMAIL: { message: MESSAGES.EMAIL_INVALID, field: 'email' },
  PASSWORD_TOO_SHORT: { message: 'Kies een wachtwoord van minimaal 8 tekens.', field: 'password' },
  PASSWORD_TOO_LONG: { message: 'Kies een wachtwoord van maximaal 128 tekens.', field: 'password' },
  INVALID_PASSWORD: { message: 'Je huidige wachtwoord klopt niet.', field: 'currentPassword' },
  INVALID_TOKEN: { message: 'Deze link klopt niet (meer). Vraag een nieuwe aan.' },
  TOKEN_EXPIRED: { message: 'Deze link is verlopen. Vraag een nieuwe aan.' },
  VALIDATION_ERROR: { message: API_MESSAGES.VALIDATION_FAILED },
  MISSING_FIELD: { message: API_MESSAGES.VALIDATION_FAILED },
};

/** A refusal of the accounts library in the API's one error shape, with a Dutch message. */
export function authErrorBody(status: number, code: string | undefined) {
  const known = code ? AUTH_ERROR_MESSAGES[code] : undefined;
  const message =
    known?.message ??
    (status === 401
      ? API_MESSAGES.UNAUTHORIZED
      : status === 403
        ? API_MESSAGES.FORBIDDEN_ORIGIN
        : MESSAGES.GENERIC_ERROR);
  return {
    status,
    error: (code ?? 'auth_refused').toLowerCase(),
    message,
    ...(known?.field && status < 500 ? { fieldErrors: { [known.field]: [known.message] } } : {}),
  };
}
