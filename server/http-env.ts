import type { RequestState } from '#app/context.ts';
import type { UserView } from '#app/modules/accounts/index.ts';
import type { Scope } from '#app/platform/server/deps.ts';
import type { SharedJson } from './infra/shared-json.ts';

/** Variables every Hono handler can read with `c.var`: set once per request in server/create-app.ts. */
export interface HttpEnv {
  Variables: {
    requestId: string;
    /** Path and query as sent ('/a?b'), undecoded. */
    target: string;
    /** Services' view of this request: long-lived deps plus a per-request memo. */
    scope: Scope;
    /** Cookies and what follows from them, parsed once (app/platform/request-state.server.ts). */
    request: RequestState;
    /** The signed-in user's id, set by the `authenticated` middleware (server/api/authenticated.ts) on user routes. */
    userId: string;
    /** The signed-in user as GET /v1/users/me answers it, read with the session (same middleware). */
    user: UserView;
    /** JSON answers that are the same for many users, kept compressed (server/infra/shared-json.ts). */
    sharedJson: SharedJson;
  };
}
