import { describe, expect, it } from 'vitest';
import { createUserViews } from './user-views.ts';

/** A clock the test moves. */
function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, move: (ms: number) => (t += ms) };
}

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
    const views = createUserViews(30_000, { now: time.now });
    const c = counter();
    expect(await views.get('u1', 3, 'plan', c.load)).toEqual({ n: 1 });
    time.move(29_000);
    expect(await views.get('u1', 3, 'plan', c.load)).toEqual({ n: 1 });
    time.move(1_000);
    expect(await views.get('u1', 3, 'plan', c.load)).toEqual({ n: 2 });
  });

  it('computes anew for a newer version and drops the older one’s views; an older version is computed, not kept', async () => {
    const views = createUserViews(30_000);
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
    const views = createUserViews(30_000);
    expect(await views.get('u1', 1, 'plan', async () => 'one')).toBe('one');
    expect(await views.get('u2', 1, 'plan', async () => 'two')).toBe('two');
  });

  it('keeps at most maxUsers users and maxViews views each, the least recently asked for going first', async () => {
    const views = createUserViews(30_000, { maxUsers: 2, maxViews: 2 });
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
    const views = createUserViews(30_000, { now: time.now });
    await views.get('u1', 1, 'a', async () => 1);
    await views.get('u2', 1, 'a', async () => 2);
    time.move(31_000);
    await views.get('u3', 1, 'a', async () => 3);
    expect(views.size).toEqual({ users: 1, views: 1 });
  });

  it('keeps neither a failed load nor an answer that may not be kept', async () => {
    const views = createUserViews(30_000);
    await expect(views.get('u1', 1, 'a', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await views.get('u1', 1, 'a', async () => 'up')).toBe('up');
    const c = counter();
    const keep = (v: { n: number }) => v.n > 1;
    expect(await views.get('u1', 1, 'b', c.load, { keep })).toEqual({ n: 1 });
    expect(await views.get('u1', 1, 'b', c.load, { keep })).toEqual({ n: 2 });
    expect(await views.get('u1', 1, 'b', c.load, { keep })).toEqual({ n: 2 });
  });

  it('computes every time with no time to keep (USER_VIEW_SECONDS=0)', async () => {
    const views = createUserViews(0);
    const c = counter();
    await views.get('u1', 1, 'a', c.load);
    await views.get('u1', 1, 'a', c.load);
    expect(c.calls).toBe(2);
  });

  it('freezes what it keeps outside production, so a caller that changes a shared view fails', async () => {
    const views = createUserViews(30_000, { freeze: true });
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
