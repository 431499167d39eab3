import { z } from './z.ts';
import { MESSAGES } from './messages.ts';

/** Messages of a malformed report (additions: the spec names none). */
export const CLIENT_ERROR_MESSAGES = {
  PATH: 'Geef een pad op deze website op, dat begint met één /.',
  CONTEXT_KEY: 'Gebruik als naam letters, cijfers, punten, streepjes of liggende streepjes.',
  CONTEXT_SIZE: 'Geef hooguit 20 contextvelden mee.',
} as const;

export const CLIENT_ERROR_LIMITS = {
  message: 1000,
  stack: 4000,
  url: 500,
  contextEntries: 20,
  contextKey: 50,
  contextString: 200,
} as const;

/**
 * A path on this site: one leading '/', never '//' or '/\' (which browsers
 * read as another host), no scheme, no whitespace, control characters or
 * backslashes (browsers drop tabs and newlines from URLs, so '/\t/evil' would
 * become '//evil'). No regex flags: the pattern is also the OpenAPI document's.
 */
export const SAME_ORIGIN_PATH = /^\/(?![/\\])[^\s\\\x00-\x1f\x7f-\x9f]*$/; // eslint-disable-line no-control-regex -- refusing them is the point

export function isSameOriginPath(value: string): boolean {
  return SAME_ORIGIN_PATH.test(value);
}

const contextValue = z.union([z.string().max(CLIENT_ERROR_LIMITS.contextString), z.number(), z.boolean()]);

/**
 * A browser error report (POST /api/v1/client-errors, sent by
 * app/platform/report-error.ts). The server logs it nested under its own fields,
 * so nothing in a report can pose as the log line's own level or message.
 */
export const clientErrorSchema = z.object({
  message: z
    .string({ error: MESSAGES.REQUIRED })
    .trim()
    .min(1, { error: MESSAGES.REQUIRED })
    .max(CLIENT_ERROR_LIMITS.message, { error: MESSAGES.maxChars(CLIENT_ERROR_LIMITS.message) })
    .meta({ description: "The error's name and message.", example: 'TypeError: x is undefined' }),
  stack: z
    .string()
    .max(CLIENT_ERROR_LIMITS.stack, { error: MESSAGES.maxChars(CLIENT_ERROR_LIMITS.stack) })
    .optional()
    .meta({ description: 'Stack trace as the browser gives it.' }),
  url: z
    .string({ error: MESSAGES.REQUIRED })
    .max(CLIENT_ERROR_LIMITS.url, { error: MESSAGES.maxChars(CLIENT_ERROR_LIMITS.url) })
    .regex(SAME_ORIGIN_PATH, { error: CLIENT_ERROR_MESSAGES.PATH })
    .meta({ description: "Path of the page on this site (never a full URL or '//host').", example: '/examenbundels' }),
  context: z
    .record(
      z.string().regex(new RegExp(`^[A-Za-z][\\w.-]{0,${CLIENT_ERROR_LIMITS.contextKey - 1}}$`), {
        error: CLIENT_ERROR_MESSAGES.CONTEXT_KEY,
      }),
      contextValue,
    )
    .refine((record) => Object.keys(record).length <= CLIENT_ERROR_LIMITS.contextEntries, {
      error: CLIENT_ERROR_MESSAGES.CONTEXT_SIZE,
    })
    .optional()
    .meta({ description: 'A few primitive facts about the situation.', example: { kind: 'route', status: 500 } }),
});

export type ClientErrorReport = z.infer<typeof clientErrorSchema>;
