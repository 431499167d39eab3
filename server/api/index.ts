/**
 * The JSON API (spec §7), mounted at API_BASE by server/create-app.ts.
 *
 * Conventions — every endpoint is added this way:
 * 1. One file per resource in server/api/v1/ (copy v1/plan.ts, or v1/contact.ts for a public write), its
 *    routes ONE table (./route-spec.ts): `route({ method, path, summary, description, params | query |
 *    body: <the module's Zod schema>, answer: { status, description, schema }, refusals: { 404: '…' },
 *    limits }, handler)` per route, served by `apiRouter(ROUTES)` and composed in v1/index.ts.
 * 2. The handler reads `c.req.valid(…)` and makes ONE service call with `c.var.scope`, then
 *    `c.json(result, status)`. No SQL here: server/api never imports app/db, app/integrations
 *    or drizzle-orm (lint enforces it).
 * 3. Every error answers the one shape of app/platform/schemas/api-error.ts (`{ status, error, message,
 *    fieldErrors? }`, Dutch message): invalid input → 400 with field errors (the defaultHook),
 *    unknown path → 404, known path with another method → 405 with `Allow`, thrown → 500 (reported).
 * 4. Writes (any method but GET, HEAD, OPTIONS) pass the write guard by default (./guard.ts):
 *    same origin, JSON only, 16 KB, a per-client rate limit. A route with other needs says
 *    `limits: { rateLimit, maxBodyBytes }` (./limits.ts, where every number lives).
 * 5. The documentation is generated from the routes: GET /api/openapi.json (OpenAPI 3.1) and
 *    GET /api/docs (Scalar, served from our own origin).
 */
import { API_ERROR_CODES, API_MESSAGES } from '#app/platform/schemas/api-error.ts';
import type { Auth } from '#app/modules/accounts/index.server.ts';
import type { RateLimiter } from '#server/infra/rate-limit.ts';
import { authHandler, authHostApi, authOpenApi } from './auth.ts';
import { authenticated } from './authenticated.ts';
import { addDocs } from './docs.ts';
import { apiError } from './errors.ts';
import { writeGuard } from './guard.ts';
import { DEFAULT_WRITE_LIMITS, RATE_LIMITS } from './limits.ts';
import { createRouteTable, pathInApi } from './route-table.ts';
import { createApiRouter } from './router.ts';
import { createApiV1 } from './v1/index.ts';

export const API_BASE = '/api';

export interface ApiOptions {
  /** Counters of the rate limits (server/composition.ts); absent: in this process only (unit tests). */
  rateLimiter?: RateLimiter | undefined;
  /** TRUST_PROXY: how many proxies in front append to X-Forwarded-For (0: use the socket address). */
  trustProxyHops?: number | undefined;
  /** Accounts (Better Auth), served under /api/auth; absent: no account endpoints (unit tests). */
  auth?: Auth | undefined;
}

const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];
const byMethodOrder = (a: string, b: string) => METHOD_ORDER.indexOf(a) - METHOD_ORDER.indexOf(b);

export function createApi({
  rateLimiter,
  trustProxyHops,
  auth,
}: {
  /** Chosen once by createApp (the composition's store, or counters in memory). */
  rateLimiter: RateLimiter;
  trustProxyHops: number;
  auth?: Auth | undefined;
}) {
  const api = createApiRouter();
  // The accounts library's writes count against their own lenient rule per client (a class shares an
  // address); what guessing aims at has the accounts module's own limits (AUTH_LIMITS, ADR 015).
  const routes = createRouteTable(api, {
    'POST /auth/*': { ...DEFAULT_WRITE_LIMITS, rateLimit: RATE_LIMITS.accounts },
  });

  api.use('*', writeGuard({ routes, rateLimiter, trustProxyHops }));
  // Every user route checks the session first (spec §2, §6 'authenticated').
  api.use('/v1/users/*', authenticated(auth));
  api.use('/v1/subjects/*', authenticated(auth));
  // The study area: every call reads the session's user and checks their access to the subject.
  api.use('/v1/subject/*', authenticated(auth));
  api.use('/v1/card/*', authenticated(auth));
  api.use('/v1/test/*', authenticated(auth));
  // Classes (issue 31): every call reads the session's user and asks who they are to the class.
  api.use('/v1/classes', authenticated(auth));
  api.use('/v1/classes/*', authenticated(auth));
  // The back office: its own guard (role, two-factor) runs in every handler after this one.
  api.use('/v1/backoffice/*', authenticated(auth));
  api.route('/v1', createApiV1());
  if (auth) {
    api.route('/auth', authHostApi(auth));
    api.on(['GET', 'POST'], '/auth/*', authHandler(auth, trustProxyHops));
  }
  addDocs(api, auth ? () => authOpenApi(auth) : undefined);

  // Nothing matched: 404 for an unknown path; 405 (with Allow) when other methods serve it.
  api.all('*', (c) => {
    const method = c.req.method;
    const allowed = routes.allowedMethods(pathInApi(c)).sort(byMethodOrder);
    if (allowed.length === 0 || allowed.includes(method)) {
      return apiError(c, 404, API_ERROR_CODES.notFound, API_MESSAGES.NOT_FOUND);
    }
    const allow = [...allowed, 'OPTIONS'].join(', ');
    if (method === 'OPTIONS') return c.body(null, 204, { Allow: allow });
    return apiError(c, 405, API_ERROR_CODES.methodNotAllowed, API_MESSAGES.METHOD_NOT_ALLOWED, {
      headers: { Allow: allow },
    });
  });
  return api;
}
