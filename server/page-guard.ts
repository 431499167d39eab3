/**
 * Abuse protection of form posts to pages (any method but GET and HEAD),
 * the page-side twin of the API's write guard (server/api/guard.ts), in the
 * same order, so that no action runs for a refused request:
 *
 * 1. another website's form (Origin / Sec-Fetch-Site) → 403;
 * 2. a body over DEFAULT_MAX_BODY_BYTES (declared, or counted while reading
 *    a chunked body) → 413;
 * 3. more than RATE_LIMITS.pageWrite posts per client and minute, or more
 *    than the page's own rule (PAGE_WRITE_RULES: /contact and /nieuwsbrief
 *    share the limits of their API endpoints) → 429 with Retry-After.
 *
 * A refusal is rendered as our Dutch error page with that status: the server
 * turns the request into a GET without body and the root loader throws the
 * refusal (app/context.ts `RequestState.refusal`).
 */
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { API_MESSAGES } from '#app/platform/schemas/api-error.ts';
import { MESSAGES } from '#app/platform/schemas/messages.ts';
import { clientKey } from './api/client-key.ts';
import { DEFAULT_MAX_BODY_BYTES, PAGE_WRITE_RULES, RATE_LIMITS } from './api/limits.ts';
import type { HttpEnv } from './http-env.ts';
import type { RateLimiter } from './infra/rate-limit.ts';
import { isForeignWrite } from './infra/same-origin.ts';

export interface PageRefusal {
  status: 403 | 413 | 429;
  message: string;
  retryAfterSeconds?: number;
}

export interface PageGuardOptions {
  rateLimiter: RateLimiter;
  trustProxyHops: number;
  publicUrl: string | undefined;
}

const SAFE_METHODS = new Set(['GET', 'HEAD']);

const TOO_LARGE = new Response(null, { status: 413 });
/** One body-limit middleware for every post; its answer only tells us the body was too large. */
const limitBody = bodyLimit({ maxSize: DEFAULT_MAX_BODY_BYTES, onError: () => TOO_LARGE });

async function readWithinLimit(c: Context<HttpEnv>): Promise<boolean> {
  return (await limitBody(c, async () => {})) !== TOO_LARGE;
}

export async function refusePageWrite(
  c: Context<HttpEnv>,
  { rateLimiter, trustProxyHops, publicUrl }: PageGuardOptions,
): Promise<PageRefusal | undefined> {
  if (SAFE_METHODS.has(c.req.method)) return undefined;
  if (isForeignWrite(c.req.raw.headers, c.req.url, publicUrl)) return { status: 403, message: MESSAGES.FOREIGN_FORM };

  // Buffers a chunked body up to the limit (replacing c.req.raw); a declared length is checked without reading.
  const within = await readWithinLimit(c);
  if (!within) return { status: 413, message: MESSAGES.FORM_TOO_LARGE };

  const client = clientKey(c, trustProxyHops);
  const pageRule = PAGE_WRITE_RULES[c.req.path.replace(/\/+$/, '') || '/'];
  for (const rule of pageRule ? [RATE_LIMITS.pageWrite, pageRule] : [RATE_LIMITS.pageWrite]) {
    const decision = await rateLimiter.consume(rule, client);
    if (!decision.allowed) {
      const seconds = decision.retryAfterSeconds;
      return { status: 429, message: API_MESSAGES.rateLimited(seconds), retryAfterSeconds: seconds };
    }
  }
  return undefined;
}
