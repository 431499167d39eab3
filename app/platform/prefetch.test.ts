import { describe, expect, it } from 'vitest';
import { shouldPrefetch } from './prefetch.ts';

describe('shouldPrefetch (spec §9)', () => {
  it('prefetches when the connection is unknown or fast', () => {
    expect(shouldPrefetch()).toBe(true);
    expect(shouldPrefetch(null)).toBe(true);
    expect(shouldPrefetch({})).toBe(true);
    expect(shouldPrefetch({ effectiveType: '4g' })).toBe(true);
    expect(shouldPrefetch({ effectiveType: '3g', saveData: false })).toBe(true);
  });

  it('skips on 2g and slow-2g', () => {
    expect(shouldPrefetch({ effectiveType: '2g' })).toBe(false);
    expect(shouldPrefetch({ effectiveType: 'slow-2g' })).toBe(false);
  });

  it('skips with the data saver on', () => {
    expect(shouldPrefetch({ saveData: true })).toBe(false);
    expect(shouldPrefetch({ effectiveType: '4g', saveData: true })).toBe(false);
  });
});
