/**
 * Signed cookie values, in the format our accounts library uses for its session cookie:
 * `value.base64(HMAC-SHA256(secret, value))`. The one place a cookie is signed or verified.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const mac = (value: string, secret: string) => createHmac('sha256', secret).update(value).digest();

export function signCookieValue(value: string, secret: string): string {
  return `${value}.${mac(value, secret).toString('base64')}`;
}

/** The value of a signed cookie value, or null when it is missing or forged (compared in constant time). */
export function verifySignedCookieValue(signed: string | undefined, secret: string): string | null {
  if (!signed) return null;
  const dot = signed.lastIndexOf('.');
  if (dot < 1) return null;
  const value = signed.slice(0, dot);
  const signature = Buffer.from(signed.slice(dot + 1), 'base64');
  const expected = mac(value, secret);
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? value : null;
}
