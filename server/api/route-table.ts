import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context, Env } from 'hono';
import { routePath } from 'hono/route';
import { TrieRouter } from 'hono/router/trie-router';
import { limitsOfRoute, type WriteLimits } from './limits.ts';

export interface RouteTable {
  /** The limits of the route a write reaches; undefined for a path no route serves with that method. */
  limitsFor(method: string, path: string): WriteLimits | undefined;
  /** Methods some route serves at `path` (HEAD with GET); empty for an unknown path. */
  allowedMethods(path: string): string[];
}

/** '/v1/users/{id}' (OpenAPI) → '/v1/users/:id' (Hono), as OpenAPIHono registers it. */
const honoPath = (openApiPath: string) => openApiPath.replaceAll(/\/{(.+?)}/g, '/:$1');

/**
 * What the registered routes of an API app serve, matched with Hono's own
 * router so that it agrees with routing: the write guard reads a route's
 * limits from it, and the fallback derives 404 vs 405 and `Allow` from it.
 * Built from the app's routes on first use (all routes are registered by then).
 */
export function createRouteTable<E extends Env>(
  api: OpenAPIHono<E>,
  /** Limits of routes no OpenAPI definition describes, by `METHOD /hono/path` (the accounts library's '/auth/*'). */
  otherLimits: Readonly<Record<string, WriteLimits>> = {},
): RouteTable {
  let built: { router: TrieRouter<string>; methods: string[]; limits: Map<string, WriteLimits> } | undefined;

  function build() {
    const router = new TrieRouter<string>();
    const seen = new Set<string>();
    for (const { method, path } of api.routes) {
      if (method === 'ALL' || seen.has(`${method} ${path}`)) continue;
      seen.add(`${method} ${path}`);
      router.add(method, path, path);
    }
    const limits = new Map<string, WriteLimits>();
    for (const definition of api.openAPIRegistry.definitions) {
      if (definition.type !== 'route') continue;
      const { method, path } = definition.route;
      limits.set(
        `${method.toUpperCase()} ${honoPath(path)}`,
        limitsOfRoute(definition.route as Record<string, unknown>),
      );
    }
    const methods = [...new Set([...seen].map((key) => key.split(' ', 1)[0]!))];
    return { router, methods, limits };
  }

  const matchPath = (method: string, path: string): string | undefined => {
    built ??= build();
    const [matches] = built.router.match(method, path);
    return matches[0]?.[0];
  };

  return {
    limitsFor(method, path) {
      const route = matchPath(method, path);
      if (route === undefined) return undefined;
      return built!.limits.get(`${method} ${route}`) ?? otherLimits[`${method} ${route}`] ?? limitsOfRoute({});
    },
    allowedMethods(path) {
      built ??= build();
      const allowed = built.methods.filter((method) => matchPath(method, path) !== undefined);
      if (allowed.includes('GET') && !allowed.includes('HEAD')) allowed.push('HEAD');
      return allowed;
    },
  };
}

/**
 * The request's path relative to where the API is mounted ('/api/v1/x' →
 * '/v1/x'), from the pattern of the running middleware ('/api/*').
 */
export function pathInApi(c: Context): string {
  const pattern = routePath(c);
  const base = pattern.endsWith('/*') ? pattern.slice(0, -2) : '';
  return c.req.path.slice(base.length) || '/';
}
