/**
 * The browser's one client of our JSON API (/api, spec §7): every component
 * calls the API through `api` (or a typed helper below such as postConsent).
 * It sends JSON with `Content-Type: application/json` and the same-origin
 * cookies, and turns every non-2xx answer into an ApiError carrying the API's
 * one error shape (status, Dutch message, field errors; app/platform/schemas/api-error.ts).
 *
 * Imports from app/schemas are types only: this module is part of the first
 * load and must not pull Zod into it.
 */
import { AREA_LOGIN_PATH } from '#app/platform/brand.ts';
import type { ApiErrorBody } from '#app/platform/schemas/api-error.ts';
import { MESSAGES } from '#app/platform/schemas/messages.ts';

/** An API answer that was not 2xx (or no answer: status 0); `message` is Dutch and may be shown as is. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  /** The API's machine-readable code ('validation_failed', 'rate_limited', …); 'network_error' without an answer. */
  readonly code: string;
  /** Dutch messages per field (400); show the first with firstFieldError (spec §5). */
  readonly fieldErrors: Record<string, string[]>;
  constructor(
    status: number,
    message: string,
    options: { code?: string; fieldErrors?: Record<string, string[]> } = {},
  ) {
    super(message);
    this.status = status;
    this.code = options.code ?? (status === 0 ? 'network_error' : 'http_error');
    this.fieldErrors = options.fieldErrors ?? {};
  }
}

/** The API's error shape, checked without Zod (see the module comment). */
export function isApiErrorBody(payload: unknown): payload is ApiErrorBody {
  if (typeof payload !== 'object' || payload === null) return false;
  const { status, error, message, fieldErrors } = payload as Record<string, unknown>;
  return (
    typeof status === 'number' &&
    typeof error === 'string' &&
    typeof message === 'string' &&
    (fieldErrors === undefined ||
      (typeof fieldErrors === 'object' &&
        fieldErrors !== null &&
        Object.values(fieldErrors).every((list) => Array.isArray(list) && list.every((m) => typeof m === 'string'))))
  );
}

export type ErrorContext = Record<string, string | number | boolean>;

export interface ApiClientOptions {
  /** The product's own API base; spec §7 paths (`/v1/users/me`) are relative to it. */
  base?: string;
  fetch?: typeof fetch;
  /** Spec §4/§8: on a 401 the user is cleared and the browser goes to the login page. */
  onUnauthorized?: () => void;
  /**
   * Spec §8: any other API error is reported too. Absent: nothing is reported
   * (the error reporter's own client, so that a failing report never reports itself).
   */
  report?: (error: unknown, context: ErrorContext) => void;
}

export interface RequestOptions {
  /** Let the request outlive the page (a consent or a report sent while navigating away). */
  keepalive?: boolean;
  signal?: AbortSignal;
  /**
   * Statuses the caller answers itself (a refusal it shows): thrown as ApiError, neither reported as errors nor,
   * for a 401, sent to the login page.
   */
  expected?: readonly number[];
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** JSON client for /api: same-origin cookies, the 401 rule, the one error shape, and error reporting. */
export function createApiClient({ base = '/api', fetch: fetchImpl, onUnauthorized, report }: ApiClientOptions = {}) {
  async function request<T>(method: Method, path: string, body: unknown, options: RequestOptions): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await (fetchImpl ?? fetch)(`${base}${path}`, {
        method,
        credentials: 'same-origin',
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        ...(options.keepalive ? { keepalive: true } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      });
    } catch (cause) {
      // Cancelled by the caller (a newer search, a closed panel): not an error of ours to report.
      if (options.signal?.aborted) throw cause;
      const error = new ApiError(0, MESSAGES.GENERIC_ERROR, { code: 'network_error' });
      error.cause = cause;
      report?.(error, { method, path, status: 0 });
      throw error;
    }
    const payload: unknown =
      response.status === 204 || response.status === 202 ? null : await response.json().catch(() => null);
    if (response.ok) return payload as T;
    const error = isApiErrorBody(payload)
      ? new ApiError(response.status, payload.message, {
          code: payload.error,
          ...(payload.fieldErrors ? { fieldErrors: payload.fieldErrors } : {}),
        })
      : new ApiError(response.status, MESSAGES.GENERIC_ERROR);
    if (options.expected?.includes(response.status)) throw error;
    if (response.status === 401) onUnauthorized?.();
    else report?.(error, { method, path, status: response.status });
    throw error;
  }
  return {
    get: <T>(path: string, options: RequestOptions = {}) => request<T>('GET', path, undefined, options),
    post: <T>(path: string, body: unknown = {}, options: RequestOptions = {}) =>
      request<T>('POST', path, body, options),
    put: <T>(path: string, body: unknown, options: RequestOptions = {}) => request<T>('PUT', path, body, options),
    patch: <T>(path: string, body: unknown, options: RequestOptions = {}) => request<T>('PATCH', path, body, options),
    delete: <T>(path: string, options: RequestOptions = {}) => request<T>('DELETE', path, undefined, options),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

const unauthorizedListeners = new Set<() => void>();

/** Stores that hold the user register here to be cleared on a 401. */
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

let errorReporter: ApiClientOptions['report'];

/**
 * Sets where `api` reports its errors (spec §8). report-error.ts registers
 * itself when it is loaded (app/entry.client.tsx imports it at start): it
 * sends its reports through a client of its own without `report`, so the two
 * modules do not import each other and a failing report is never reported.
 */
export function setApiErrorReporter(report: ApiClientOptions['report']): void {
  errorReporter = report;
}

/** The browser's API client. */
export const api = createApiClient({
  onUnauthorized: () => {
    unauthorizedListeners.forEach((clear) => clear());
    window.location.assign(AREA_LOGIN_PATH);
  },
  report: (error, context) => errorReporter?.(error, context),
});
