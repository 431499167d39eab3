import { describe, expect, it } from 'vitest';
import { approximateBytes } from './bytes.ts';

describe('approximateBytes', () => {
  it('grows with what a value holds: text, entries, binary data', () => {
    expect(approximateBytes('x'.repeat(10_000))).toBeGreaterThanOrEqual(10_000);
    expect(approximateBytes({ a: 'x'.repeat(10_000) })).toBeGreaterThan(approximateBytes('x'.repeat(10_000)));
    expect(approximateBytes(new Uint8Array(50_000))).toBeGreaterThanOrEqual(50_000);
    const map = new Map(Array.from({ length: 100 }, (_, i) => [i, { id: i }]));
    expect(approximateBytes(map)).toBeGreaterThan(100 * 40);
    expect(approximateBytes(null)).toBe(0);
  });

  it('counts a part reachable twice once, and survives a cycle', () => {
    const shared = { text: 'x'.repeat(1000) };
    expect(approximateBytes([shared, shared])).toBeLessThan(approximateBytes([shared, { ...shared }]));
    const cyclic: { self?: unknown } = {};
    cyclic.self = cyclic;
    expect(approximateBytes(cyclic)).toBeGreaterThan(0);
  });

  it('counts a subject-sized value as its text and a few words per field', () => {
    // A subject's content in shape: cards with a title, a text of a few hundred characters and topics.
    const cards = Array.from({ length: 3000 }, (_, id) => ({
      id,
      title: `Kaart ${id} ${'a'.repeat(20)}`,
      html: `<p>${id}</p>${'b'.repeat(400)}`,
      topicIds: [id % 7, id % 11],
      light: id % 2 === 0,
    }));
    const text = cards.reduce((sum, card) => sum + card.title.length + card.html.length, 0);
    const estimate = approximateBytes({ cards });
    expect(estimate).toBeGreaterThan(text);
    // Per card: its object, two strings' headers, the topics' array and numbers: well under 300 bytes.
    expect(estimate).toBeLessThan(text + cards.length * 300);
  });
});
