import { describe, expect, it } from 'vitest';
import { createScope, type Deps } from '#app/platform/server/deps.ts';
import { createUserViews, dataVersionKey, userView } from './user-views.server.ts';

/** A clock the test moves. */
function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, move: (ms: number) => (t += ms) };
}

/** The store's reader of a user's data version: these tests give the version themselves. */
const readVersion = () => Promise.reject(new Error('no version read expected'));

const counter = () => {
  let calls = 0;
  return {
    load: async () => ({ n: ++calls }),
    get calls() {
      return calls;
    },
  };
};

describe('createUserViews (ADR 019)', () => {
  it('answers a view again while the version stands and the time has not run out', async () => {
    const time = clock();
    const views = createUserViews(30_000, { readVersion, now: time.now });
    const c = counter();
    expect(await views.get('u1', 3, 'plan', c.load)).toEqual({ n: 1 });
    time.move(29_000);
    expect(await views.get('u1', 3, 'plan', c.load)).toEqual({ n: 1 });
    time.move(1_000);
    expect(await views.get('u1', 3, 'plan', c.load)).toEqual({ n: 2 });
  });

  it('computes anew for a newer version and drops the older one’s views; an older version is computed, not kept', async () => {
    const views = createUserViews(30_000, { readVersion });
    const c = counter();
    await views.get('u1', 3, 'plan', c.load);
    await views.get('u1', 3, 'cards', c.load);
    expect(await views.get('u1', 4, 'plan', c.load)).toEqual({ n: 3 });
    expect(views.size).toMatchObject({ users: 1, views: 1 });
    // A request that read the session before the change: its own answer, nothing kept for it.
    expect(await views.get('u1', 3, 'plan', c.load)).toEqual({ n: 4 });
    expect(await views.get('u1', 4, 'plan', c.load)).toEqual({ n: 3 });
  });

  it('never answers one user with another’s view', async () => {
    const views = createUserViews(30_000, { readVersion });
    expect(await views.get('u1', 1, 'plan', async () => 'one')).toBe('one');
    expect(await views.get('u2', 1, 'plan', async () => 'two')).toBe('two');
  });

  it('keeps at most maxBytes, the least recently asked for user going first, and maxViews views a user', async () => {
    // Each view about 1.1 kB: room for two.
    const views = createUserViews(30_000, { readVersion, maxBytes: 2500 });
    let n = 0;
    const load = async () => ({ n: ++n, text: 'x'.repeat(1000) });
    await views.get('u1', 1, 'a', load);
    await views.get('u2', 1, 'a', load);
    await views.get('u1', 1, 'a', load); // u1 asked again: u2 is now the oldest
    await views.get('u3', 1, 'a', load);
    expect(views.size.users).toBe(2);
    expect(views.size.bytes).toBeGreaterThan(2000);
    expect(views.size.bytes).toBeLessThanOrEqual(2500);
    expect((await views.get('u1', 1, 'a', load)).n).toBe(1);
    expect((await views.get('u2', 1, 'a', load)).n).toBe(4);

    const few = createUserViews(30_000, { readVersion, maxViews: 2 });
    const c = counter();
    for (const key of ['a', 'b', 'c']) await few.get('u1', 1, key, c.load);
    expect(few.size.views).toBe(2);
    expect(await few.get('u1', 1, 'a', c.load)).toEqual({ n: 4 });
  });

  it('counts no bytes of a user it dropped while their view was still loading', async () => {
    const views = createUserViews(30_000, { readVersion });
    let release!: (v: string) => void;
    const pending = views.get('u1', 1, 'a', () => new Promise<string>((resolve) => (release = resolve)));
    // A change to u1's data: the older version's views go, the one loading with them.
    await views.get('u1', 2, 'a', async () => 'new');
    const kept = views.size.bytes;
    release('x'.repeat(5000));
    await pending;
    expect(views.size.bytes).toBe(kept);
  });

  it('drops expired views of every user once per period', async () => {
    const time = clock();
    const views = createUserViews(30_000, { readVersion, now: time.now });
    await views.get('u1', 1, 'a', async () => 1);
    await views.get('u2', 1, 'a', async () => 2);
    time.move(31_000);
    await views.get('u3', 1, 'a', async () => 3);
    expect(views.size).toMatchObject({ users: 1, views: 1 });
  });

  it('keeps no failed load, and a request waiting on one that fails loads for itself', async () => {
    const views = createUserViews(30_000, { readVersion });
    await expect(views.get('u1', 1, 'a', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await views.get('u1', 1, 'a', async () => 'up')).toBe('up');

    let fail!: (e: Error) => void;
    const failing = views.get('u1', 1, 'plan', () => new Promise<string>((_, reject) => (fail = reject)));
    const waiting = views.get('u1', 1, 'plan', async () => 'plan');
    fail(new Error('down'));
    await expect(failing).rejects.toThrow('down');
    expect(await waiting).toBe('plan');
  });

  it('computes every time with no time to keep (USER_VIEW_SECONDS=0)', async () => {
    const views = createUserViews(0, { readVersion });
    const c = counter();
    await views.get('u1', 1, 'a', c.load);
    await views.get('u1', 1, 'a', c.load);
    expect(c.calls).toBe(2);
  });

  it('freezes what it keeps outside production, so a caller that changes a shared view fails', async () => {
    const views = createUserViews(30_000, { readVersion, freeze: true });
    const kept = await views.get('u1', 1, 'a', async () => ({ cards: [{ id: 1 }], byId: new Map([[1, { id: 1 }]]) }));
    expect(() => kept.cards.push({ id: 2 })).toThrow(TypeError);
    expect(() => {
      kept.byId.get(1)!.id = 2;
    }).toThrow(TypeError);
  });
});

describe('userView (ADR 019)', () => {
  /** A store whose reader answers the version the test sets, counting its reads. */
  function versioned() {
    const db = { name: 'the database' };
    const state = { version: 1, reads: [] as string[] };
    const views = createUserViews(30_000, {
      readVersion: async (from, userId) => {
        expect(from).toBe(db);
        state.reads.push(userId);
        return state.version;
      },
    });
    const deps = { db, userViews: views } as unknown as Deps;
    /** A GET's scope (with the views) or another request's (without). */
    const request = (withViews = true) => createScope(deps, { userViews: withViews });
    return { state, request };
  }

  it('answers from the view of the data version, read once per request', async () => {
    const { state, request } = versioned();
    const c = counter();
    const first = request();
    expect(await userView(first, 'u1', 'plan', c.load)).toEqual({ n: 1 });
    expect(await userView(first, 'u1', 'cards', c.load)).toEqual({ n: 2 });
    expect(state.reads).toEqual(['u1']);
    // The next request reads the version again: unchanged, the kept view.
    expect(await userView(request(), 'u1', 'plan', c.load)).toEqual({ n: 1 });
    expect(state.reads).toEqual(['u1', 'u1']);
    // Their data changed: computed anew.
    state.version = 2;
    expect(await userView(request(), 'u1', 'plan', c.load)).toEqual({ n: 3 });
  });

  it('takes the version the session read gave, without reading it', async () => {
    const { state, request } = versioned();
    const c = counter();
    await userView(request(), 'u1', 'plan', c.load);
    const signedIn = request();
    void signedIn.once(dataVersionKey('u1'), () => Promise.resolve(7));
    expect(await userView(signedIn, 'u1', 'plan', c.load)).toEqual({ n: 2 });
    expect(state.reads).toEqual(['u1']);
  });

  it('computes every time in a request without the views (a write, a job), reading no version', async () => {
    const { state, request } = versioned();
    const c = counter();
    await userView(request(false), 'u1', 'plan', c.load);
    await userView(request(false), 'u1', 'plan', c.load);
    expect(c.calls).toBe(2);
    expect(state.reads).toEqual([]);
  });
});
