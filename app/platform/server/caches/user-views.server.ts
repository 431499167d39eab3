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
import { AREA_PATHS } from '#app/platform/area-paths.ts';
import type { Scope, UserViews, ViewOptions } from '#app/platform/server/deps.ts';
import { started } from './started.ts';

/** The request memo's key of a user's data version (`s.once`): the session read fills it, `userView` reads it. */
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
  const version = await s.once(dataVersionKey(userId), () => views.readVersion(s.db, userId));
  return views.get(userId, version, key, load, options);
}

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/**
 * A study page, or its data for a client navigation (`….data`), which the server may keep while the user's
 * data stands (ADR 019; server/create-app.ts): under the area but not the login, the onboarding or the
 * account pages (orders and payments change outside the user's data version), nor the secure hand-over, nor
 * the classes and a parent's children (they show other users' data, which moves with those users' versions).
 */
export function keepsStudyPage(path: string): boolean {
  const page = path.endsWith('.data') ? path.slice(0, -'.data'.length) : path;
  const p = page.length > 1 ? page.replace(/\/+$/, '') : page;
  return (
    under(p, AREA_PATHS.home) &&
    !under(p, AREA_PATHS.login) &&
    !under(p, AREA_PATHS.onboarding) &&
    !under(p, AREA_PATHS.account) &&
    !under(p, AREA_PATHS.classes) &&
    !under(p, AREA_PATHS.children) &&
    !p.includes('/secure')
  );
}

/** The three kinds of answer the user views keep (docs/caches.md), each of which can be turned off on its own. */
export type UserViewLayer = 'views' | 'pages' | 'json';

const layerOf = (key: string): UserViewLayer =>
  key.startsWith('page:') ? 'pages' : key.startsWith('json:') ? 'json' : 'views';

/**
 * Views of one user's data (their plan today, what next, a subject's cards with their marks), kept in this
 * server copy while the user's data version stands (ADR 019). The version comes from the database with the
 * session, so a change made through any copy, a job or by hand is seen by the next request; `ttlMs` bounds
 * what the version cannot see: time (recall falls, a card falls due, a subject's exam begins) and content,
 * which every pupil shares. At most `maxUsers` users, the least recently asked for going first, and
 * `maxViews` views a user (a pupil clicking through filters makes a view of each); once per `ttlMs`, views
 * that expired are dropped, so what is kept is what pupils asked for in the last `ttlMs`.
 *
 * A view is shared by the requests that ask for it: nothing may change it. Outside production it is frozen
 * (its objects and arrays, deeply), so a change throws where the tests run.
 */
export function createUserViews(
  ttlMs: number,
  {
    readVersion,
    now = Date.now,
    maxUsers = 500,
    maxViews = 24,
    freeze = false,
    layersOff = [],
  }: {
    /** A user's data version as the database has it now (the accounts module's `readDataVersion`). */
    readVersion: (db: Db, userId: string) => Promise<number>;
    now?: () => number;
    maxUsers?: number;
    maxViews?: number;
    freeze?: boolean;
    /**
     * The kinds of kept answer this store computes instead (`CACHES_OFF`, for the season bench's layers on and
     * off, docs/caches.md): `pages` (a study page, key `page:…`), `json` (an API answer's bytes, `json:…`),
     * `views` (every other view).
     */
    layersOff?: readonly UserViewLayer[];
  },
): UserViews & { readonly size: { users: number; views: number } } {
  const users = new Map<
    string,
    { version: number; views: Map<string, { expires: number; value: Promise<unknown> }> }
  >();
  let swept = now();
  const sweep = (at: number) => {
    swept = at;
    for (const [userId, user] of users) {
      for (const [key, view] of user.views) if (view.expires <= at) user.views.delete(key);
      if (user.views.size === 0) users.delete(userId);
    }
  };
  return {
    readVersion,
    get<T>(
      userId: string,
      version: number,
      key: string,
      load: () => Promise<T>,
      options: ViewOptions<T> = {},
    ): Promise<T> {
      if (ttlMs <= 0 || (layersOff.length > 0 && layersOff.includes(layerOf(key)))) return load();
      if (now() - swept >= ttlMs) sweep(now());
      let user = users.get(userId);
      if (user) users.delete(userId);
      if (!user || user.version !== version) {
        // A newer version drops every view of the older one; an older one (a request that read the session
        // before a change) is answered without touching what newer requests keep.
        if (user && user.version > version) {
          users.set(userId, user);
          return load();
        }
        user = { version, views: new Map() };
      }
      users.set(userId, user);
      if (users.size > maxUsers) users.delete(users.keys().next().value!);
      const hit = user.views.get(key);
      const { keep, frozen = true } = options;
      if (hit && hit.expires > now()) {
        // A load still under way is shared only if it ends in a view that is kept: one that fails or may not be
        // kept (the page of a request its user left, aborted half-way) was that request's own, and this one loads.
        return (hit.value as Promise<T>).then((v) => (!keep || keep(v) ? v : load()), load);
      }
      const value = freeze && frozen ? started(load).then(deepFreeze) : started(load);
      const views = user.views;
      views.delete(key);
      if (views.size >= maxViews) views.delete(views.keys().next().value!);
      views.set(key, { expires: now() + ttlMs, value });
      const forget = () => {
        if (views.get(key)?.value === value) views.delete(key);
      };
      // A failed load is not kept, nor one that says it may not be.
      value.then((v) => keep && !keep(v) && forget(), forget);
      return value;
    },
    clear() {
      users.clear();
    },
    get size() {
      let views = 0;
      for (const user of users.values()) views += user.views.size;
      return { users: users.size, views };
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
