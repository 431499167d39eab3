import type { Logger } from 'pino';
import type { AppServices } from '../app/context.ts';
import type { Db } from '../app/db/client.server.ts';
import { createLocalContentAdapter } from '../app/integrations/content/local-adapter.server.ts';
import type { ErrorReporter } from '../app/integrations/errors/port.ts';
import { createTtlCache } from '../app/services/cache.server.ts';

/** The long-lived parts loaders, actions and API handlers share (server and tests alike). */
export function createServices(options: {
  db: Db;
  logger: Logger;
  errors: ErrorReporter;
  contentCacheMs: number;
  settings: AppServices['settings'];
}): AppServices {
  return {
    db: options.db,
    content: createLocalContentAdapter(options.db),
    cache: createTtlCache(options.contentCacheMs),
    logger: options.logger,
    errors: options.errors,
    settings: options.settings,
  };
}
