import type { Logger } from 'pino';
import { createContext } from 'react-router';
import type { Db } from './db/client.server.ts';
import type { ContentPort } from './integrations/content/port.ts';
import type { ErrorReporter } from './integrations/errors/port.ts';
import type { TtlCache } from './services/cache.server.ts';

/** Long-lived parts every loader, action and API handler may use. */
export interface AppServices {
  db: Db;
  content: ContentPort;
  logger: Logger;
  errors: ErrorReporter;
  /** Read-through cache of public content. */
  cache: TtlCache;
  settings: {
    publicUrl: string;
    gtmId: string | undefined;
    production: boolean;
  };
}

/** Per-request values set by the HTTP server. */
export interface RequestState {
  requestId: string;
  /** CSP nonce of this response: every inline script carries it. */
  nonce: string;
}

export const servicesContext = createContext<AppServices>();
export const requestContext = createContext<RequestState>();
