import { describe, expect, it } from 'vitest';
import { parseCookieHeader, serializeCookie } from './cookie-header.ts';

describe('parseCookieHeader', () => {
  it('reads names and decoded values', () => {
    expect(parseCookieHeader('gdpr_cookie=*%2C1%2C2%2C3%2CGTM%3A1; sale_notice_cookie=1')).toEqual({
      gdpr_cookie: '*,1,2,3,GTM:1',
      sale_notice_cookie: '1',
    });
  });
  it('keeps the first of duplicate names and survives bad encoding', () => {
    expect(parseCookieHeader('a=1; a=2; b=%E0%A4%A')).toEqual({ a: '1', b: '%E0%A4%A' });
  });
  it('returns nothing for an empty header', () => {
    expect(parseCookieHeader(null)).toEqual({});
    expect(parseCookieHeader('')).toEqual({});
    expect(parseCookieHeader('novalue')).toEqual({});
  });
});

describe('serializeCookie', () => {
  it('writes the attributes the spec asks for', () => {
    expect(serializeCookie('gdpr_cookie', '*,1,GTM:1', { maxAgeSeconds: 31_536_000, path: '/' })).toBe(
      'gdpr_cookie=*,1,GTM:1; Max-Age=31536000; Path=/; SameSite=Lax',
    );
    expect(serializeCookie('n', 'a b;c', { maxAgeSeconds: 5 })).toBe('n=a%20b%3Bc; Max-Age=5; Path=/; SameSite=Lax');
    expect(serializeCookie('x', 'y', { maxAgeSeconds: 1, secure: true, httpOnly: true, sameSite: 'Strict' })).toBe(
      'x=y; Max-Age=1; Path=/; SameSite=Strict; Secure; HttpOnly',
    );
  });
});
