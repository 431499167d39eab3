import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodedBody, preparePage } from './prepared-page.ts';

describe('encodedBody', () => {
  it('compresses a page once per encoding and answers the same bytes after', async () => {
    const html = `<!doctype html><html lang="nl"><body>${'<p>Slaagbundel</p>'.repeat(200)}</body></html>`;
    const page = await preparePage(new Response(html, { headers: { 'Content-Type': 'text/html; charset=utf-8' } }), {
      method: 'GET',
    });
    const gzip = encodedBody(page, 'gzip', { reused: true });
    expect(gunzipSync(gzip).toString()).toBe(html);
    expect(gzip.length).toBeLessThan(page.body.length);
    // Asked again: the kept bytes, not a second compression.
    expect(encodedBody(page, 'gzip', { reused: true })).toBe(gzip);
    expect(encodedBody(page, 'br', { reused: true })).not.toBe(gzip);
  });
});
