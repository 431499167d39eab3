import { RELOAD_GUARD_MS } from './constants.ts';

/**
 * Whether to do a full page reload after a chunk load failure (spec §8):
 * at most once per 60 seconds. True when there was no earlier reload, or it
 * was at least RELOAD_GUARD_MS ago. A stored time that is not a finite
 * number or lies in the future (clock changed) does not block the reload.
 * Times are epoch milliseconds; the caller passes the clock.
 */
export function shouldReloadAfterChunkError(lastReloadAt: number | null, now: number): boolean {
  if (lastReloadAt === null || !Number.isFinite(lastReloadAt) || lastReloadAt > now) return true;
  return now - lastReloadAt >= RELOAD_GUARD_MS;
}
