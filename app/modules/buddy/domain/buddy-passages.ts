/**
 * The exam buddy's answer without a language model: which passages of the
 * subject's cards and idioms answer a question, and what of them to show.
 * A card's excerpt is made of whole paragraphs or list items of its HTML
 * (rendered at import, formulas as KaTeX), never a table and never cut off;
 * a "wat is …" question prefers the paragraph that defines the term; a
 * passage that shares no word of substance with the question is dropped.
 */

/** Words of a question that say nothing about its subject (Dutch question words, articles, pronouns, verbs of asking). */
const STOP_WORDS = new Set(
  (
    'aan al als bij dan dat de deze die dit doe doen door een en er gaat geef geeft het hoe hoeveel ik in is je jij ' +
    'kan kun kunnen leg maak maken me met mijn moet moeten na naar niet nog of om onder op over te tot uit uitleggen ' +
    'van voor waar waarom wanneer wat welk welke werkt wie wil wordt worden zijn zo zou bereken bereken berekenen ' +
    'vind vinden betekent betekenis uitleg verschil tussen ben word'
  ).split(' '),
);

/** The words of a question that carry its subject (four letters or more, no question words), as stems. */
export function contentWords(question: string): string[] {
  return [
    ...new Set(
      (question.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])
        .filter((w) => w.length >= 4 && !STOP_WORDS.has(w))
        .map((w) => (w.length > 6 ? w.slice(0, w.length - 2) : w)),
    ),
  ];
}

/** The term a definition question asks about: 'wat is een asymptoot?' → 'asymptoot'. Null for other questions. */
export function definitionTerm(question: string): string | null {
  const match =
    /^\s*wat\s+(?:is|zijn|betekent|bedoelen\s+ze\s+met|bedoel\s+je\s+met)\s+(?:een\s+|de\s+|het\s+)?(.+?)[\s?!.]*$/i.exec(
      question,
    );
  return match ? match[1]!.toLowerCase() : null;
}

/** A paragraph or list item of a card: its HTML as the card shows it, and its words without formulas. */
export interface PassageBlock {
  html: string;
  text: string;
}

const decode = (text: string): string =>
  text
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;|&#x27;/g, "'")
    .replace(/&amp;/g, '&');

/**
 * A formula in plain text: a simple one ('x = 4', "f'(a)") as it is written,
 * anything with fractions, roots, powers or indices as '…' (plain text cannot
 * show it; the excerpt's HTML shows it as the card does).
 */
function formulaText(formula: string): string {
  const tex = /<annotation encoding="application\/x-tex">([\s\S]*?)<\/annotation>/.exec(formula)?.[1];
  if (!tex) return ' … ';
  const source = decode(tex).trim();
  return /\\[a-zA-Z]|[\^_{}]/.test(source) ? ' … ' : ` ${source} `;
}

/** Replaces every `<span class="katex…">` element (balanced) by its plain text (formulaText). */
function withoutFormulas(html: string): string {
  let out = '';
  let at = 0;
  for (;;) {
    const start = html.indexOf('<span class="katex', at);
    if (start < 0) return out + html.slice(at);
    out += html.slice(at, start);
    let depth = 0;
    const tag = /<\/?span\b[^>]*>/g;
    tag.lastIndex = start;
    let end = html.length;
    for (let m = tag.exec(html); m; m = tag.exec(html)) {
      depth += m[0].startsWith('</') ? -1 : 1;
      if (depth === 0) {
        end = m.index + m[0].length;
        break;
      }
    }
    out += formulaText(html.slice(start, end));
    at = end;
  }
}

/** The words of some HTML without tags and formulas, on one line. */
export function plainWords(html: string): string {
  return decode(withoutFormulas(html).replace(/<[^>]+>/g, ' '))
    .replace(/\s+([.,;:!?)])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A card's paragraphs and list items, in order; tables, headings and code are left out. */
export function passageBlocks(html: string): PassageBlock[] {
  const body = html
    .replace(/<table[\s\S]*?<\/table>/gi, ' ')
    .replace(/<h[1-6][^>]*>[\s\S]*?<\/h[1-6]>/gi, ' ')
    .replace(/<pre[\s\S]*?<\/pre>/gi, ' ');
  const blocks: PassageBlock[] = [];
  const block = /<(p|li)\b[^>]*>([\s\S]*?)<\/\1>/gi;
  for (let m = block.exec(body); m; m = block.exec(body)) {
    const inner = m[2]!;
    if (/<(p|ul|ol)\b/i.test(inner)) continue; // a list item of paragraphs: its paragraphs count
    const text = plainWords(inner);
    if (text.length >= 12) blocks.push({ html: inner.trim(), text });
  }
  return blocks;
}

const matches = (text: string, words: readonly string[]): number => {
  const lower = text.toLowerCase();
  return words.filter((w) => lower.includes(w)).length;
};

/** Whether a paragraph defines the term: it names it with 'is', 'zijn', 'noem je', 'heet' or 'betekent'. */
const defines = (text: string, term: string): boolean => {
  const lower = text.toLowerCase();
  const at = lower.indexOf(term);
  if (at < 0) return false;
  return /\b(is|zijn|noem je|heet|heten|betekent|geeft aan)\b/.test(
    lower.slice(Math.max(0, at - 40), at + term.length + 60),
  );
};

/** The longest excerpt (in characters of text) made of more than one block. */
const EXCERPT_CHARS = 420;

/**
 * The excerpt of a card for a question: the best-matching block and, while
 * short, the one after it — whole blocks only. Null when no block shares a
 * word of substance with the question (the card is not about it).
 */
export function cardExcerpt(html: string, question: string): PassageBlock | null {
  const words = contentWords(question);
  const term = definitionTerm(question);
  const blocks = passageBlocks(html);
  let best = -1;
  let bestScore = 0;
  blocks.forEach((block, index) => {
    const score =
      matches(block.text, words) * 2 +
      (term && defines(block.text, term) ? 5 : 0) +
      (/<span class="katex/.test(block.html) ? 0 : 0.5);
    if (score > bestScore && matches(block.text, words) > 0) {
      best = index;
      bestScore = score;
    }
  });
  if (best < 0) return null;
  const chosen = [blocks[best]!];
  const next = blocks[best + 1];
  if (next && chosen[0]!.text.length + next.text.length < EXCERPT_CHARS && !term) chosen.push(next);
  return { html: chosen.map((b) => `<p>${b.html}</p>`).join(''), text: chosen.map((b) => b.text).join(' ') };
}

/** Whether a passage's title or text shares a word of substance with the question. */
export function isAbout(question: string, title: string, text: string): boolean {
  const words = contentWords(question);
  return words.length === 0 || matches(`${title} ${text}`, words) > 0;
}
