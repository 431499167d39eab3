import type { Context } from 'hono';
import { API_ERROR_CODES, API_MESSAGES } from '#app/schemas/api-error.ts';
import { AUTH_CLIENT_HEADER, type Auth } from '#app/services/auth.server.ts';
import { clientKey } from './client-key.ts';
import { apiError } from './errors.ts';

/**
 * Better Auth's endpoints under /api/auth (sign-up, sign-in, sign-out,
 * e-mail verification, password reset, session). The client address Better
 * Auth counts sign-in attempts by is the one our server determined; a
 * refused attempt answers the API's one error shape with a Dutch message.
 */
export function authHandler(auth: Auth, trustProxyHops: number) {
  return async (c: Context) => {
    const headers = new Headers(c.req.raw.headers);
    headers.set(AUTH_CLIENT_HEADER, clientKey(c, trustProxyHops));
    const init: RequestInit & { duplex?: 'half' } = { method: c.req.method, headers };
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      init.body = await c.req.raw.arrayBuffer();
    }
    const response = await auth.handler(new Request(c.req.raw.url, init));
    if (response.status === 429) {
      const seconds = Number(response.headers.get('x-retry-after') ?? response.headers.get('retry-after') ?? 60);
      const retryAfter = Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : 60;
      return apiError(c, 429, API_ERROR_CODES.rateLimited, API_MESSAGES.rateLimited(retryAfter), {
        headers: { 'Retry-After': String(retryAfter) },
      });
    }
    return response;
  };
}
