import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes, pageCsp } from './csp.ts';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const bytes = (html: string) => Buffer.from(html, 'utf8');

describe('inlineScriptHashes', () => {
  it('hashes every inline script exactly as sent, and skips scripts with src', () => {
    const html =
      '<head><script>a()</script><script type="module" async="">import("/x.js") // é</script>' +
      '<script src="/a.js"></script><script\tsrc=/b.js></script><scripts>not a tag</scripts></head>';
    expect(inlineScriptHashes(bytes(html))).toEqual([sha('a()'), sha('import("/x.js") // é')]);
  });

  it('lists one source per distinct script', () => {
    expect(inlineScriptHashes(bytes('<script>x</script><p></p><script>x</script>'))).toEqual([sha('x')]);
  });

  it('agrees with a reference extraction on any script body', () => {
    const body = fc.string().filter((s) => !s.includes('</script>'));
    fc.assert(
      fc.property(fc.array(body, { maxLength: 4 }), (bodies) => {
        const html = bodies.map((b) => `<p>x</p><script>${b}</script>`).join('');
        expect(inlineScriptHashes(bytes(html))).toEqual([...new Set(bodies.map(sha))]);
      }),
    );
  });
});

describe('pageCsp', () => {
  it("lets the page's own scripts run and nothing else; development allows Vite", () => {
    const csp = pageCsp(bytes('<script>boot()</script>'));
    expect(csp).toContain(`script-src 'self' ${sha('boot()')}; connect-src 'self'`);
    expect(pageCsp(bytes('<script>boot()</script>'), { tagManager: true })).toContain(
      `script-src 'self' ${sha('boot()')} https://www.googletagmanager.com https://www.google-analytics.com;`,
    );
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(pageCsp(bytes('<script>boot()</script>'), { dev: true })).toContain("script-src 'self' 'unsafe-inline'");
  });
});
