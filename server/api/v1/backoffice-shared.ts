/**
 * What every back-office API file (issue 32, ADR 026) shares: the route table (tag Backoffice, behind the
 * session; the guard's 401/403/404), the roles text of an operation from BACKOFFICE_ACCESS, the guard
 * (`staffAccess` first on every call), a refusal in the one error shape by a module's status table, and the
 * headers of a CSV download.
 */
import type { Context } from 'hono';
import type { HttpEnv } from '#server/http-env.ts';
import { API_ERROR_CODES, apiErrorBody, refusalCode, type RefusalStatus } from '#app/platform/schemas/api-error.ts';
import { BACKOFFICE_ACCESS, BACKOFFICE_MESSAGES, type BackofficeOperation } from '#app/modules/backoffice/index.ts';
import { staffAccess } from '#app/modules/backoffice/index.server.ts';
import { WRITE_ERRORS } from '../errors.ts';
import { routeTable } from '../route-spec.ts';

const GUARD_ERRORS = [401, 403, 404] as const;
export const backofficeRoute = routeTable({
  tags: ['Backoffice'],
  session: true,
  readErrors: [400, 500, 503, ...GUARD_ERRORS],
  writeErrors: [...WRITE_ERRORS, ...GUARD_ERRORS],
});

const GUARD_TEXT =
  'Not signed in, or a staff session older than 12 hours: 401. A signed-in user who is no active staff member: ' +
  `404. Staff without two-factor sign-in, or whose session has not passed it: 403 ("${BACKOFFICE_MESSAGES.TWO_FACTOR_REQUIRED}"); ` +
  'a role that may not: 403.';

/** The roles that may use an operation, and what the guard answers the others (for an endpoint's description). */
export const rolesOf = (operation: BackofficeOperation) =>
  `Roles: ${BACKOFFICE_ACCESS[operation].join(', ')} (BACKOFFICE_ACCESS.${operation}). ${GUARD_TEXT}`;

/** The guard of one operation: the staff member who may, or the refusal to answer. */
export const guard = (c: Context<HttpEnv>, operation: BackofficeOperation) =>
  staffAccess(c.var.scope, c.req.raw.headers, operation);

/** A refusal answered with its status from `table` (a module's `*_REFUSAL_STATUS`), in the one error shape. */
export function refusedBy<S extends Record<string, RefusalStatus | 401 | 429 | 503>>(table: S) {
  return <R extends keyof S & string>(
    c: Context<HttpEnv>,
    refusal: { reason: R; message: string; field?: string | undefined },
  ) => {
    const status = table[refusal.reason] as S[R];
    const body = apiErrorBody(
      status,
      status === 401
        ? API_ERROR_CODES.unauthorized
        : status === 429
          ? API_ERROR_CODES.rateLimited
          : status === 503
            ? API_ERROR_CODES.serviceUnavailable
            : refusalCode(status),
      refusal.message,
      refusal.field ? { [refusal.field]: [refusal.message] } : undefined,
    );
    return c.json(body, status);
  };
}

/** A CSV download: never cached, saved under `name`. */
export const CSV_HEADERS = (name: string) => ({
  'Content-Type': 'text/csv; charset=utf-8',
  'Content-Disposition': `attachment; filename="${name}"`,
  'Cache-Control': 'private, no-store',
});
