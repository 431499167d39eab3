import { describe, expect, it } from 'vitest';
import { finishDocument } from './document.server.ts';

const doc = (head: string, body = '<p>x</p><script type="module">import "/assets/a.js";</script>') =>
  Buffer.from(`<!DOCTYPE html><html><head>${head}</head><body>${body}</body></html>`);

describe('finishDocument', () => {
  // (Under Vitest the stylesheet itself is empty: CSS is not processed there. The e2e suite and
  // the Lighthouse bench see the real one.)
  it('inlines the stylesheet at the end of <head>', () => {
    const html = finishDocument(doc('<title>T</title>')).toString();
    expect(html).toMatch(/<title>T<\/title><style id="app-css">[^<]*<\/style><\/head><body>/);
  });

  it('drops module preloads from <head> but keeps the module script and other links', () => {
    const html = finishDocument(
      doc(
        '<link rel="icon" href="/favicon.ico"/><link rel="modulepreload" href="/assets/a.js"/>' +
          '<link rel="modulepreload" href="/assets/b.js"/><title>T</title>',
      ),
    ).toString();
    expect(html).not.toContain('modulepreload');
    expect(html).toContain('<link rel="icon" href="/favicon.ico"/><title>T</title>');
    expect(html).toContain('<script type="module">import "/assets/a.js";</script>');
  });

  it('leaves text outside <head> alone', () => {
    const body = '<pre>&lt;link rel="modulepreload"&gt; <link rel="modulepreload" href="/x.js"/></pre>';
    expect(finishDocument(doc('', body)).toString()).toContain(body);
  });
});
