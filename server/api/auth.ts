import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { AREA_LOGIN_PATH } from '#app/platform/brand.ts';
import { API_ERROR_CODES, API_MESSAGES } from '#app/platform/schemas/api-error.ts';
import {
  authErrorBody,
  authorizeResultSchema,
  authReturnQuerySchema,
  noPromptLoginQuerySchema,
} from '#app/modules/sign-in/index.ts';
import { AUTH_CLIENT_HEADER, type Auth } from '#app/modules/accounts/index.server.ts';
import { authLimitRefusal, authorizeReturn, signOut } from '#app/modules/sign-in/index.server.ts';
import { clientKey } from './client-key.ts';
import { apiError, ERROR_DESCRIPTIONS, errorResponses, READ_ERRORS, WRITE_ERRORS } from './errors.ts';
import { createApiRouter } from './router.ts';

const redirectTo = { description: 'Where the browser goes next.', schema: { type: 'string' as const } };

export const authorizeRoute = createRoute({
  method: 'post',
  path: '/authorize',
  tags: ['Accounts'],
  summary: 'Tell a page whether someone is signed in',
  description:
    'The auth host of spec §7: answers the return address with `loggedIn=1` when this browser has a session, ' +
    "else with `error=login_required`. Without a return address: 400 'Please provide a return url'.",
  request: { query: authReturnQuerySchema },
  responses: {
    200: { description: 'Where to go.', content: { 'application/json': { schema: authorizeResultSchema } } },
    ...errorResponses(...WRITE_ERRORS),
  },
});

export const noPromptLoginRoute = createRoute({
  method: 'get',
  path: '/login',
  tags: ['Accounts'],
  summary: 'Log in without a prompt, or go to the login page',
  description:
    'The login URL of the auth host (spec §6, §7). With `prompt=none` it never asks: it sends the browser back ' +
    'to the return address with `loggedIn=1` or `error=login_required`. Without, it opens the login page.',
  request: { query: noPromptLoginQuerySchema },
  responses: {
    302: { description: 'Back to the page, or to the login page.', headers: { Location: redirectTo } },
    ...errorResponses(...READ_ERRORS),
  },
});

export const logoutRoute = createRoute({
  method: 'get',
  path: '/logout',
  tags: ['Accounts'],
  summary: 'Sign out and return to a page',
  description:
    'The logout URL of the auth host (spec §7): ends this browser’s session, then returns to the page. ' +
    'A link followed from another site (`Sec-Fetch-Site: cross-site`, or a foreign `Referer`) is refused with 403 ' +
    'and the session kept: another site cannot sign anyone out.',
  request: { query: authReturnQuerySchema },
  responses: {
    302: { description: 'Signed out; back to the page.', headers: { Location: redirectTo } },
    ...errorResponses(...READ_ERRORS, 403),
  },
});

const originOf = (url: string | undefined) => {
  try {
    return url ? new URL(url).origin : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Whether a GET was a link followed from another site: the browser's `Sec-Fetch-Site` says so
 * (same-site passes: the auth host may be a subdomain), or, from a browser that does not send
 * it, a `Referer` of neither the site nor its auth host. Neither header: a typed address, a
 * bookmark or a script of the user's own, which passes.
 */
function isCrossSiteNavigation(headers: Headers, ownUrls: readonly (string | undefined)[]): boolean {
  const site = headers.get('sec-fetch-site');
  if (site !== null) return site === 'cross-site';
  const referer = originOf(headers.get('referer') ?? undefined);
  return referer !== undefined && !ownUrls.some((url) => originOf(url) === referer);
}

/** The auth host's own endpoints (spec §6, §7), before Better Auth's under the same base. */
export function authHostApi(auth: Auth) {
  return createApiRouter()
    .openapi(authorizeRoute, async (c) => {
      const redirectUrl = await authorizeReturn(auth, c.req.raw.headers, c.req.valid('query').returnUrl);
      return c.json({ redirect_url: redirectUrl }, 200);
    })
    .openapi(noPromptLoginRoute, async (c) => {
      const { returnUrl, prompt } = c.req.valid('query');
      if (prompt !== 'none') return c.redirect(`${AREA_LOGIN_PATH}?from=${encodeURIComponent(returnUrl)}`, 302);
      return c.redirect(await authorizeReturn(auth, c.req.raw.headers, returnUrl), 302);
    })
    .openapi(logoutRoute, async (c) => {
      const { publicUrl, authHost } = c.var.scope.settings;
      if (isCrossSiteNavigation(c.req.raw.headers, [publicUrl, authHost])) {
        return apiError(c, 403, API_ERROR_CODES.forbiddenOrigin, API_MESSAGES.FORBIDDEN_ORIGIN);
      }
      const cleared = await signOut(auth, c.req.raw.headers);
      for (const cookie of cleared.getSetCookie()) c.header('set-cookie', cookie, { append: true });
      c.header('Cache-Control', 'private, no-store');
      return c.redirect(c.req.valid('query').returnUrl, 302);
    });
}

/**
 * The accounts library's endpoints this product uses (Better Auth, paths
 * under /api/auth); anything else it could serve answers 404, so that every
 * endpoint is one we document (GET /api/openapi.json) and test.
 */
export const AUTH_ENDPOINTS: readonly { method: 'GET' | 'POST'; path: string; session?: true }[] = [
  { method: 'POST', path: '/sign-up/email' },
  { method: 'POST', path: '/sign-in/email' },
  { method: 'POST', path: '/sign-out' },
  { method: 'GET', path: '/get-session' },
  { method: 'GET', path: '/verify-email' },
  { method: 'POST', path: '/send-verification-email' },
  { method: 'POST', path: '/request-password-reset' },
  { method: 'GET', path: '/reset-password/{token}' },
  { method: 'POST', path: '/reset-password' },
  { method: 'POST', path: '/change-password', session: true },
  { method: 'POST', path: '/change-email', session: true },
  // Two-factor sign-in (TOTP, ADR 026): set up with the password, then a first code switches it on; a sign-in
  // of a user with it on answers `twoFactorRedirect`, and the code (with the short-lived cookie) makes the session.
  { method: 'POST', path: '/two-factor/enable', session: true },
  { method: 'POST', path: '/two-factor/verify-totp' },
];

const ERROR_CONTENT = { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } };

const endpointPattern = (path: string) => new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`);
const ALLOWED = AUTH_ENDPOINTS.map((e) => ({ method: e.method, pattern: endpointPattern(e.path) }));

function isAllowed(method: string, path: string): boolean {
  const wanted = method === 'HEAD' ? 'GET' : method;
  return ALLOWED.some((e) => e.method === wanted && e.pattern.test(path));
}

/**
 * The OpenAPI paths of AUTH_ENDPOINTS as the library describes them, under
 * /auth and the Accounts tag, with the schemas they refer to; merged into
 * our document by server/api/docs.ts.
 */
export async function authOpenApi(auth: Auth): Promise<{
  paths: Record<string, Record<string, unknown>>;
  schemas: Record<string, unknown>;
}> {
  const generated = (await auth.api.generateOpenAPISchema()) as unknown as {
    paths?: Record<string, Record<string, Record<string, unknown>>>;
    components?: { schemas?: Record<string, unknown> };
  };
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { method, path, session } of AUTH_ENDPOINTS) {
    const operation = generated.paths?.[path]?.[method.toLowerCase()];
    if (!operation) continue;
    // Its refusals reach clients in our one error shape (authHandler), through our guards.
    const responses: Record<string, unknown> = {};
    for (const [status, response] of Object.entries((operation.responses ?? {}) as Record<string, unknown>)) {
      if (Number(status) < 400) responses[status] = response;
    }
    const statuses: number[] = [...(method === 'POST' ? WRITE_ERRORS : READ_ERRORS), ...(session ? [401] : [])];
    for (const status of statuses)
      responses[status] = { description: ERROR_DESCRIPTIONS[status], content: ERROR_CONTENT };
    // Its own security schemes are not ours: the session cookie of `session` is what it reads.
    const { security: _security, ...rest } = operation;
    ourRules(path, rest);
    paths[`/auth${path}`] ??= {};
    paths[`/auth${path}`]![method.toLowerCase()] = {
      ...rest,
      description: rest.description ?? rest.summary ?? `${method} ${path} of the accounts library.`,
      responses,
      ...(session ? { security: [{ session: [] }] } : {}),
      tags: ['Accounts'],
    };
  }
  return { paths, schemas: generated.components?.schemas ?? {} };
}

type JsonSchema = { properties?: Record<string, unknown>; required?: string[]; description?: string };

const jsonSchemaAt = (holder: unknown): JsonSchema | undefined =>
  (holder as { content?: { 'application/json'?: { schema?: JsonSchema } } } | undefined)?.content?.['application/json']
    ?.schema;

/**
 * What our hooks (app/modules/accounts/server/auth.server.ts) change about the library's endpoints,
 * in the document too: change-email needs the current password; a password change ends the other
 * sessions whatever `revokeOtherSessions` says; sign-in and sign-up answer no session token (it
 * is in the HttpOnly cookie only); sign-in is limited per account and address (ADR 015).
 */
function ourRules(path: string, operation: Record<string, unknown>): void {
  const body = jsonSchemaAt(operation.requestBody);
  if (path === '/change-email' && body) {
    body.properties = {
      ...body.properties,
      currentPassword: { type: 'string', description: 'The current password: an e-mail change needs it.' },
    };
    body.required = [...(body.required ?? []), 'currentPassword'];
  }
  if (path === '/change-password' && body?.properties?.revokeOtherSessions) {
    body.properties.revokeOtherSessions = {
      type: 'boolean',
      description: 'Ignored: every other session of the account always ends when its password changes.',
    };
  }
  if (path === '/sign-in/email' || path === '/sign-up/email') {
    const answer = jsonSchemaAt((operation.responses as Record<string, unknown> | undefined)?.['200']);
    if (answer?.properties) delete answer.properties.token;
    if (answer?.required) answer.required = answer.required.filter((name) => name !== 'token');
  }
  if (path === '/sign-in/email') {
    operation.description =
      'Signs in with e-mail and password; the session is set as an HttpOnly cookie. Only failed attempts count: ' +
      '10 per account in 15 minutes from any addresses (a password reset ends the lock) and 100 per address; ' +
      'then 429 with Retry-After. While the limits cannot be counted: 503 (ADR 015).';
  }
}

/**
 * Better Auth's endpoints under /api/auth (sign-up, sign-in, sign-out,
 * e-mail verification, password reset, session). The client address Better
 * Auth counts sign-in attempts by is the one our server determined; a
 * refused attempt answers the API's one error shape with a Dutch message.
 */
export function authHandler(auth: Auth, trustProxyHops: number) {
  return async (c: Context) => {
    const path = c.req.path.slice(c.req.path.indexOf('/auth/') + '/auth'.length);
    if (!isAllowed(c.req.method, path)) {
      return apiError(c, 404, API_ERROR_CODES.notFound, API_MESSAGES.NOT_FOUND);
    }
    const headers = new Headers(c.req.raw.headers);
    headers.set(AUTH_CLIENT_HEADER, clientKey(c, trustProxyHops));
    const init: RequestInit & { duplex?: 'half' } = { method: c.req.method, headers };
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      init.body = await c.req.raw.arrayBuffer();
    }
    const response = await auth.handler(new Request(c.req.raw.url, init));
    if (response.ok || !response.headers.get('content-type')?.includes('application/json')) {
      if (response.status !== 429) return response;
    }
    const payload = (await response.json().catch(() => null)) as { code?: unknown; message?: unknown } | null;
    const code = typeof payload?.code === 'string' ? payload.code : undefined;
    const limit = authLimitRefusal(response, payload);
    if (limit) {
      const error = limit.status === 503 ? API_ERROR_CODES.serviceUnavailable : API_ERROR_CODES.rateLimited;
      return apiError(c, limit.status, error, limit.message, {
        headers: { 'Retry-After': String(limit.retryAfter) },
      });
    }
    // Its other refusals: the same status, in our error shape with a Dutch message.
    const answerHeaders = new Headers(response.headers);
    answerHeaders.delete('content-length');
    return new Response(JSON.stringify(authErrorBody(response.status, code)), {
      status: response.status,
      headers: answerHeaders,
    });
  };
}
