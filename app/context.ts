import { createContext, data, type RouterContextProvider } from 'react-router';
import type { Level } from '#app/platform/levels.ts';
import type { Scope } from '#app/platform/server/deps.ts';
import type { AreaVisitor } from '#app/modules/study/index.ts';
import type { UserView } from '#app/modules/accounts/index.ts';

/**
 * What the server knows about one request, read once (server/create-app.ts)
 * and shared by middleware, loaders and the page cache. Only cookies declared
 * in app/platform/cookies.ts are visible here, so the page cache key (the
 * declared cookies that change rendering) is complete by construction.
 */
export interface RequestState {
  requestId: string;
  /** The declared render-affecting cookies, normalised: the cookie part of the page-cache key. */
  renderKey: string;
  /** The level chosen on the home page (colour theme, products shown), if valid. */
  level: Level | null;
  /** The sales banner was dismissed (sale_notice_cookie). */
  saleNoticeDismissed: boolean;
  /** Consent categories of gdpr_cookie ('1', '2', '3'), or null without valid consent. */
  consent: string[] | null;
  /** The address could not be decoded (bad percent-encoding): pages answer 400. */
  malformedPath: boolean;
  /**
   * The server refused this request before any loader or action ran (a
   * malformed address, a form post from another site, too large, no form,
   * or too often): the root loader answers this status with this Dutch message.
   */
  refusal?: { status: 400 | 403 | 413 | 415 | 429; message: string } | undefined;
  /** Declared language cookies the browser lacks or has wrong, as Set-Cookie values. */
  missingLanguageCookies: string[];
  /**
   * The client's address as the server determined it (server/api/client-key.ts, honouring TRUST_PROXY):
   * page actions that sign in count attempts per client with it.
   */
  clientAddress?: string;
}

/** The services' view of this request: long-lived deps plus a per-request memo. */
export const scopeContext = createContext<Scope>();
export const requestContext = createContext<RequestState>();

/** The signed-in user of the logged-in area, set by its guard (app/routes/area/layout.tsx); null on the login pages. */
export const areaContext = createContext<AreaVisitor | null>(null);

/** Said by a loader or action of the area that was reached without a signed-in user. */
const SIGN_IN_FIRST = 'Log in om verder te gaan.';

/**
 * The one guard of every loader and action of the logged-in area: the signed-in user that the area's
 * middleware (app/routes/area/layout.tsx) put in the context. The middleware already sends a visitor to the
 * login page, so a page reached without a user is refused with 401 rather than rendered for nobody.
 */
export function requireAreaUser(context: Readonly<Pick<RouterContextProvider, 'get'>>): UserView {
  const area = context.get(areaContext);
  if (!area) throw data(SIGN_IN_FIRST, { status: 401 });
  return area.user;
}

/** Answers a page's refusal (a module's refusal table gives its status and Dutch message) as the error page. */
export function refusePage({ status, message }: { status: number; message: string }): never {
  throw data(message, { status });
}
