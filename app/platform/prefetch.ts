/** Network Information API fields read by the prefetch rule. */
export interface ConnectionInfo {
  effectiveType?: string;
  saveData?: boolean;
}

const SLOW_CONNECTIONS: readonly string[] = ['slow-2g', '2g'];

/**
 * Whether links may be prefetched (spec §9): not on a 2g or slow-2g
 * connection, nor with the data saver on. Unknown connections prefetch.
 */
export function shouldPrefetch(connection?: ConnectionInfo | null): boolean {
  if (!connection) return true;
  if (connection.saveData === true) return false;
  return !SLOW_CONNECTIONS.includes(connection.effectiveType ?? '');
}
