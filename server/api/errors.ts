import type { OpenAPIHonoOptions } from '@hono/zod-openapi';
import type { Context, ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import {
  API_ERROR_CODES,
  API_MESSAGES,
  apiErrorBody,
  apiErrorSchema,
  type ApiErrorCode,
} from '#app/platform/schemas/api-error.ts';
import { fieldErrorsFromZod } from '#app/platform/schemas/errors.ts';
import type { HttpEnv } from '#server/http-env.ts';

/** Answers with the one error shape (app/platform/schemas/api-error.ts). */
export function apiError(
  c: Context,
  status: ContentfulStatusCode,
  error: ApiErrorCode,
  message: string,
  options: { fieldErrors?: Record<string, string[]>; headers?: Record<string, string> } = {},
) {
  return c.json(apiErrorBody(status, error, message, options.fieldErrors), status, options.headers);
}

/** zod-openapi's defaultHook: a failed validation (query, params, body) → 400 with Dutch field errors. */
export const validationHook: NonNullable<OpenAPIHonoOptions<HttpEnv>['defaultHook']> = (result, c) => {
  if (result.success) return;
  return apiError(c, 400, API_ERROR_CODES.validationFailed, API_MESSAGES.VALIDATION_FAILED, {
    fieldErrors: fieldErrorsFromZod(result.error),
  });
};

/** What a known HTTP failure raised inside the API (e.g. malformed JSON) answers. */
const HTTP_EXCEPTIONS: Partial<Record<number, { error: ApiErrorCode; message: string }>> = {
  400: { error: API_ERROR_CODES.invalidJson, message: API_MESSAGES.INVALID_JSON },
  413: { error: API_ERROR_CODES.payloadTooLarge, message: API_MESSAGES.PAYLOAD_TOO_LARGE },
  415: { error: API_ERROR_CODES.unsupportedMediaType, message: API_MESSAGES.UNSUPPORTED_MEDIA_TYPE },
};

/**
 * The API's onError: HTTP exceptions of Hono and zod-openapi (malformed JSON,
 * a wrong media type) keep their status with a Dutch message; anything else
 * is reported and answers 500 with the generic notice of spec §8.
 */
export const handleApiError: ErrorHandler<HttpEnv> = (error, c) => {
  if (error instanceof HTTPException && error.status < 500) {
    const known = HTTP_EXCEPTIONS[error.status] ?? {
      error: API_ERROR_CODES.requestFailed,
      message: API_MESSAGES.INTERNAL_ERROR,
    };
    return apiError(c, error.status, known.error, known.message);
  }
  c.var.scope.errors.capture(error, { reqId: c.var.requestId, path: c.req.path, method: c.req.method });
  return apiError(c, 500, API_ERROR_CODES.internalError, API_MESSAGES.INTERNAL_ERROR);
};

export const ERROR_DESCRIPTIONS: Readonly<Record<number, string>> = {
  400: 'Invalid input: `fieldErrors` holds a Dutch message per field (`error: validation_failed`), or the body is not JSON (`invalid_json`).',
  401: 'Nobody is signed in (no valid session cookie): sign in and try again; the browser goes to the login page (spec §8).',
  403: 'The request comes from another site (foreign `Origin`, or `Sec-Fetch-Site: cross-site` without one).',
  404: 'Not found.',
  413: 'The body is larger than this route allows.',
  415: 'The body is not `application/json`.',
  429: 'Too many requests from this client; `Retry-After` says how many seconds to wait.',
  500: 'Unexpected failure; it has been reported.',
  503: 'The database cannot be reached for a moment (`error: service_unavailable`); `Retry-After` says how many seconds to wait.',
};

export type ErrorStatus = 400 | 401 | 403 | 404 | 413 | 415 | 429 | 500 | 503;

/** OpenAPI responses in the error shape, for a route's `responses`. */
export function errorResponses<const S extends readonly ErrorStatus[]>(...statuses: S) {
  const responses = {} as Record<
    S[number],
    {
      description: string;
      content: { 'application/json': { schema: typeof apiErrorSchema } };
      headers?: Record<string, { description: string; schema: { type: 'integer' } }>;
    }
  >;
  for (const status of statuses) {
    responses[status as S[number]] = {
      description: ERROR_DESCRIPTIONS[status]!,
      content: { 'application/json': { schema: apiErrorSchema } }, // the component ApiError
      ...(status === 429 || status === 503
        ? {
            headers: {
              'Retry-After': { description: 'Seconds until a new attempt may succeed.', schema: { type: 'integer' } },
            },
          }
        : {}),
    };
  }
  return responses;
}

/** The error answers of every read: bad input, failure, and the database unreachable for a moment. */
export const READ_ERRORS = [400, 500, 503] as const;
/** The error answers of every write: the write guard (server/api/guard.ts), bad input and failure. */
export const WRITE_ERRORS = [400, 403, 413, 415, 429, 500, 503] as const;
