import { API_MESSAGES } from '#app/platform/schemas/api-error.ts';
import { MESSAGES } from '#app/platform/schemas/messages.ts';
import { AUTH_MESSAGES } from '#app/modules/sign-in/domain/messages.ts';

/**
 * The refusals of the accounts library by its error code (Better Auth's),
 * each with its Dutch text (AUTH_MESSAGES) and the form field it belongs to.
 */
export const AUTH_ERROR_MESSAGES: Readonly<Record<string, { message: string; field?: string }>> = {
  INVALID_EMAIL_OR_PASSWORD: { message: AUTH_MESSAGES.INVALID_EMAIL_OR_PASSWORD },
  EMAIL_NOT_VERIFIED: { message: AUTH_MESSAGES.EMAIL_NOT_VERIFIED },
  USER_ALREADY_EXISTS: { message: AUTH_MESSAGES.EMAIL_TAKEN, field: 'email' },
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: { message: AUTH_MESSAGES.EMAIL_TAKEN, field: 'email' },
  INVALID_EMAIL: { message: MESSAGES.EMAIL_INVALID, field: 'email' },
  PASSWORD_TOO_SHORT: { message: AUTH_MESSAGES.PASSWORD_TOO_SHORT, field: 'password' },
  PASSWORD_TOO_LONG: { message: AUTH_MESSAGES.PASSWORD_TOO_LONG, field: 'password' },
  INVALID_PASSWORD: { message: AUTH_MESSAGES.INVALID_PASSWORD, field: 'currentPassword' },
  INVALID_TOKEN: { message: AUTH_MESSAGES.INVALID_TOKEN },
  TOKEN_EXPIRED: { message: AUTH_MESSAGES.TOKEN_EXPIRED },
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
