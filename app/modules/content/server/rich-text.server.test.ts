import { describe, expect, it } from 'vitest';
import { renderRichText, renderRichTextSegments } from './rich-text.server.ts';

describe('renderRichText', () => {
  it('renders Markdown headings, lists and links', () => {
    const html = renderRichText(
      '## Plannen\n\n- een\n- twee\n\nLees [de examentips](/examentips) of [mail ons](mailto:a@b.nl).',
    );
    expect(html).toContain('<h2>Plannen</h2>');
    expect(html).toContain('<li>een</li>');
    expect(html).toContain('<a href="/examentips">de examentips</a>');
    expect(html).toContain('<a href="mailto:a@b.nl">mail ons</a>');
  });

  it('drops raw HTML from the source: no script, iframe or event handler reaches the page', () => {
    const html = renderRichText(
      'Hoi <img src=x onerror=alert(1)> daar\n\n<script>alert(1)</script>\n\n<iframe src="https://evil.example"></iframe>\n',
    );
    expect(html).not.toMatch(/<script|<iframe|<img|onerror/i);
    expect(html).toContain('Hoi');
  });

  it('keeps the text of a link with an unsafe scheme, without the link', () => {
    const html = renderRichText('[klik](javascript:alert(1)) en [data](data:text/html,x) en [ver](//evil.example)');
    expect(html).not.toMatch(/href="(javascript|data|\/\/)/i);
    expect(html).toContain('klik');
    expect(html).toContain('data');
  });

  it('shows images only from our own site or over https', () => {
    expect(renderRichText('![uitleg](/images/a.svg)')).toContain('<img src="/images/a.svg" alt="uitleg">');
    expect(renderRichText('![veilig](https://cdn.example/a.png)')).toContain('src="https://cdn.example/a.png"');
    expect(renderRichText('![onveilig](http://cdn.example/a.png)')).not.toContain('<img');
  });
});

describe('renderRichTextSegments', () => {
  it('splits the text at embedded blocks, each on a line of its own, in order', () => {
    const segments = renderRichTextSegments(
      'Intro met **vet**.\n\n[[product: SB-HAVO-WIA-2027]]\n\nMidden.\n\n[[nieuwsbrief]]\n[[inkijkexemplaar:SB-VWO-WIB-2027]]\n\nSlot.',
    );
    expect(segments).toEqual([
      { type: 'html', html: '<p>Intro met <strong>vet</strong>.</p>\n' },
      { type: 'block', block: { kind: 'product', sku: 'SB-HAVO-WIA-2027' } },
      { type: 'html', html: '<p>Midden.</p>\n' },
      { type: 'block', block: { kind: 'newsletter' } },
      { type: 'block', block: { kind: 'product-preview', sku: 'SB-VWO-WIB-2027' } },
      { type: 'html', html: '<p>Slot.</p>\n' },
    ]);
  });

  it('keeps the shop and study blocks: add to cart, the exam check and the license code', () => {
    const segments = renderRichTextSegments(
      '[[in-winkelwagen: SB-HAVO-WA-2027]]\n\nTekst.\n\n[[examencheck: SB-HAVO-WB-2027]]\n[[licentiecode]]',
    );
    expect(segments).toEqual([
      { type: 'block', block: { kind: 'add-to-cart', sku: 'SB-HAVO-WA-2027' } },
      { type: 'html', html: '<p>Tekst.</p>\n' },
      { type: 'block', block: { kind: 'exam-check', sku: 'SB-HAVO-WB-2027' } },
      { type: 'block', block: { kind: 'license' } },
    ]);
  });

  it('drops unknown blocks and blocks without their product; a block inside a sentence stays text', () => {
    const segments = renderRichTextSegments('[[onbekend: X]]\n\n[[product]]\n\nZie [[product: SB-1]] hier.');
    expect(segments).toEqual([{ type: 'html', html: '<p>Zie [[product: SB-1]] hier.</p>\n' }]);
    expect(renderRichText('Een\n\n[[nieuwsbrief]]\n\nTwee')).toBe('<p>Een</p>\n<p>Twee</p>\n');
  });
});
