import { maxAgeSeconds, type CookieDefinition } from '#app/platform/cookies.ts';

/** Parses a Cookie request header (or document.cookie) into a name → value map. */
export function parseCookieHeader(header: string | null | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  if (!header) return cookies;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    const name = part.slice(0, index).trim();
    if (!name || name in cookies) continue;
    const raw = part.slice(index + 1).trim();
    try {
      cookies[name] = decodeURIComponent(raw);
    } catch {
      cookies[name] = raw;
    }
  }
  return cookies;
}

/** One cookie's value from a Cookie request header (or document.cookie), or undefined. */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  return parseCookieHeader(header)[name];
}

export interface CookieAttributes {
  maxAgeSeconds: number;
  path?: string;
  secure?: boolean;
  httpOnly?: boolean;
  sameSite?: 'Lax' | 'Strict' | 'None';
}

/** Encodes a cookie value, keeping ',' and ':' readable (the consent value is '*,1,2,3,GTM:1'). */
export function encodeCookieValue(value: string): string {
  return encodeURIComponent(value).replace(/%(2C|3A)/g, (match) => decodeURIComponent(match));
}

/** Builds a Set-Cookie header value (or a document.cookie assignment without HttpOnly). */
export function serializeCookie(name: string, value: string, attrs: CookieAttributes): string {
  const parts = [`${name}=${encodeCookieValue(value)}`, `Max-Age=${attrs.maxAgeSeconds}`, `Path=${attrs.path ?? '/'}`];
  parts.push(`SameSite=${attrs.sameSite ?? 'Lax'}`);
  if (attrs.secure) parts.push('Secure');
  if (attrs.httpOnly) parts.push('HttpOnly');
  return parts.join('; ');
}

/** Set-Cookie value (or document.cookie assignment) for one of our cookie definitions. */
export function serializeDefinedCookie(
  cookie: Pick<CookieDefinition, 'name' | 'maxAgeDays' | 'path'>,
  value: string,
  options: { secure?: boolean; httpOnly?: boolean } = {},
) {
  return serializeCookie(cookie.name, value, {
    maxAgeSeconds: maxAgeSeconds(cookie.maxAgeDays),
    path: cookie.path ?? '/',
    ...options,
  });
}
