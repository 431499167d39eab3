import type { UserViews, ViewOptions } from '#app/platform/server/deps.ts';

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
  { now = Date.now, maxUsers = 500, maxViews = 24, freeze = false } = {},
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
    get<T>(
      userId: string,
      version: number,
      key: string,
      load: () => Promise<T>,
      options: ViewOptions<T> = {},
    ): Promise<T> {
      if (ttlMs <= 0) return load();
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
      if (hit && hit.expires > now()) return hit.value as Promise<T>;
      const { keep, frozen = true } = options;
      const value = freeze && frozen ? load().then(deepFreeze) : load();
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
