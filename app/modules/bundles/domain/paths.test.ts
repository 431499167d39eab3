import { describe, expect, it } from 'vitest';
import { bundlePath } from './paths.ts';

describe('bundlePath', () => {
  it('builds bundle paths (spec §2)', () => {
    expect(bundlePath(3, 'voordeelpakket-havo')).toBe('/producten/voordeelpakketten/3/voordeelpakket-havo');
  });
});
