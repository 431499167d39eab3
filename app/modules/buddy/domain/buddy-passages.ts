/**
 * What of a card the exam buddy shows: a whole step, never a snippet. A card's
 * HTML (rendered at import, formulas as KaTeX) is cut into steps: a heading or
 * a bold lead ('**Voorbeeld 1.**', '**1. Beide kanten …**') starts one, and a
 * paragraph that ends in ':' always keeps what follows it (the formula, list or
 * table it announces), so an answer never ends at "… gelden deze regels:".
 * The step that matches the question best is shown; a short one with the step
 * after it ("In woorden: …"); a "wat is …" question prefers the step that
 * defines the term.
 */
import {
  type Formula,
  formulasIn,
  lightHtml,
  lightSegments,
  restoreFormulas,
  segmentTerms,
  type Segment,
  type Term,
  wordsOnly,
} from './buddy-terms.ts';

/** The term a definition question asks about: 'wat is een asymptoot?' → 'asymptoot'. Null for other questions. */
export function definitionTerm(question: string): string | null {
  const match =
    /^\s*wat\s+(?:is|zijn|betekent|bedoelen\s+ze\s+met|bedoel\s+je\s+met)\s+(?:een\s+|de\s+|het\s+)?(.+?)[\s?!.]*$/i.exec(
      question,
    );
  return match ? match[1]!.toLowerCase() : null;
}

/**
 * A formula in plain text: a simple one ('x = 4', "f'(a)") as it is written,
 * anything with fractions, roots, powers or indices as '…' (plain text cannot
 * show it; the excerpt's HTML shows it as the card does).
 */
function formulaText(tex: string): string {
  const source = tex.trim();
  return /\\[a-zA-Z]|[\^_{}]/.test(source) ? '…' : source;
}

/** Words and formulas on one line, the formulas in plain text (formulaText). */
function plainText(segments: readonly Segment[]): string {
  return segments
    .map((segment) => (segment.kind === 'text' ? segment.text : ` ${formulaText(segment.tex)} `))
    .join('')
    .replace(/\s+([.,;:!?)])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A top-level element of a card's HTML. */
interface Block {
  kind: 'heading' | 'title' | 'lead' | 'text' | 'formula' | 'list' | 'table' | 'other';
  /** As the card shows it (formulas rendered). */
  html: string;
  text: string;
  /** A heading's text, a bold lead's words ('De kettingregel.'); empty for other blocks. */
  title: string;
  terms: Term[];
}

const VOID = new Set(['br', 'hr', 'img', 'input', 'wbr', 'col', 'source']);

/** The top-level elements of (light) HTML: p, h3, ul, table, … with their outer HTML. */
function topLevel(html: string): { tag: string; html: string; inner: string }[] {
  const found: { tag: string; html: string; inner: string }[] = [];
  const tag = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b[^>]*?(\/?)>/g;
  let depth = 0;
  let start = -1;
  let innerStart = -1;
  let name = '';
  for (let m = tag.exec(html); m; m = tag.exec(html)) {
    const [whole, close, rawName, selfClosing] = m;
    const lower = rawName!.toLowerCase();
    if (VOID.has(lower) || selfClosing) continue;
    if (!close) {
      if (depth === 0) {
        start = m.index;
        innerStart = m.index + whole.length;
        name = lower;
      }
      depth++;
    } else if (--depth === 0 && start >= 0) {
      found.push({
        tag: name,
        html: html.slice(start, m.index + whole.length),
        inner: html.slice(innerStart, m.index),
      });
      start = -1;
    }
  }
  return found;
}

function toBlock({ tag, html, inner }: { tag: string; html: string; inner: string }, formulas: Formula[]): Block {
  const segments = (part: string) => lightSegments(part, formulas);
  const text = plainText(segments(inner));
  const base = { html: restoreFormulas(html, formulas), text, title: '', terms: segmentTerms(segments(inner)) };
  if (/^h[1-6]$/.test(tag)) {
    // A heading inside an answer would break the page's outline: shown as a bold line.
    return {
      ...base,
      kind: 'heading',
      html: `<p><strong>${restoreFormulas(inner.trim(), formulas)}</strong></p>`,
      title: text,
    };
  }
  if (tag === 'table') {
    // As plain text: its rows, cells joined by ' – ', rows by '; '.
    const rows = [...inner.matchAll(/<tr\b[^>]*>([\s\S]*?)<\/tr>/gi)].map((row) =>
      [...row[1]!.matchAll(/<t[hd]\b[^>]*>([\s\S]*?)<\/t[hd]>/gi)]
        .map((cell) => plainText(segments(cell[1]!)))
        .filter(Boolean)
        .join(' – '),
    );
    return { ...base, kind: 'table', text: rows.filter(Boolean).join('; ') };
  }
  if (tag === 'ul' || tag === 'ol') {
    const items = [...inner.matchAll(/<li\b[^>]*>([\s\S]*?)<\/li>/gi)].map((item) => plainText(segments(item[1]!)));
    return { ...base, kind: 'list', text: items.filter(Boolean).join('; ') };
  }
  if (tag !== 'p') return { ...base, kind: 'other' };
  if (!wordsOnly(inner) && formulasIn(inner, formulas).some((f) => f.display)) return { ...base, kind: 'formula' };
  const lead = /^\s*<strong>([\s\S]*?)<\/strong>([\s\S]*)$/.exec(inner);
  if (lead) {
    const rest = plainText(segments(lead[2]!));
    return { ...base, kind: rest ? 'lead' : 'title', title: plainText(segments(lead[1]!)) };
  }
  return { ...base, kind: 'text' };
}

/** A step of a card: whole blocks, as HTML and as plain text, with its terms. */
export interface PassageStep {
  html: string;
  text: string;
  /** Its heading or bold lead ('De kettingregel.', 'Voorbeeld 1.'); empty when it has none. */
  title: string;
  /** It opens with a heading or a bold title line (a section). */
  section: boolean;
  terms: Term[];
}

/** A section's paragraphs stay together up to about this many characters of text. */
const SECTION_CHARS = 700;

/** A card's steps, in order (see the top of this file), and the terms of all its text. */
export function cardSteps(cardHtml: string): { steps: PassageStep[]; terms: Term[] } {
  const { html, formulas } = lightHtml(cardHtml);
  const blocks = topLevel(html).map((element) => toBlock(element, formulas));
  const groups: { blocks: Block[]; section: boolean }[] = [];
  for (const block of blocks) {
    const current = groups.at(-1);
    const last = current?.blocks.at(-1);
    const length = current ? current.blocks.reduce((n, b) => n + b.text.length, 0) : 0;
    const attached = ['formula', 'list', 'table', 'other'].includes(block.kind);
    const announced = last !== undefined && /:\s*$/.test(last.text);
    if (current && (attached || announced)) current.blocks.push(block);
    else if (current && block.kind === 'text' && current.section && length < SECTION_CHARS) current.blocks.push(block);
    else groups.push({ blocks: [block], section: block.kind === 'heading' || block.kind === 'title' });
  }
  const steps = groups
    .map(({ blocks: group, section }) => ({
      html: group.map((b) => b.html).join(''),
      text: group
        .map((b) => b.text)
        .filter(Boolean)
        .join(' '),
      title: group[0]!.title,
      section,
      terms: group.flatMap((b) => b.terms),
    }))
    .filter((step) => step.text.length >= 12 || /katex/.test(step.html));
  return { steps, terms: blocks.flatMap((b) => b.terms) };
}

/** What a step is worth for a question (the caller's scoring: its terms against the question's). */
export type StepScore = (step: PassageStep, index: number) => number;

/** A step shorter than this shows the step after it too (when that one is not a new section). */
const SHORT_STEP = 160;
const JOINED_CHARS = 600;

/**
 * The excerpt of a card for a question: the best step (by `score`), with the
 * next one when it is short. The first step when none scores (the card was
 * found by its title or topic); null for a card without steps.
 */
export function stepExcerpt(steps: readonly PassageStep[], score: StepScore): { html: string; text: string } | null {
  if (steps.length === 0) return null;
  let best = 0;
  let bestScore = 0;
  steps.forEach((step, index) => {
    const value = score(step, index);
    if (value > bestScore) {
      best = index;
      bestScore = value;
    }
  });
  const chosen = [steps[best]!];
  const next = steps[best + 1];
  if (
    next &&
    !next.section &&
    chosen[0]!.text.length < SHORT_STEP &&
    chosen[0]!.text.length + next.text.length < JOINED_CHARS
  ) {
    chosen.push(next);
  }
  return { html: chosen.map((s) => s.html).join(''), text: chosen.map((s) => s.text).join(' ') };
}

/** Whether a step defines the term: it names it with 'is', 'zijn', 'noem je', 'heet', 'betekent' or 'geeft aan'. */
export function defines(text: string, term: string): boolean {
  const lower = text.toLowerCase();
  const at = lower.indexOf(term);
  if (at < 0) return false;
  return /\b(is|zijn|noem je|heet|heten|betekent|geeft aan)\b/.test(
    lower.slice(Math.max(0, at - 40), at + term.length + 60),
  );
}
