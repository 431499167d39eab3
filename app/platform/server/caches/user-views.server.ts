/**
 * Views of a user's data, kept while the data does not change (ADR 019; every cache layer: docs/caches.md).
 * Every table that holds a user's own data raises their data version when a change commits (a trigger,
 * migrations 0020, 0022 and 0024); the session read returns the version with the user. A view asked for with
 * the version it was computed at is answered from memory, for at most USER_VIEW_SECONDS (time and content
 * move without the version).
 *
 * Only a request that reads before it could change anything has the views (`s.userViews`: a GET or HEAD);
 * in any other, and in jobs, `userView` computes.
 *
 * The platform knows no table: the composition root gives the store the reader of a user's data version
 * (the accounts module's `readDataVersion`).
 */
import type { Db } from '#app/db/client.server.ts';
import type { Scope, UserViews } from '#app/platform/server/deps.ts';
import { sizeWhenSettled } from './bytes.ts';
import { started } from './started.ts';

/** The request memo's key of a user's data version (`s.once`): the session read fills it, `userView` reads it. */
export const dataVersionKey = (userId: string) => `accounts:data-version:${userId}`;

/**
 * `load`'s answer for this user, computed once per data version: `key` names the view and every input of it
 * besides the user's data (a subject id, the filters). What `load` answers is shared: never change it.
 */
export async function userView<T>(s: Scope, userId: string, key: string, load: () => Promise<T>): Promise<T> {
  const views = s.userViews;
  if (!views) return load();
  const version = await s.once(dataVersionKey(userId), () => views.readVersion(s.db, userId));
  return views.get(userId, version, key, load);
}

/**
 * Views of one user's data (a teacher's class dashboard, a staff member's role), kept in this server copy while
 * the user's data version stands (ADR 019). The version comes from the database with the session, so a change
 * made through any copy, a job or by hand is seen by the next request; `ttlMs` bounds what the version cannot
 * see: time and the content every user shares. At most `maxBytes` in all (each view's size estimated once when
 * it settles, ./bytes.ts), the least recently asked for user going first, and `maxViews` views a user; once per
 * `ttlMs`, views that expired are dropped, so what is kept is what was asked for in the last `ttlMs`.
 *
 * A view is shared by the requests that ask for it: nothing may change it. Outside production it is frozen
 * (its objects and arrays, deeply), so a change throws where the tests run.
 */
export function createUserViews(
  ttlMs: number,
  {
    readVersion,
    now = Date.now,
    maxBytes = 8 * 1024 * 1024,
    maxViews = 24,
    freeze = false,
  }: {
    /** A user's data version as the database has it now (the accounts module's `readDataVersion`). */
    readVersion: (db: Db, userId: string) => Promise<number>;
    now?: () => number;
    maxBytes?: number;
    maxViews?: number;
    freeze?: boolean;
  },
): UserViews & { readonly size: { users: number; views: number; bytes: number } } {
  interface View {
    expires: number;
    value: Promise<unknown>;
    bytes: number;
  }
  const users = new Map<string, { version: number; views: Map<string, View> }>();
  let total = 0;
  const dropView = (views: Map<string, View>, key: string) => {
    const view = views.get(key);
    if (!view) return;
    total -= view.bytes;
    views.delete(key);
  };
  const dropUser = (userId: string) => {
    const user = users.get(userId);
    if (!user) return;
    for (const view of user.views.values()) total -= view.bytes;
    // A load still under way finds its view gone, and adds nothing.
    user.views.clear();
    users.delete(userId);
  };
  let swept = now();
  const sweep = (at: number) => {
    swept = at;
    for (const [userId, user] of users) {
      for (const [key, view] of user.views) if (view.expires <= at) dropView(user.views, key);
      if (user.views.size === 0) users.delete(userId);
    }
  };
  /** The least recently asked for users go until what is kept fits (the newest user's views stay). */
  const fit = () => {
    for (const userId of users.keys()) {
      if (total <= maxBytes || users.size <= 1) break;
      dropUser(userId);
    }
  };
  return {
    readVersion,
    get<T>(userId: string, version: number, key: string, load: () => Promise<T>): Promise<T> {
      if (ttlMs <= 0) return load();
      if (now() - swept >= ttlMs) sweep(now());
      let user = users.get(userId);
      if (!user || user.version !== version) {
        // A newer version drops every view of the older one; an older one (a request that read the session
        // before a change) is answered without touching what newer requests keep.
        if (user && user.version > version) return load();
        dropUser(userId);
        user = { version, views: new Map() };
      }
      // The most recently asked for user goes last.
      users.delete(userId);
      users.set(userId, user);
      const hit = user.views.get(key);
      if (hit && hit.expires > now()) {
        // A load still under way is shared only if it ends in a view that is kept: one that fails was that
        // request's own, and this one loads.
        return (hit.value as Promise<T>).then((v) => v, load);
      }
      const value = freeze ? started(load).then(deepFreeze) : started(load);
      const views = user.views;
      dropView(views, key);
      if (views.size >= maxViews) dropView(views, views.keys().next().value!);
      const view: View = { expires: now() + ttlMs, value, bytes: 0 };
      views.set(key, view);
      sizeWhenSettled(value, key, {
        stillKept: () => views.get(key) === view,
        sized: (bytes) => {
          view.bytes = bytes;
          total += bytes;
          // A view larger than the whole budget is answered, not kept.
          if (bytes > maxBytes) dropView(views, key);
          else fit();
        },
        // A failed load is not kept.
        failed: () => views.delete(key),
      });
      return value;
    },
    clear() {
      users.clear();
      total = 0;
    },
    get size() {
      let views = 0;
      for (const user of users.values()) views += user.views.size;
      return { users: users.size, views, bytes: total };
    },
  };
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value) && !ArrayBuffer.isView(value)) {
    Object.freeze(value);
    if (value instanceof Map) {
      for (const [k, v] of value) {
        deepFreeze(k);
        deepFreeze(v);
      }
    } else if (value instanceof Set) for (const v of value) deepFreeze(v);
    else for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
