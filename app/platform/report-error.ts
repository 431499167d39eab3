/**
 * Browser side of the error-reporting port: errors are sent to
 * POST /api/v1/client-errors, which hands them to the server's reporter
 * (Sentry when SENTRY_DSN is set, otherwise the log). At most 10 reports,
 * each distinct message once, per page load.
 *
 * Reports travel through the API client (JSON, same-origin cookies) but
 * through one created without `report`: a report that fails is dropped, never
 * reported itself. Loading this module makes it the reporter of the main
 * client `api` (setApiErrorReporter), so api-client.ts needs no import of it.
 */
import type { ClientErrorReport } from '#app/platform/schemas/client-error.ts';
import { ApiError, createApiClient, setApiErrorReporter, type ApiClient } from './api-client.ts';

const MAX_REPORTS = 10;
const sent = new Set<string>();
let transport: ApiClient | undefined;

export type { ClientErrorReport };

/** The report of an error, cut to the sizes the API accepts (app/platform/schemas/client-error.ts). */
export function toReport(error: unknown, url: string, context?: ClientErrorReport['context']): ClientErrorReport {
  const e = error instanceof Error ? error : new Error(typeof error === 'string' ? error : safeJson(error));
  return {
    message: `${e.name}: ${e.message}`.slice(0, 1000),
    ...(e.stack ? { stack: e.stack.slice(0, 4000) } : {}),
    url: url.slice(0, 500),
    ...(context ? { context } : {}),
  };
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** How long a failure to reach the server waits before it is reported: the page may be on its way out. */
export const NETWORK_FAILURE_REPORT_DELAY_MS = 1_000;

/** No answer at all: the API client's status 0, or the browser's failed fetch (of a page's data, say). */
function isNetworkFailure(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 0;
  return error instanceof TypeError && /failed to fetch|networkerror|load failed/i.test(error.message);
}

/**
 * Reports an error. A page being left (a followed link, a reload) cancels its requests; their failures are
 * reported a moment later, so that a page that is gone by then reports nothing and a real outage still is.
 */
export function reportClientError(error: unknown, context?: ClientErrorReport['context']): void {
  if (typeof window === 'undefined') return;
  if (isNetworkFailure(error)) {
    setTimeout(() => send(error, context), NETWORK_FAILURE_REPORT_DELAY_MS);
    return;
  }
  send(error, context);
}

function send(error: unknown, context?: ClientErrorReport['context']): void {
  const report = toReport(error, window.location.pathname, context);
  if (sent.size >= MAX_REPORTS || sent.has(report.message)) return;
  sent.add(report.message);
  transport ??= createApiClient();
  transport.post('/v1/client-errors', report, { keepalive: true }).catch(() => undefined);
}

setApiErrorReporter(reportClientError);
