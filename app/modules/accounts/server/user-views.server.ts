/**
 * Views of a user's data, kept while the data does not change (ADR 019). Every table that holds a user's
 * own data raises their data version when a change commits (a trigger, migration 0020); the session read
 * returns the version with the user. A view asked for with the version it was computed at is answered
 * from memory, for at most USER_VIEW_SECONDS (time and content move without the version).
 *
 * Only a request that reads before it could change anything has the views (`s.userViews`: a GET or HEAD);
 * in any other, and in jobs, `userView` computes.
 */
import type { Scope, ViewOptions } from '#app/platform/server/deps.ts';
import { readDataVersion } from '#app/modules/accounts/db/sessions.server.ts';

export const dataVersionKey = (userId: string) => `accounts:data-version:${userId}`;

/**
 * `load`'s answer for this user, computed once per data version: `key` names the view and every input of it
 * besides the user's data (a subject id, the filters). What `load` answers is shared: never change it.
 */
export async function userView<T>(
  s: Scope,
  userId: string,
  key: string,
  load: () => Promise<T>,
  options?: ViewOptions<T>,
): Promise<T> {
  const views = s.userViews;
  if (!views) return load();
  const version = await s.once(dataVersionKey(userId), () => readDataVersion(s.db, userId));
  return views.get(userId, version, key, load, options);
}
