/**
 * Whether the database can be reached, as the server sees it. A connection failure — PostgreSQL
 * shutting down or crashing (SQLSTATE class 57P), a connection exception (class 08), a refused,
 * reset or dropped socket — marks it unavailable; from then on the server answers requests with a
 * Dutch 503 and Retry-After (server/create-app.ts) instead of failing each one, and pings it every
 * second until it answers, without a restart. Any other error (a bad query, a constraint) says
 * nothing about the connection and changes nothing.
 */

/** SQLSTATE classes and socket errors that mean the connection, not the query, failed. */
const CONNECTION_SQLSTATE = /^(08|57P)/;
const CONNECTION_ERRNO = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);
const CONNECTION_MESSAGE =
  /Connection terminated|terminating connection|the database system is (starting up|shutting down|in recovery mode)|Client has encountered a connection error|Connection ended unexpectedly|connect ECONNREFUSED/i;

/** Whether this error (or one it wraps, as Drizzle wraps the driver's) is a lost or refused connection. */
export function isConnectionError(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== 'object') return false;
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (CONNECTION_SQLSTATE.test(code) || CONNECTION_ERRNO.has(code))) return true;
    if (typeof message === 'string' && CONNECTION_MESSAGE.test(message)) return true;
    current = cause;
  }
  return false;
}

export interface DatabaseHealth {
  /** False from a connection failure until a ping succeeds again. */
  readonly available: boolean;
  /** Seconds a client is asked to wait (Retry-After) while the database is unavailable. */
  readonly retryAfterSeconds: number;
  /** Judges an error a query or a connection raised; answers whether it was a connection failure. */
  report(error: unknown): boolean;
  /** Calls `listener` when the database becomes unavailable (with the error) and available again. */
  onChange(listener: (available: boolean, error?: unknown) => void): void;
  /** Stops probing (the server is shutting down). */
  close(): void;
}

export interface DatabaseHealthOptions {
  ping: () => Promise<void>;
  /** How often an unavailable database is pinged (default 1000 ms). */
  probeEveryMs?: number;
}

export function createDatabaseHealth({ ping, probeEveryMs = 1000 }: DatabaseHealthOptions): DatabaseHealth {
  const listeners: ((available: boolean, error?: unknown) => void)[] = [];
  const onChange = (available: boolean, error?: unknown) => {
    for (const listener of listeners) listener(available, error);
  };
  let available = true;
  let probe: ReturnType<typeof setInterval> | undefined;
  let probing = false;
  let closed = false;

  const recovered = () => {
    if (probe) clearInterval(probe);
    probe = undefined;
    available = true;
    onChange(true);
  };

  return {
    get available() {
      return available;
    },
    retryAfterSeconds: Math.max(1, Math.ceil((probeEveryMs * 5) / 1000)),
    report(error) {
      if (!isConnectionError(error)) return false;
      if (available && !closed) {
        available = false;
        onChange(false, error);
        probe = setInterval(() => {
          if (probing) return;
          probing = true;
          ping()
            .then(recovered, () => undefined)
            .finally(() => (probing = false));
        }, probeEveryMs);
        probe.unref();
      }
      return true;
    },
    onChange(listener) {
      listeners.push(listener);
    },
    close() {
      closed = true;
      if (probe) clearInterval(probe);
    },
  };
}
