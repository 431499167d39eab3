import { AREA_LOGIN_PATH } from '../domain/brand.ts';
import { reportClientError } from './report-error.ts';

/** An API answer that was not 2xx; `fieldErrors` holds the Dutch messages of a 400. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly fieldErrors: Record<string, string[]>;
  constructor(status: number, message: string, fieldErrors: Record<string, string[]> = {}) {
    super(message);
    this.status = status;
    this.fieldErrors = fieldErrors;
  }
}

export interface ApiClientOptions {
  /** The product's own API base; spec §7 paths (`/v1/users/me`) are relative to it. */
  base?: string;
  fetch?: typeof fetch;
  /** Spec §4/§8: on a 401 the user is cleared and the browser goes to the login page. */
  onUnauthorized: () => void;
  /** Spec §8: any other API error is reported too. */
  report: (error: unknown, context: Record<string, string | number | boolean>) => void;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** JSON client for /api with credentials, the 401 rule and error reporting. */
export function createApiClient({ base = '/api', fetch: fetchImpl = fetch, onUnauthorized, report }: ApiClientOptions) {
  async function request<T>(method: Method, path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetchImpl(`${base}${path}`, {
        method,
        credentials: 'include',
        headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch (error) {
      report(error, { method, path, status: 0 });
      throw error;
    }
    const payload: unknown = response.status === 204 ? null : await response.json().catch(() => null);
    if (response.ok) return payload as T;
    const { message, fieldErrors } = (payload ?? {}) as { message?: string; fieldErrors?: Record<string, string[]> };
    const error = new ApiError(response.status, message ?? response.statusText, fieldErrors);
    if (response.status === 401) onUnauthorized();
    else report(error, { method, path, status: response.status });
    throw error;
  }
  return {
    get: <T>(path: string) => request<T>('GET', path),
    post: <T>(path: string, body?: unknown) => request<T>('POST', path, body ?? {}),
    patch: <T>(path: string, body: unknown) => request<T>('PATCH', path, body),
    delete: <T>(path: string) => request<T>('DELETE', path),
  };
}

const unauthorizedListeners = new Set<() => void>();

/** Stores that hold the user register here to be cleared on a 401. */
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/** The browser's API client. */
export const api = createApiClient({
  onUnauthorized: () => {
    unauthorizedListeners.forEach((clear) => clear());
    window.location.assign(AREA_LOGIN_PATH);
  },
  report: reportClientError,
});
