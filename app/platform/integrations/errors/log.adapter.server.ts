import type { Logger } from 'pino';
import type { ErrorReporter } from './port.ts';

/** Default adapter: errors go to the structured log. */
export function createLogErrorReporter(logger: Logger): ErrorReporter {
  return {
    capture(error, context) {
      logger.error({ err: error, ...(context ? { context } : {}) }, 'reported error');
    },
    flush: async () => {},
  };
}
