import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { API_ERROR_CODES, API_MESSAGES } from '#app/platform/schemas/api-error.ts';
import type { HttpEnv } from '#server/http-env.ts';
import type { RateLimiter } from '#server/infra/rate-limit.ts';
import { clientKey } from './client-key.ts';
import { apiError } from './errors.ts';
import { type RouteTable, pathInApi } from './route-table.ts';
import { isForeignWrite } from '#server/infra/same-origin.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface WriteGuardOptions {
  routes: RouteTable;
  rateLimiter: RateLimiter;
  /** TRUST_PROXY: proxies whose X-Forwarded-For entries name the client. */
  trustProxyHops: number;
}

/** The route's media type (application/json unless it says otherwise), with or without parameters (charset). */
function isMediaType(contentType: string, accepted: string): boolean {
  return contentType.split(';', 1)[0]!.trim().toLowerCase() === accepted;
}

/** Whether the request declares a body (RFC 9112 §6.3); a bodiless POST may omit Content-Type. */
function declaresBody(headers: Headers): boolean {
  return headers.has('transfer-encoding') || Number(headers.get('content-length') ?? 0) > 0;
}

/**
 * Abuse protection of every API write (any method but GET, HEAD, OPTIONS),
 * in this order, so that nothing is read or stored for a refused request:
 *
 * 1. Origin: a browser's `Origin` must be PUBLIC_URL's origin (never compared
 *    with `Host`) → else 403. Without Origin, `Sec-Fetch-Site` other than
 *    same-origin/none → 403. Neither header (curl, server to server) passes.
 * 2. JSON only (or the one media type a route declares, e.g. a provider's form-encoded webhook): any
 *    other Content-Type, or a body without one → 415.
 * 3. Body size: a declared Content-Length above the route's limit → 413
 *    before anything else is done.
 * 4. Rate limit per client and route rule → 429 with Retry-After.
 * 5. Body size again while reading a body without Content-Length → 413.
 *
 * Reads are not guarded: they change nothing, and public reads are cacheable.
 */
export function writeGuard({ routes, rateLimiter, trustProxyHops }: WriteGuardOptions): MiddlewareHandler<HttpEnv> {
  const readers = new Map<number, MiddlewareHandler>();
  const bodyReader = (maxSize: number) => {
    let reader = readers.get(maxSize);
    if (!reader) {
      reader = bodyLimit({
        maxSize,
        onError: (c) => apiError(c, 413, API_ERROR_CODES.payloadTooLarge, API_MESSAGES.PAYLOAD_TOO_LARGE),
      });
      readers.set(maxSize, reader);
    }
    return reader;
  };

  return async (c, next) => {
    const method = c.req.method;
    if (SAFE_METHODS.has(method)) return next();

    if (isForeignWrite(c.req.raw.headers, c.var.scope.settings.publicUrl)) {
      return apiError(c, 403, API_ERROR_CODES.forbiddenOrigin, API_MESSAGES.FORBIDDEN_ORIGIN);
    }

    const limits = routes.limitsFor(method, pathInApi(c));
    const contentType = c.req.header('content-type');
    const accepted = limits?.mediaType ?? 'application/json';
    if (contentType === undefined ? declaresBody(c.req.raw.headers) : !isMediaType(contentType, accepted)) {
      return apiError(c, 415, API_ERROR_CODES.unsupportedMediaType, API_MESSAGES.UNSUPPORTED_MEDIA_TYPE);
    }

    // An unknown route or method: the API's fallback answers 404/405 without reading the body.
    if (!limits) return next();

    const declaredLength = c.req.header('content-length');
    if (Number(declaredLength ?? 0) > limits.maxBodyBytes) {
      return apiError(c, 413, API_ERROR_CODES.payloadTooLarge, API_MESSAGES.PAYLOAD_TOO_LARGE);
    }

    const decision = await rateLimiter.consume(limits.rateLimit, clientKey(c, trustProxyHops));
    if (!decision.allowed) {
      const seconds = String(decision.retryAfterSeconds);
      return apiError(c, 429, API_ERROR_CODES.rateLimited, API_MESSAGES.rateLimited(decision.retryAfterSeconds), {
        headers: { 'Retry-After': seconds },
      });
    }

    // A declared length was checked above: the body is read once, by the route, straight from the socket. Only a
    // body without one (chunked) is counted while it is read, by hono's body limit, which reads it through a
    // web stream.
    if (declaredLength !== undefined && c.req.header('transfer-encoding') === undefined) return next();
    return bodyReader(limits.maxBodyBytes)(c, next);
  };
}
