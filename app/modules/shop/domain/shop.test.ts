import { describe, expect, it } from 'vitest';
import { isPersonalPath } from './shop.ts';

describe('isPersonalPath', () => {
  it('marks the area, the cart and the checkout personal, also as client-navigation data', () => {
    for (const path of [
      '/mijnslaagbundel',
      '/mijnslaagbundel/account',
      '/winkelwagen',
      '/winkelwagen.data',
      '/afrekenen/betalen',
    ]) {
      expect(isPersonalPath(path), path).toBe(true);
    }
  });

  it('leaves public pages cacheable', () => {
    for (const path of ['/', '/producten', '/winkelwagentje', '/afrekenenen', '/examentips']) {
      expect(isPersonalPath(path), path).toBe(false);
    }
  });
});
