import { describe, expect, it } from 'vitest';
import { createScope, type Deps } from '#app/platform/server/deps.ts';
import { createUserViews, dataVersionKey, keepsStudyPage, userView } from './user-views.server.ts';

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
  it('computes the kinds of answer turned off (CACHES_OFF) and keeps the others', async () => {
    const views = createUserViews(30_000, { readVersion, layersOff: ['pages'] });
    const page = counter();
    const plan = counter();
    const bytes = counter();
    for (let i = 0; i < 2; i++) {
      await views.get('u1', 3, 'page:/mijnslaagbundel', page.load);
      await views.get('u1', 3, 'plan', plan.load);
      await views.get('u1', 3, 'json:/api/v1/subject/1/cards|br', bytes.load);
    }
    expect([page.calls, plan.calls, bytes.calls]).toEqual([2, 1, 1]);
    const none = createUserViews(30_000, { readVersion, layersOff: ['views', 'json'] });
    const again = counter();
    const json = counter();
    const kept = counter();
    for (let i = 0; i < 2; i++) {
      await none.get('u1', 3, 'plan', again.load);
      await none.get('u1', 3, 'json:/x', json.load);
      await none.get('u1', 3, 'page:/x', kept.load);
    }
    expect([again.calls, json.calls, kept.calls]).toEqual([2, 2, 1]);
  });

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
    expect(views.size).toEqual({ users: 1, views: 1 });
    // A request that read the session before the change: its own answer, nothing kept for it.
    expect(await views.get('u1', 3, 'plan', c.load)).toEqual({ n: 4 });
    expect(await views.get('u1', 4, 'plan', c.load)).toEqual({ n: 3 });
  });

  it('never answers one user with another’s view', async () => {
    const views = createUserViews(30_000, { readVersion });
    expect(await views.get('u1', 1, 'plan', async () => 'one')).toBe('one');
    expect(await views.get('u2', 1, 'plan', async () => 'two')).toBe('two');
  });

  it('keeps at most maxUsers users and maxViews views each, the least recently asked for going first', async () => {
    const views = createUserViews(30_000, { readVersion, maxUsers: 2, maxViews: 2 });
    const c = counter();
    await views.get('u1', 1, 'a', c.load);
    await views.get('u2', 1, 'a', c.load);
    await views.get('u1', 1, 'a', c.load); // u1 asked again: u2 is now the oldest
    await views.get('u3', 1, 'a', c.load);
    expect(views.size.users).toBe(2);
    expect(await views.get('u1', 1, 'a', c.load)).toEqual({ n: 1 });
    expect(await views.get('u2', 1, 'a', c.load)).toEqual({ n: 4 });
    await views.get('u2', 1, 'b', c.load);
    await views.get('u2', 1, 'c', c.load);
    expect(views.size.views).toBe(3);
    expect(await views.get('u2', 1, 'a', c.load)).toEqual({ n: 7 });
  });

  it('drops expired views of every user once per period', async () => {
    const time = clock();
    const views = createUserViews(30_000, { readVersion, now: time.now });
    await views.get('u1', 1, 'a', async () => 1);
    await views.get('u2', 1, 'a', async () => 2);
    time.move(31_000);
    await views.get('u3', 1, 'a', async () => 3);
    expect(views.size).toEqual({ users: 1, views: 1 });
  });

  it('keeps neither a failed load nor an answer that may not be kept', async () => {
    const views = createUserViews(30_000, { readVersion });
    await expect(views.get('u1', 1, 'a', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await views.get('u1', 1, 'a', async () => 'up')).toBe('up');
    const c = counter();
    const keep = (v: { n: number }) => v.n > 1;
    expect(await views.get('u1', 1, 'b', c.load, { keep })).toEqual({ n: 1 });
    expect(await views.get('u1', 1, 'b', c.load, { keep })).toEqual({ n: 2 });
    expect(await views.get('u1', 1, 'b', c.load, { keep })).toEqual({ n: 2 });
  });

  it('shares a load under way only when it ends in a view that is kept; otherwise the waiting request loads', async () => {
    const views = createUserViews(30_000, { readVersion });
    const keep = (v: string) => v !== 'aborted';
    let release!: (v: string) => void;
    const left = views.get('u1', 1, 'page', () => new Promise<string>((resolve) => (release = resolve)), { keep });
    const again = views.get('u1', 1, 'page', async () => 'page', { keep });
    // The first request's user clicked again: its render was aborted and ends as its own error page.
    release('aborted');
    expect(await left).toBe('aborted');
    expect(await again).toBe('page');

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
    const page = await views.get('u1', 1, 'page', async () => ({ encoded: {} as Record<string, Buffer> }), {
      frozen: false,
    });
    page.encoded.br = Buffer.from('x');
    expect(page.encoded.br).toBeDefined();
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

describe('keepsStudyPage (ADR 019)', () => {
  it.each([
    '/mijnslaagbundel',
    '/mijnslaagbundel/',
    '/mijnslaagbundel.data',
    '/mijnslaagbundel/planning',
    '/mijnslaagbundel/cijfers',
    '/mijnslaagbundel/wiskunde-b/leren.data',
    '/mijnslaagbundel/article/12/examentips',
  ])('keeps the study page %s', (path) => {
    expect(keepsStudyPage(path)).toBe(true);
  });

  it.each([
    '/',
    '/winkelwagen',
    '/mijnslaagbundelx',
    '/mijnslaagbundel/login',
    '/mijnslaagbundel/login/registreren.data',
    '/mijnslaagbundel/onboarding/stap-1',
    '/mijnslaagbundel/onboarding.data',
    '/mijnslaagbundel/account',
    '/mijnslaagbundel/account/bestellingen/',
    '/mijnslaagbundel/account/bestellingen.data',
    '/mijnslaagbundel/secure/wiskunde-b',
    '/mijnslaagbundel/klassen',
    '/mijnslaagbundel/klassen/12.data',
    '/mijnslaagbundel/klassen/12/export.csv',
    '/mijnslaagbundel/kinderen.data',
  ])('renders %s every time', (path) => {
    expect(keepsStudyPage(path)).toBe(false);
  });
});
