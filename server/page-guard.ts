/**
 * Abuse protection of form posts to pages (any method but GET and HEAD),
 * the page-side twin of the API's write guard (server/api/guard.ts), in the
 * same order, so that no action runs for a refused request:
 *
 * 1. another website's form (Origin other than PUBLIC_URL's, or Sec-Fetch-Site) → 403;
 * 2. a body over DEFAULT_MAX_BODY_BYTES, or the page's own limit (PAGE_MAX_BODY_BYTES: the back office's
 *    upload of study content), declared or counted while reading a chunked body → 413;
 * 3. a body that is no form (JSON, text, …) → 415; a multipart body without
 *    its boundary, or one that cannot be read as a form → 400 (an action
 *    would fail reading it);
 * 4. more than RATE_LIMITS.pageWrite posts per client and minute, or more
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
import { DEFAULT_MAX_BODY_BYTES, PAGE_MAX_BODY_BYTES, PAGE_WRITE_RULES, RATE_LIMITS } from './api/limits.ts';
import type { HttpEnv } from './http-env.ts';
import type { RateLimiter } from './infra/rate-limit.ts';
import { isForeignWrite } from './infra/same-origin.ts';

export interface PageRefusal {
  status: 400 | 403 | 413 | 415 | 429;
  message: string;
  retryAfterSeconds?: number;
}

export interface PageGuardOptions {
  rateLimiter: RateLimiter;
  trustProxyHops: number;
  /** PUBLIC_URL: a browser's Origin must be its origin. */
  publicUrl: string;
}

const SAFE_METHODS = new Set(['GET', 'HEAD']);

const TOO_LARGE = new Response(null, { status: 413 });
/** One body-limit middleware per size (every post but a few has the default); its answer only says "too large". */
const limitBodies = new Map(
  [DEFAULT_MAX_BODY_BYTES, ...Object.values(PAGE_MAX_BODY_BYTES)].map((maxSize) => [
    maxSize,
    bodyLimit({ maxSize, onError: () => TOO_LARGE }),
  ]),
);

/** The page a post goes to, without a trailing slash or the `.data` of a client-side navigation's request. */
const pageOf = (path: string) => path.replace(/\.data$/, '').replace(/\/+$/, '') || '/';

async function readWithinLimit(c: Context<HttpEnv>): Promise<boolean> {
  const limitBody = limitBodies.get(PAGE_MAX_BODY_BYTES[pageOf(c.req.path)] ?? DEFAULT_MAX_BODY_BYTES)!;
  return (await limitBody(c, async () => {})) !== TOO_LARGE;
}

/** The two ways a browser sends a form (a form with no fields may send no type and no body). */
const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data']);

/** Why a post's body is no form the actions can read, or undefined when it is one. */
async function unreadableForm(request: Request): Promise<PageRefusal | undefined> {
  const header = request.headers.get('content-type');
  if (!header) {
    const length = request.headers.get('content-length');
    return !length || length === '0' ? undefined : { status: 415, message: MESSAGES.FORM_UNREADABLE };
  }
  const type = header.split(';', 1)[0]!.trim().toLowerCase();
  if (!FORM_TYPES.has(type)) return { status: 415, message: MESSAGES.FORM_UNREADABLE };
  if (type !== 'multipart/form-data') return undefined;
  // A multipart body is read once here (it is within the body limit): one that cannot be parsed would
  // make the action fail. The request keeps its own body for the action.
  try {
    await request.clone().formData();
    return undefined;
  } catch {
    return { status: 400, message: MESSAGES.FORM_UNREADABLE };
  }
}

export async function refusePageWrite(
  c: Context<HttpEnv>,
  { rateLimiter, trustProxyHops, publicUrl }: PageGuardOptions,
): Promise<PageRefusal | undefined> {
  if (SAFE_METHODS.has(c.req.method)) return undefined;
  if (isForeignWrite(c.req.raw.headers, publicUrl)) return { status: 403, message: MESSAGES.FOREIGN_FORM };

  // Buffers a chunked body up to the limit (replacing c.req.raw); a declared length is checked without reading.
  const within = await readWithinLimit(c);
  if (!within) return { status: 413, message: MESSAGES.FORM_TOO_LARGE };
  const unreadable = await unreadableForm(c.req.raw);
  if (unreadable) return unreadable;

  const client = clientKey(c, trustProxyHops);
  // A post with JavaScript goes to the page's `.data` address: the same page, the same rule.
  const pageRule = PAGE_WRITE_RULES[pageOf(c.req.path)];
  for (const rule of pageRule ? [RATE_LIMITS.pageWrite, pageRule] : [RATE_LIMITS.pageWrite]) {
    const decision = await rateLimiter.consume(rule, client);
    if (!decision.allowed) {
      const seconds = decision.retryAfterSeconds;
      return { status: 429, message: API_MESSAGES.rateLimited(seconds), retryAfterSeconds: seconds };
    }
  }
  return undefined;
}
