import { Hono } from 'hono';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressResponses } from './compression.ts';
import { createSharedJson, type SharedJson } from './shared-json.ts';

const BODY = `<p>De afgeleide van <span class="katex">x² − 3x</span> is ${'2x − 3 '.repeat(800)}</p>`;
const ANSWER = `<p>Antwoord: ${'f′(x) = 2x − 3 '.repeat(300)}</p>`;

interface Card {
  id: number;
  title: string;
  userHasLearned: boolean;
  bodyHtml: string;
  answerHtml: string | null;
}

/** A card answer as the card route gives it: `card` says which card and marks, per request. */
function app(shared: SharedJson, card: () => Card) {
  const a = new Hono();
  a.use('*', compressResponses());
  a.get('/card', (c) => shared.answer(c, `card:${card().id}`, card(), ['bodyHtml', 'answerHtml']));
  return a;
}

async function read(res: Response): Promise<{ bytes: Buffer; json: unknown }> {
  const bytes = Buffer.from(await res.arrayBuffer());
  const encoding = res.headers.get('Content-Encoding');
  const plain = encoding === 'br' ? brotliDecompressSync(bytes) : encoding === 'gzip' ? gunzipSync(bytes) : bytes;
  return { bytes, json: JSON.parse(plain.toString()) };
}

const card = (over: Partial<Card> = {}): Card => ({
  id: 7,
  title: 'Afgeleiden',
  userHasLearned: false,
  bodyHtml: BODY,
  answerHtml: ANSWER,
  ...over,
});

describe('createSharedJson', () => {
  it('answers what c.json would, compressed, and the same bytes to the next pupil with the same marks', async () => {
    const shared = createSharedJson({ maxBytes: 1024 * 1024 });
    let current = card();
    const a = app(shared, () => current);
    const first = await a.request('/card', { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(first.status).toBe(200);
    expect(first.headers.get('Content-Type')).toBe('application/json');
    expect(first.headers.get('Content-Encoding')).toBe('br');
    expect(first.headers.get('Vary')).toBe('Accept-Encoding');
    const one = await read(first);
    expect(one.json).toEqual(current);
    // Another request: its own object, the same marks, texts read anew (equal strings, not the same ones).
    current = card({ bodyHtml: (BODY + ' ').trimEnd() });
    const two = await read(await a.request('/card', { headers: { 'Accept-Encoding': 'br, gzip' } }));
    expect(two.bytes.equals(one.bytes)).toBe(true);
    expect(shared.stats()).toMatchObject({ slots: 1, answers: 1 });
  });

  it('never answers another pupil’s marks, another encoding or old texts', async () => {
    const shared = createSharedJson({ maxBytes: 1024 * 1024 });
    let current = card();
    const a = app(shared, () => current);
    await a.request('/card', { headers: { 'Accept-Encoding': 'br' } });

    current = card({ userHasLearned: true });
    expect((await read(await a.request('/card', { headers: { 'Accept-Encoding': 'br' } }))).json).toEqual(current);

    const gzip = await a.request('/card', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gzip.headers.get('Content-Encoding')).toBe('gzip');
    expect((await read(gzip)).json).toEqual(current);

    // The card's texts were published anew: the slot's answers made of the old texts are not sent again.
    current = card({ userHasLearned: true, bodyHtml: BODY.replace('afgeleide', 'helling') });
    expect((await read(await a.request('/card', { headers: { 'Accept-Encoding': 'br' } }))).json).toEqual(current);
    current = card({ answerHtml: null });
    expect((await read(await a.request('/card', { headers: { 'Accept-Encoding': 'br' } }))).json).toEqual(current);
    expect(shared.stats()).toMatchObject({ slots: 1, answers: 1 });
  });

  it('sends plain JSON to a client that takes no compression, and keeps nothing for it', async () => {
    const shared = createSharedJson({ maxBytes: 1024 * 1024 });
    const res = await app(shared, () => card()).request('/card');
    expect(res.headers.get('Content-Encoding')).toBeNull();
    expect((await read(res)).json).toEqual(card());
    expect(shared.stats().answers).toBe(0);
  });

  it('holds no more than its bytes: the slot asked for least recently goes first', async () => {
    // One slot is its texts (about 20 kB as UTF-16) and its compressed answer: room for two.
    const shared = createSharedJson({ maxBytes: 48 * 1024 });
    let id = 1;
    const a = app(shared, () => card({ id }));
    for (id = 1; id <= 3; id++) await a.request('/card', { headers: { 'Accept-Encoding': 'br' } });
    expect(shared.stats().slots).toBe(2);
    expect(shared.stats().bytes).toBeLessThanOrEqual(48 * 1024);
    // Card 1 went first; asked again, it is made and kept anew, and card 2 (now the oldest) goes.
    id = 1;
    expect((await read(await a.request('/card', { headers: { 'Accept-Encoding': 'br' } }))).json).toEqual(card({ id }));
    expect(shared.stats().slots).toBe(2);
  });

  it('keeps nothing when its budget is 0 (SHARED_JSON_MB=0), and still answers', async () => {
    const shared = createSharedJson({ maxBytes: 0 });
    const res = await app(shared, () => card()).request('/card', { headers: { 'Accept-Encoding': 'br' } });
    expect(res.headers.get('Content-Encoding')).toBe('br');
    expect((await read(res)).json).toEqual(card());
    expect(shared.stats()).toEqual({ slots: 0, answers: 0, bytes: 0 });
  });
});
