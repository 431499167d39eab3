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
import { createApiClient, setApiErrorReporter, type ApiClient } from './api-client.ts';

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

export function reportClientError(error: unknown, context?: ClientErrorReport['context']): void {
  if (typeof window === 'undefined') return;
  const report = toReport(error, window.location.pathname, context);
  if (sent.size >= MAX_REPORTS || sent.has(report.message)) return;
  sent.add(report.message);
  transport ??= createApiClient();
  transport.post('/v1/client-errors', report, { keepalive: true }).catch(() => undefined);
}

setApiErrorReporter(reportClientError);
