import { describe, expect, it } from 'vitest';
import { signCookieValue, verifySignedCookieValue } from './signed-cookie.server.ts';

const SECRET = 'a-secret-of-at-least-32-characters!!';

describe('signed cookie values', () => {
  it('gives back the value that was signed with the same secret', () => {
    const signed = signCookieValue('5f0c1d2e-cart', SECRET);
    expect(verifySignedCookieValue(signed, SECRET)).toBe('5f0c1d2e-cart');
  });

  it('refuses a changed value, a changed signature, another secret and an unsigned value', () => {
    const signed = signCookieValue('cart-a', SECRET);
    const signature = signed.slice(signed.lastIndexOf('.'));
    expect(verifySignedCookieValue(`cart-b${signature}`, SECRET)).toBeNull();
    expect(verifySignedCookieValue(`${signed.slice(0, -2)}AA`, SECRET)).toBeNull();
    expect(verifySignedCookieValue(signed, `${SECRET}x`)).toBeNull();
    expect(verifySignedCookieValue('cart-a', SECRET)).toBeNull();
    expect(verifySignedCookieValue(undefined, SECRET)).toBeNull();
  });
});
