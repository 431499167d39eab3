import { describe, expect, it } from 'vitest';
import { createScope, type Deps } from '#app/platform/server/deps.ts';
import { encodedOnce, keptJsonBytes } from './kept-bytes.server.ts';
import { createUserViews } from './user-views.server.ts';

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('keptJsonBytes', () => {
  function requests() {
    const state = { version: 1 };
    const views = createUserViews(30_000, { readVersion: async () => state.version });
    const deps = { db: {}, userViews: views } as unknown as Deps;
    return { state, request: (withViews = true) => createScope(deps, { userViews: withViews }) };
  }
  const encoder = () => {
    const made: string[] = [];
    return {
      made,
      encode: (json: Uint8Array) => {
        made.push(text(json));
        return { body: json, encoding: null };
      },
    };
  };

  it('serialises and encodes an answer once per question and data version', async () => {
    const { state, request } = requests();
    const e = encoder();
    const first = await keptJsonBytes(request(), 'u1', '/cards|br', { cards: [1] }, e.encode);
    expect(text(first.body)).toBe('{"cards":[1]}');
    // The same question with nothing of theirs changed: the same bytes, not made again.
    expect(await keptJsonBytes(request(), 'u1', '/cards|br', { cards: [1] }, e.encode)).toBe(first);
    // Another encoding accepted, another user, a change to the user's data: made anew.
    await keptJsonBytes(request(), 'u1', '/cards|gzip', { cards: [1] }, e.encode);
    await keptJsonBytes(request(), 'u2', '/cards|br', { cards: [2] }, e.encode);
    state.version = 2;
    await keptJsonBytes(request(), 'u1', '/cards|br', { cards: [1, 3] }, e.encode);
    expect(e.made).toEqual(['{"cards":[1]}', '{"cards":[1]}', '{"cards":[2]}', '{"cards":[1,3]}']);
  });

  it('keeps nothing outside a GET', async () => {
    const { request } = requests();
    const e = encoder();
    await keptJsonBytes(request(false), 'u1', '/cards|br', { cards: [1] }, e.encode);
    await keptJsonBytes(request(false), 'u1', '/cards|br', { cards: [1] }, e.encode);
    expect(e.made).toHaveLength(2);
  });
});

describe('encodedOnce', () => {
  it('makes each encoding of a kept body once', () => {
    const page = { body: new Uint8Array([1, 2, 3]), encoded: {} as Partial<Record<'br' | 'gzip', Uint8Array>> };
    let made = 0;
    const encode = (body: Uint8Array) => {
      made++;
      return body.map((b) => b * 2);
    };
    const br = encodedOnce(page, 'br', encode);
    expect([...br]).toEqual([2, 4, 6]);
    expect(encodedOnce(page, 'br', encode)).toBe(br);
    encodedOnce(page, 'gzip', encode);
    expect(made).toBe(2);
  });
});
