/** The JSON API as a browser calls it in integration tests: one call, and what its answer must be. */
import { expect } from 'vitest';
import { apiErrorSchema } from '#app/platform/schemas/api-error.ts';
import { ORIGIN } from './accounts.ts';
import type { TestRuntime } from './test-db.ts';

/**
 * Who calls: a caller (their session cookie and their client address, each when they have one), a
 * session cookie alone (`name=value`), or nobody (null, undefined or '').
 */
export type Who = { cookie?: string | undefined; client?: string | undefined } | string | null | undefined;

/** Headers to add or to replace; null leaves one out (`{ origin: null }`: a call without an Origin). */
export type ExtraHeaders = Record<string, string | null>;

/**
 * A call to the API from the site's own origin: `path` below /api/v1 (the accounts library's `/auth/…`
 * below /api, as the OpenAPI document names them), with a JSON body when one is given. The caller's
 * session cookie and client address (X-Forwarded-For: under TRUST_PROXY each caller has rate limits of
 * their own) go along.
 */
export async function apiCall(
  rt: TestRuntime,
  who: Who,
  method: string,
  path: string,
  body?: unknown,
  headers: ExtraHeaders = {},
): Promise<Response> {
  const caller = typeof who === 'string' ? { cookie: who } : who;
  const all: ExtraHeaders = {
    origin: ORIGIN,
    ...(caller?.client ? { 'x-forwarded-for': caller.client } : {}),
    ...(caller?.cookie ? { cookie: caller.cookie } : {}),
    ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    ...headers,
  };
  return rt.app.request(path.startsWith('/auth/') ? `/api${path}` : `/api/v1${path}`, {
    method,
    headers: Object.fromEntries(Object.entries(all).filter((entry): entry is [string, string] => entry[1] !== null)),
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** `call(who, method, path, body?, headers?)`: apiCall on the runtime a test file makes in its beforeAll. */
export function apiClient(runtime: () => TestRuntime) {
  return (who: Who, method: string, path: string, body?: unknown, headers?: ExtraHeaders) =>
    apiCall(runtime(), who, method, path, body, headers);
}

/** The JSON body of an answer that must have `status` (a failure shows the body). */
export async function answered(res: Response, status = 200): Promise<unknown> {
  const body: unknown = await res.json();
  expect(res.status, JSON.stringify(body).slice(0, 500)).toBe(status);
  return body;
}

/** A refusal with `status`, in the API's one error shape. */
export async function refused(res: Response, status: number) {
  return apiErrorSchema.parse(await answered(res, status));
}
