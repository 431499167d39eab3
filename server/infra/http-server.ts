/**
 * The Node HTTP server's timeouts. Node's defaults keep a client that sends
 * its headers slowly connected for 60 s (headersTimeout) and a slow body for
 * 300 s (requestTimeout), checked only every 30 s: a few slow clients hold
 * many sockets. Ours close such a connection with 408 Request Timeout.
 */
import type { ServerOptions } from 'node:http';
import { serve, type ServerType } from '@hono/node-server';

export interface HttpTimeouts {
  /** The whole request line and headers must arrive within this (HEADERS_TIMEOUT_MS). */
  headersMs: number;
  /** The whole request, body included, must arrive within this (REQUEST_TIMEOUT_MS). */
  requestMs: number;
  /** An idle keep-alive connection is closed after this (KEEP_ALIVE_TIMEOUT_MS). */
  keepAliveMs: number;
}

export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = { headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5_000 };

/**
 * The options of `http.createServer` for these timeouts. Node checks running
 * requests against them every `connectionsCheckingInterval`; it is a tenth of
 * the headers' timeout (at most 1 s), so a slow client is closed on time.
 * Node refuses a headers timeout above the request timeout: it is capped.
 */
export function httpServerOptions(timeouts: HttpTimeouts = DEFAULT_HTTP_TIMEOUTS): ServerOptions {
  const requestTimeout = timeouts.requestMs;
  const headersTimeout = requestTimeout > 0 ? Math.min(timeouts.headersMs, requestTimeout) : timeouts.headersMs;
  return {
    headersTimeout,
    requestTimeout,
    keepAliveTimeout: timeouts.keepAliveMs,
    connectionsCheckingInterval: Math.max(10, Math.min(1_000, Math.floor(headersTimeout / 10))),
  };
}

/** Serves `fetch` on hostname:port with our timeouts; resolves once it listens. */
export function listen(options: {
  fetch: (request: Request) => Response | Promise<Response>;
  hostname: string;
  port: number;
  timeouts?: HttpTimeouts;
}): Promise<ServerType> {
  const { fetch, hostname, port, timeouts } = options;
  return new Promise((resolve) => {
    const server = serve({ fetch, hostname, port, serverOptions: httpServerOptions(timeouts) }, () => resolve(server));
  });
}
