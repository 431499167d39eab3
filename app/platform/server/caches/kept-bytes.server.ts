/**
 * The kept bytes (docs/caches.md): answers kept serialised and compressed, so that the same question is
 * answered with the same bytes instead of being serialised and compressed again.
 *
 * - An API answer made of a signed-in user's views (`keptJsonBytes`, sent by server/api/kept-json.ts): its
 *   JSON in the encoding the client takes, kept as one of the user's views (user-views.server.ts): per
 *   question (path, query and Accept-Encoding), while the user's data version stands, at most
 *   USER_VIEW_SECONDS, and only in a GET or HEAD.
 * - A prepared page's compressed forms (`encodedOnce`, for server/infra/prepared-page.ts): each encoding
 *   made on first need and kept on the page, as long as the page itself is kept (the page cache, or a kept
 *   study page).
 *
 * How to compress is the server's (server/infra/compression.ts): the caller passes it in.
 */
import type { Scope } from '#app/platform/server/deps.ts';
import { userView } from './user-views.server.ts';

/** A serialised answer in the encoding chosen for it (null: as it is). */
export interface EncodedBytes<E extends string> {
  body: Uint8Array;
  encoding: E | null;
}

/**
 * `value` (a 200 JSON answer made of the user's views) serialised and encoded once per data version of the
 * user: `question` names everything the bytes depend on besides the user's data (the request's path and
 * query, and what the client accepts). `value` must be what the handler answers to that question; outside a
 * GET (no views) it is serialised and encoded every time.
 */
export function keptJsonBytes<E extends string>(
  s: Scope,
  userId: string,
  question: string,
  value: unknown,
  encode: (json: Uint8Array) => EncodedBytes<E>,
): Promise<EncodedBytes<E>> {
  return userView(s, userId, `json:${question}`, async () => encode(new TextEncoder().encode(JSON.stringify(value))));
}

/** A body kept with the encoded forms made of it so far. */
export interface EncodedForms<E extends string, B extends Uint8Array> {
  body: B;
  encoded: Partial<Record<E, B>>;
}

/** The body in an encoding: made on first need by `encode`, then kept with the body. */
export function encodedOnce<E extends string, B extends Uint8Array>(
  kept: EncodedForms<E, B>,
  encoding: E,
  encode: (body: B) => B,
): B {
  const known = kept.encoded[encoding];
  if (known) return known;
  const encoded = encode(kept.body);
  kept.encoded[encoding] = encoded;
  return encoded;
}
