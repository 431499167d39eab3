import { describe, expect, it } from 'vitest';

describe('study Markdown', () => {
  it('renders formulas on the server as KaTeX HTML with MathML, and drops raw HTML', async () => {
    const { renderStudyMarkdown } = await import('./rich-text.server.ts');
    const html = renderStudyMarkdown(
      'De afgeleide van $x^2$ is $2x$.\n\n$$\\frac{1}{2}$$\n\n<script>alert(1)</script>',
    );
    expect(html).toContain('class="katex"');
    expect(html).toContain('<math');
    expect(html).toContain('katex-display');
    expect(html).not.toContain('<script');
  });

  it('turns formulas into text a pupil can read in an excerpt', async () => {
    const { studyPlainText, texToText } = await import('./rich-text.server.ts');
    expect(texToText('\\frac{6x-3}{x+2}')).toBe('(6x-3)/(x+2)');
    expect(texToText('\\sqrt{x^{2}+1} \\cdot 2')).toBe('√(x^2+1) · 2');
    expect(texToText('\\pi \\leq 4')).toBe('π ≤ 4');
    expect(studyPlainText('**Stap 1.** Bereken $f(x)=\\frac{1}{x}$ in `x = 2`.')).toBe(
      'Stap 1. Bereken f(x)=(1)/(x) in x = 2 .',
    );
  });
});
