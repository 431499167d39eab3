import { z } from './z.ts';
import { MESSAGES } from './messages.ts';

/**
 * The one error shape of the JSON API (/api/v1/*): every 4xx and 5xx answer
 * carries it, whatever produced it (validation, the write guard, an unknown
 * route, an unexpected failure). `message` is Dutch and may be shown to the
 * visitor as is; `fieldErrors` (400 only) holds Dutch messages per field,
 * keyed by dotted path as fieldErrorsFromZod builds them.
 */
export const apiErrorSchema = z
  .object({
    status: z.number().int().min(400).max(599).meta({ description: 'The HTTP status code, repeated.', example: 400 }),
    error: z
      .string()
      .meta({ description: 'Machine-readable code (see API_ERROR_CODES).', example: 'validation_failed' }),
    message: z
      .string()
      .meta({ description: 'Dutch message for people.', example: 'Controleer de ingevulde gegevens.' }),
    fieldErrors: z
      .record(z.string(), z.array(z.string()))
      .optional()
      .meta({
        description: "Dutch messages per field (dotted path; '' for the form as a whole).",
        example: { category: ['Maak een keuze.'] },
      }),
  })
  // `id` names it: the OpenAPI document shows it once, as the component ApiError.
  .meta({ id: 'ApiError', description: 'Every error answer of the API.' });

export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** The codes in `error`, one per situation. */
export const API_ERROR_CODES = {
  validationFailed: 'validation_failed',
  invalidJson: 'invalid_json',
  forbiddenOrigin: 'forbidden_origin',
  notFound: 'not_found',
  unauthorized: 'unauthorized',
  /** Signed in, but not allowed to touch this object (a subject without access, spec §6). */
  forbidden: 'forbidden',
  methodNotAllowed: 'method_not_allowed',
  payloadTooLarge: 'payload_too_large',
  unsupportedMediaType: 'unsupported_media_type',
  rateLimited: 'rate_limited',
  /** The request is valid but clashes with the state of the object (a code that was used already). */
  conflict: 'conflict',
  /** Another refusal raised inside the framework; the message is the generic notice. */
  requestFailed: 'request_failed',
  internalError: 'internal_error',
  /** The database cannot be reached for a moment; `Retry-After` says when to try again. */
  serviceUnavailable: 'service_unavailable',
} as const;

export type ApiErrorCode = (typeof API_ERROR_CODES)[keyof typeof API_ERROR_CODES];

/**
 * The error code of a refusal, by the HTTP status its module's refusal table gives it (ADR 014): every API
 * route answers a module's refusal through this one mapping.
 */
const REFUSAL_CODES = {
  400: API_ERROR_CODES.validationFailed,
  403: API_ERROR_CODES.forbidden,
  404: API_ERROR_CODES.notFound,
  409: API_ERROR_CODES.conflict,
  502: API_ERROR_CODES.internalError,
} as const satisfies Record<number, ApiErrorCode>;

export type RefusalStatus = keyof typeof REFUSAL_CODES;

export const refusalCode = <S extends RefusalStatus>(status: S): (typeof REFUSAL_CODES)[S] => REFUSAL_CODES[status];

/** Dutch messages of the API's errors (additions: the spec names none for these situations). */
export const API_MESSAGES = {
  VALIDATION_FAILED: 'Controleer de ingevulde gegevens.',
  INVALID_JSON: 'De verstuurde gegevens zijn geen geldige JSON.',
  FORBIDDEN_ORIGIN: 'Dit verzoek komt niet van onze eigen website en is geweigerd.',
  NOT_FOUND: 'Deze API-route bestaat niet.',
  UNAUTHORIZED: 'Je bent niet (meer) ingelogd. Log in om verder te gaan.',
  METHOD_NOT_ALLOWED: 'Deze API-route ondersteunt deze methode niet.',
  PAYLOAD_TOO_LARGE: 'De verstuurde gegevens zijn te groot.',
  UNSUPPORTED_MEDIA_TYPE: 'Verstuur de gegevens als JSON (Content-Type: application/json).',
  /** 'Je hebt dit te vaak geprobeerd. Probeer het over {n} seconden opnieuw.' */
  rateLimited: (seconds: number): string =>
    `Je hebt dit te vaak geprobeerd. Probeer het over ${seconds} ${seconds === 1 ? 'seconde' : 'seconden'} opnieuw.`,
  /** Unexpected failures: the generic notice of spec §8. */
  INTERNAL_ERROR: MESSAGES.GENERIC_ERROR,
  SERVICE_UNAVAILABLE: MESSAGES.SERVICE_UNAVAILABLE,
} as const;

/** The body of an error answer, `status` repeated inside. */
export function apiErrorBody(
  status: number,
  error: ApiErrorCode,
  message: string,
  fieldErrors?: Record<string, string[]>,
): ApiErrorBody {
  return fieldErrors ? { status, error, message, fieldErrors } : { status, error, message };
}
