/**
 * Browser side of the error-reporting port: errors are sent to
 * POST /api/v1/client-errors, which hands them to the server's reporter
 * (Sentry when SENTRY_DSN is set, otherwise the log). At most 10 reports,
 * each distinct message once, per page load.
 */
const MAX_REPORTS = 10;
const sent = new Set<string>();

export interface ClientErrorReport {
  message: string;
  stack?: string;
  url: string;
  context?: Record<string, string | number | boolean>;
}

function toReport(error: unknown, url: string, context?: ClientErrorReport['context']): ClientErrorReport {
  const e = error instanceof Error ? error : new Error(typeof error === 'string' ? error : JSON.stringify(error));
  return {
    message: `${e.name}: ${e.message}`.slice(0, 1000),
    ...(e.stack ? { stack: e.stack.slice(0, 4000) } : {}),
    url: url.slice(0, 500),
    ...(context ? { context } : {}),
  };
}

export function reportClientError(error: unknown, context?: ClientErrorReport['context']): void {
  if (typeof window === 'undefined') return;
  const report = toReport(error, window.location.pathname, context);
  if (sent.size >= MAX_REPORTS || sent.has(report.message)) return;
  sent.add(report.message);
  const body = JSON.stringify(report);
  void fetch('/api/v1/client-errors', {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json' },
    keepalive: true,
  }).catch(() => undefined);
}
