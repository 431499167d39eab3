import { api, type ApiClient } from '#app/platform/api-client.ts';
/**
 * The browser's one client of our JSON API (/api, spec §7): every component
 * calls the API through `api` (or a typed helper below such as postConsent).
 * It sends JSON with `Content-Type: application/json` and the same-origin
 * cookies, and turns every non-2xx answer into an ApiError carrying the API's
 * one error shape (status, Dutch message, field errors; app/platform/schemas/api-error.ts).
 *
 * Imports from app/schemas are types only: this module is part of the first
 * load and must not pull Zod into it.
 */
import type { CookieCategoryValue } from '#app/platform/cookies.ts';
import type { ConsentReceipt } from '../schemas/consent.ts';

const VISITOR_ID_KEY = 'slaagbundel:visitor-id';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The random id this browser keeps in localStorage for its consent records
 * (no personal data); created on first use. Without storage (private mode),
 * a fresh id per call.
 */
export function consentVisitorId(storage: Pick<Storage, 'getItem' | 'setItem'> | undefined = safeLocalStorage()) {
  try {
    const stored = storage?.getItem(VISITOR_ID_KEY);
    if (stored && UUID.test(stored)) return stored;
  } catch {
    // Storage can throw when it is disabled; fall through to a fresh id.
  }
  const id = window.crypto.randomUUID();
  try {
    storage?.setItem(VISITOR_ID_KEY, id);
  } catch {
    // Not stored: the next consent of this browser counts as a new visitor.
  }
  return id;
}

function safeLocalStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * The consent pixel (spec §4): records the cookie notice's choice for this
 * browser. keepalive, so that it survives a navigation right after accepting.
 * Resolves with the receipt; 201 and 200 (already recorded) both resolve.
 */
export function postConsent(
  category: CookieCategoryValue,
  visitorId: string = consentVisitorId(),
  client: ApiClient = api,
): Promise<ConsentReceipt> {
  return client.post<ConsentReceipt>('/v1/consent', { category, visitorId }, { keepalive: true });
}
