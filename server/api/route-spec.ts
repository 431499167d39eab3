/**
 * An API module's routes as one table: each route says what differs (method, path, texts, what it takes,
 * its answer, the refusals it documents, its write limits) next to its handler, and `routeTable` builds the
 * `createRoute` config that zod-openapi validates and documents (GET /api/openapi.json) from it. The
 * handler is typed from the spec as `.openapi(createRoute(…), handler)` types it: `c.req.valid('param' |
 * 'query' | 'json' | 'form')` and `c.json(body, status)` for the statuses the route documents.
 *
 *   const route = routeTable({ tags: ['Vakken'], session: true, readErrors: [400, 401, 500] });
 *   const ROUTES = [route({ method: 'get', path: '/x/{id}', …, answer: { status: 200, … } }, async (c) => …)];
 *   export const xApi = () => apiRouter(ROUTES);
 */
import {
  createRoute,
  type OpenAPIRoute,
  type RouteConfig,
  type RouteConfigToTypedResponse,
  type RouteHandler,
  type z,
} from '@hono/zod-openapi';
import type { Next } from 'hono';
import type { ClientErrorStatusCode, ServerErrorStatusCode, SuccessStatusCode } from 'hono/utils/http-status';
import { apiErrorSchema } from '#app/platform/schemas/api-error.ts';
import type { HttpEnv } from '#server/http-env.ts';
import { errorResponses, READ_ERRORS, WRITE_ERRORS, type ErrorStatus } from './errors.ts';
import { writeLimits, type WriteLimits } from './limits.ts';
import { createApiRouter } from './router.ts';

/** A route's successful answer; without `schema` it has no body (204, a bare 200 or 202). */
export interface RouteAnswer {
  status: SuccessStatusCode;
  description: string;
  schema?: z.ZodType;
  headers?: Readonly<Record<string, { description: string; schema: { type: 'string' | 'integer' } }>>;
}

/** A schema of path parameters or query parameters (an object schema, perhaps piped). */
type ParametersSchema = NonNullable<NonNullable<RouteConfig['request']>['params']>;

/** What one route declares; the module's defaults (tags, session, error answers) come from its routeTable. */
export interface RouteSpec {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** OpenAPI style: '/users/me/cards/{id}/learn'. */
  path: string;
  summary: string;
  description: string;
  params?: ParametersSchema;
  query?: ParametersSchema;
  /** A required JSON body. */
  body?: z.ZodType;
  /** A required form-encoded body (a provider's webhook). */
  form?: z.ZodType;
  /** The answer, or several (a first time 201, a repeat 200). */
  answer: RouteAnswer | readonly RouteAnswer[];
  /** The refusals of the use case it documents, each status with its own description, in the one error shape. */
  refusals?: Readonly<Partial<Record<ClientErrorStatusCode | ServerErrorStatusCode, string>>>;
  /** The error answers with their common description (errors.ts); the table's read or write ones unless given. */
  errors?: readonly ErrorStatus[];
  /** The write's own limits (limits.ts), documented as `x-rate-limit` and read by the write guard. */
  limits?: Partial<WriteLimits>;
  /** Behind the session (documents `security: session`); the table's default unless given. */
  session?: boolean;
}

/** What every route of one module shares. */
export interface RouteTableDefaults {
  tags: readonly string[];
  session?: boolean;
  /** The error answers of a GET, unless the route names its own; READ_ERRORS (errors.ts) unless given. */
  readErrors?: readonly ErrorStatus[];
  /** The error answers of any other method, unless the route names its own; WRITE_ERRORS unless given. */
  writeErrors?: readonly ErrorStatus[];
}

/** A route ready to register: its config and its (type-checked) handler. */
export type ApiRoute = OpenAPIRoute<RouteConfig, HttpEnv>;

// The route config as createRoute would type it, for the handler's types (zod-openapi reads request and responses).
type JsonContent<S> = { content: { 'application/json': { schema: S } } };
type AnswersOf<S extends RouteSpec> = S['answer'] extends readonly (infer A)[] ? A : S['answer'];
type AnswerResponse<A> = A extends { schema: infer S }
  ? { description: string } & JsonContent<S>
  : { description: string };
type ErrorsOf<D extends RouteTableDefaults, S extends RouteSpec> = S extends { errors: readonly (infer E)[] }
  ? E
  : S['method'] extends 'get'
    ? D extends { readErrors: readonly (infer E)[] }
      ? E
      : (typeof READ_ERRORS)[number]
    : D extends { writeErrors: readonly (infer E)[] }
      ? E
      : (typeof WRITE_ERRORS)[number];
type NoPart = Record<never, never>;
type RequestOf<S extends RouteSpec> = (S extends { params: infer P extends ParametersSchema }
  ? { params: P }
  : NoPart) &
  (S extends { query: infer Q extends ParametersSchema } ? { query: Q } : NoPart) &
  (S extends { body: infer B } ? { body: { required: true } & JsonContent<B> } : NoPart) &
  (S extends { form: infer F }
    ? { body: { required: true; content: { 'application/x-www-form-urlencoded': { schema: F } } } }
    : NoPart);
type RouteOf<D extends RouteTableDefaults, S extends RouteSpec> = {
  method: S['method'];
  path: S['path'];
  request: RequestOf<S>;
  responses: { [A in AnswersOf<S> as A extends RouteAnswer ? A['status'] : never]: AnswerResponse<A> } & {
    [K in ErrorsOf<D, S> | keyof S['refusals']]: { description: string } & JsonContent<typeof apiErrorSchema>;
  };
};
type MaybePromise<T> = T | Promise<T>;
/**
 * The handler: typed by zod-openapi from the route (input, and the typed answer of each documented status),
 * except its test "a route with an answer without a body may answer any Response", made here on S: on the
 * route's object type TypeScript would take that test before S is inferred.
 */
type HandlerOf<D extends RouteTableDefaults, S extends RouteSpec> = (
  c: Parameters<RouteHandler<RouteOf<D, S>, HttpEnv>>[0],
  next: Next,
) =>
  | MaybePromise<RouteConfigToTypedResponse<RouteOf<D, S>>>
  | (AnswersOf<S> extends { schema: z.ZodType } ? never : MaybePromise<Response>);
/** A key a spec may not have (a misspelt `refusal`, say): an error rather than silently left out. */
type NoOtherKeys<S> = { [K in Exclude<keyof S, keyof RouteSpec>]: never };

const json = (schema: z.ZodType) => ({ 'application/json': { schema } });
const SESSION = [{ session: [] }];

/**
 * The `route(spec, handler)` of one module: builds each spec's createRoute config with the module's tags,
 * session and error answers. A refusal's own description replaces the common one of its status.
 */
export function routeTable<const D extends RouteTableDefaults>(defaults: D) {
  return function route<const S extends RouteSpec>(spec: S & NoOtherKeys<S>, handler: HandlerOf<D, S>): ApiRoute {
    const { method, path, summary, description, params, query, body, form, answer, refusals, errors, limits } = spec;
    const request = {
      ...(params ? { params } : {}),
      ...(query ? { query } : {}),
      ...(body ? { body: { required: true, content: json(body) } } : {}),
      ...(form ? { body: { required: true, content: { 'application/x-www-form-urlencoded': { schema: form } } } } : {}),
    };
    const responses: RouteConfig['responses'] = {};
    for (const { status, description: said, schema, headers } of [answer].flat()) {
      responses[status] = {
        description: said,
        ...(headers ? { headers } : {}),
        ...(schema ? { content: json(schema) } : {}),
      };
    }
    Object.assign(
      responses,
      errorResponses(
        ...(errors ??
          (method === 'get' ? (defaults.readErrors ?? READ_ERRORS) : (defaults.writeErrors ?? WRITE_ERRORS))),
      ),
    );
    for (const [status, said] of Object.entries(refusals ?? {})) {
      responses[status] = { description: said, content: json(apiErrorSchema) };
    }
    const config = createRoute({
      method,
      path,
      tags: [...defaults.tags],
      ...((spec.session ?? defaults.session) ? { security: SESSION } : {}),
      summary,
      description,
      ...(Object.keys(request).length > 0 ? { request } : {}),
      ...(limits ? writeLimits(limits) : {}),
      responses,
    });
    return { route: config, handler: handler as ApiRoute['handler'] };
  };
}

/** A router serving a module's table of routes, registered in its order. */
export function apiRouter(routes: readonly ApiRoute[]) {
  return createApiRouter().openapiRoutes(routes);
}
