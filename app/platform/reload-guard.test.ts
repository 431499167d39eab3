import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { shouldReloadAfterChunkError } from './reload-guard.ts';

const NOW = Date.UTC(2026, 10, 22, 12);

describe('shouldReloadAfterChunkError (spec §8)', () => {
  it('reloads when never reloaded', () => {
    expect(shouldReloadAfterChunkError(null, NOW)).toBe(true);
  });

  it('reloads at most once per 60 seconds', () => {
    expect(shouldReloadAfterChunkError(NOW, NOW)).toBe(false);
    expect(shouldReloadAfterChunkError(NOW - 59_999, NOW)).toBe(false);
    expect(shouldReloadAfterChunkError(NOW - 60_000, NOW)).toBe(true);
    expect(shouldReloadAfterChunkError(NOW - 3_600_000, NOW)).toBe(true);
  });

  it('ignores an unusable stored time', () => {
    expect(shouldReloadAfterChunkError(Number.NaN, NOW)).toBe(true);
    expect(shouldReloadAfterChunkError(NOW + 10_000, NOW)).toBe(true);
  });

  it('is true exactly when 60 s have passed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200_000 }), (elapsed) => {
        expect(shouldReloadAfterChunkError(NOW - elapsed, NOW)).toBe(elapsed >= 60_000);
      }),
    );
  });
});
