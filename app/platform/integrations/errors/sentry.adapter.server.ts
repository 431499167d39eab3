import type { Logger } from 'pino';
import { ERROR_TRACE_SAMPLE_RATE } from '#app/platform/constants.ts';
import { createLogErrorReporter } from './log.adapter.server.ts';
import type { ErrorReporter } from './port.ts';

/** Sentry adapter, selected when SENTRY_DSN is set (trace sample rate of spec §9). */
export async function createSentryErrorReporter(options: {
  dsn: string;
  environment: string;
  logger: Logger;
}): Promise<ErrorReporter> {
  const Sentry = await import('@sentry/node');
  Sentry.init({
    dsn: options.dsn,
    environment: options.environment,
    tracesSampleRate: ERROR_TRACE_SAMPLE_RATE,
  });
  const log = createLogErrorReporter(options.logger);
  return {
    capture(error, context) {
      log.capture(error, context);
      Sentry.captureException(error, context ? { extra: context } : undefined);
    },
    flush: async (timeoutMs = 2000) => {
      await Sentry.flush(timeoutMs);
    },
  };
}
