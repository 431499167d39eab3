import { Marked, type MarkedExtension } from 'marked';
import markedKatex from 'marked-katex-extension';

/** Links may go to our own pages, the web, mail and phone; anything else (javascript:, data:, …) loses its link. */
const SAFE_HREF = /^(\/(?!\/)|#|https?:\/\/|mailto:|tel:)/i;
/** Images come from our own site or over https (asset URLs are always https). */
const SAFE_SRC = /^(\/(?!\/)|https:\/\/)/i;

const SAFE_OPTIONS = {
  gfm: true,
  breaks: false,
  async: false,
  renderer: {
    // Raw HTML in the source never reaches the page: no script, iframe, style or event handler from content.
    html: () => '',
    // `false` falls back to marked's own (escaping) renderer.
    link(token) {
      return SAFE_HREF.test(token.href) ? false : this.parser.parseInline(token.tokens);
    },
    image(token) {
      return SAFE_SRC.test(token.href) ? false : '';
    },
  },
} satisfies MarkedExtension;

const markdown = new Marked(SAFE_OPTIONS);

/**
 * The study area's Markdown: the same safe rendering, plus formulas
 * in KaTeX syntax (`$…$` inline, `$$…$$` as a block) rendered to HTML and
 * MathML here on the server, so a page needs KaTeX's stylesheet and fonts but
 * no math script. A formula KaTeX cannot read shows as its source in red
 * (the content validator refuses those).
 */
const studyMarkdown = new Marked(SAFE_OPTIONS).use(
  markedKatex({ throwOnError: false, nonStandard: true, output: 'htmlAndMathml' }),
);

/** Study-area Markdown with formulas as safe HTML (rendered once, when the content is imported). */
export function renderStudyMarkdown(source: string): string {
  return studyMarkdown.parse(source, { async: false });
}

/** A formula's TeX as plain text a pupil can read in an excerpt: \\frac{a}{b} → (a)/(b), \\sqrt{x} → √(x), \\cdot → ·. */
export function texToText(tex: string): string {
  let text = tex;
  // Innermost fractions and roots first, until none are left.
  for (let i = 0; i < 8 && /\\(d?frac|sqrt)\{|[\^_]\{/.test(text); i++) {
    text = text
      .replace(/([\^_])\{([^{}]*)\}/g, (_, op: string, a: string) => (a.length === 1 ? `${op}${a}` : `${op}(${a})`))
      .replace(/\\d?frac\{([^{}]*)\}\{([^{}]*)\}/g, '($1)/($2)')
      .replace(/\\sqrt\{([^{}]*)\}/g, '√($1)');
  }
  return text
    .replace(/\\(cdot|times)/g, (_, op: string) => (op === 'cdot' ? '·' : '×'))
    .replace(/\\(left|right|displaystyle|text|mathrm|quad|qquad|,|;|!)/g, ' ')
    .replace(
      /\\(pi|alpha|beta|Delta|infty|leq|geq|neq|approx|pm|to|rightarrow|int|sum)/g,
      (_, name: string) => TEX_SYMBOLS[name] ?? name,
    )
    .replace(/\\([a-zA-Z]+)/g, '$1')
    .replace(/[{}]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

const TEX_SYMBOLS: Record<string, string> = {
  pi: 'π',
  alpha: 'α',
  beta: 'β',
  Delta: 'Δ',
  infty: '∞',
  leq: '≤',
  geq: '≥',
  neq: '≠',
  approx: '≈',
  pm: '±',
  to: '→',
  rightarrow: '→',
  int: '∫',
  sum: 'Σ',
};

/** The words of study Markdown without markup, formulas as readable text: what full-text search and excerpts read. */
export function studyPlainText(source: string): string {
  return source
    .replace(/\$\$([\s\S]*?)\$\$/g, (_, tex: string) => ` ${texToText(tex)} `)
    .replace(/\$([^$\n]*)\$/g, (_, tex: string) => texToText(tex))
    .replace(/[#*_>`|[\]]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Markdown as HTML that is safe to put in a page: raw HTML is dropped, links
 * keep only safe schemes, images only our own or https sources. Relative
 * links stay relative, so the page's RichText component navigates inside the app.
 */
export function renderSafeMarkdown(source: string): string {
  return markdown.parse(source, { async: false });
}
