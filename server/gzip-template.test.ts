import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createGzipTemplate } from './gzip-template.ts';

describe('gzip template', () => {
  it('decodes to the parts with the values spliced in', () => {
    const template = createGzipTemplate(['<script nonce="', '">1</script><script nonce="', '"></script>']);
    const out = template.render(['abc', 'abc']);
    expect(gunzipSync(out).toString()).toBe('<script nonce="abc">1</script><script nonce="abc"></script>');
    expect(gunzipSync(template.render(['Zx9+/=', 'Zx9+/='])).toString()).toContain('nonce="Zx9+/="');
  });

  it('handles empty parts, no holes, multi-byte text and values over 64 KiB', () => {
    expect(gunzipSync(createGzipTemplate(['']).render([])).toString()).toBe('');
    expect(gunzipSync(createGzipTemplate(['één', '', 'ß']).render(['€', '✓'])).toString()).toBe('één€✓ß');
    const big = 'x'.repeat(70_000);
    expect(gunzipSync(createGzipTemplate(['a', 'b']).render([big])).toString()).toBe(`a${big}b`);
  });

  it('compresses the fixed parts', () => {
    const html = '<div class="rounded-3xl bg-white p-6 shadow-lg">'.repeat(500);
    const out = createGzipTemplate([html, html]).render(['n']);
    expect(out.length).toBeLessThan(html.length / 10);
  });

  it('round-trips any text and values (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: 'grapheme' }), { minLength: 1, maxLength: 6 }),
        fc.string(),
        (parts, value) => {
          const template = createGzipTemplate(parts);
          const values = Array.from({ length: parts.length - 1 }, () => value);
          const expected = parts.map((p, i) => p + (values[i] ?? '')).join('');
          expect(gunzipSync(template.render(values)).toString()).toBe(expected);
        },
      ),
    );
  });

  it('refuses the wrong number of values', () => {
    expect(() => createGzipTemplate(['a', 'b']).render([])).toThrow(RangeError);
  });
});
