/**
 * The terms the exam buddy matches a question with a card on: Dutch word stems
 * (dutch-stemmer.ts) and formulas kept whole. A formula is one token as the
 * pupil types it or the card writes it in TeX ('sin(2x)', '2^x', 'e^x', 'log'),
 * normalised so that both meet ('\sin(2x)' and 'sin 2x' are 'sin(2x)', 'e^{2x}'
 * and 'e^(2x)' are 'e^(2x)'), plus its parts (the function, each power) and its
 * shape ('~a^x': a power with the variable up, an exponential equation; '~sin(u)':
 * a function of a function, the chain rule). Formula tokens carry the prefix '='
 * inside the index, so a formula never meets a word of the same letters.
 */
import { foldAccents, stemDutch } from './dutch-stemmer.ts';

/** Words that carry nothing of a question's subject (dropped unless the question has nothing else). */
const STOP_WORDS = new Set(
  (
    'aan al als bij ben dan dat de deze die dit doe doen door dus een en er hoe hoeveel ik in is je jij kan ' +
    'kun kunnen me met mijn moet moeten na naar niet nog of om op over te tot van voor waar waarom wanneer ' +
    'wat welk welke wie wil zijn zo zou het hij zij ze we wij ook maar mag mogen heb hebt heeft hebben ' +
    'eigenlijk precies gewoon even graag nou pls plz help uitleg uitleggen snap begrijp ' +
    // The verbs of asking: 'hoe werkt', 'hoe vind ik', 'hoe maak je', 'wat doet'.
    'werkt werk werken doet gaat ga krijg krijgt vind vindt vinden maak maakt maken weet weten zie ziet ' +
    'betekent betekenen betekenis bedoeld bedoelt bedoelen bereken berekenen berekent'
  ).split(' '),
);

/** Functions a formula may apply (typed or TeX). */
const FUNCTIONS = ['sin', 'cos', 'tan', 'ln', 'log', 'sqrt', 'int'];

/** A term of a text: a word's stem or a formula token (prefixed '='), with where it came from. */
export interface Term {
  token: string;
  /** The word as written (lower case, accents folded), for joining two words into one; null for a formula. */
  word: string | null;
  /**
   * What it says of a question, against a word (1): a formula whole says as much, its parts ('2^x' of
   * '2^x=10') less, its function ('sin') and shape ('~a^x') least — they say the same thing again.
   */
  weight: number;
}

const SHAPE_WEIGHT = 0.8;
/** The weight of a formula token in a question (see Term). */
const formulaWeight = (token: string, whole: boolean): number =>
  whole ? 1 : token.startsWith('~') ? SHAPE_WEIGHT : FUNCTIONS.includes(token) ? 0.4 : 0.6;

/** A formula token as the index keeps it. */
export const formulaKey = (token: string): string => `=${token}`;
export const isFormulaKey = (token: string): boolean => token.startsWith('=');

const decodeEntities = (text: string): string =>
  !text.includes('&')
    ? text
    : text
        .replace(/&nbsp;/g, ' ')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&#0?39;|&#x27;/g, "'")
        .replace(/&amp;/g, '&');

/** A part of a card's HTML: words, or a formula as its TeX source. */
export type Segment = { kind: 'text'; text: string } | { kind: 'tex'; tex: string };

/** A rendered formula of a card: its KaTeX HTML, its TeX source, and whether it stands on a line of its own. */
export interface Formula {
  html: string;
  tex: string;
  display: boolean;
}

/**
 * A card's HTML with every KaTeX element (most of its bytes: HTML and MathML for each formula) cut out into
 * `formulas` and a placeholder (PLACEHOLDER) in its place, so the rest is read in one light pass.
 */
export interface LightHtml {
  html: string;
  formulas: Formula[];
}

const OPEN_KATEX = '<span class="katex';
/** A cut-out formula's place: its number between two private-use characters (never in a card's text). */
const PLACEHOLDER = /\uE000(\d+)\uE001/g;

/** The formulas a part of light HTML holds, in order. */
export const formulasIn = (html: string, formulas: readonly Formula[]): Formula[] =>
  [...html.matchAll(PLACEHOLDER)].flatMap((m) => formulas[Number(m[1])] ?? []);

/** A part of light HTML without its formulas and tags: its words only. */
export const wordsOnly = (html: string): string =>
  html
    .replace(PLACEHOLDER, '')
    .replace(/<[^>]+>/g, '')
    .trim();

/** Where the span element that opens at `start` ends (after its closing tag), counting nested spans. */
function spanEnd(html: string, start: number): number {
  let depth = 0;
  let open = html.indexOf('<span', start);
  let close = html.indexOf('</span>', start);
  for (;;) {
    if (close < 0) return html.length;
    if (open >= 0 && open < close) {
      depth++;
      open = html.indexOf('<span', open + 5);
    } else {
      depth--;
      if (depth === 0) return close + 7;
      close = html.indexOf('</span>', close + 7);
    }
  }
}

/** A card's HTML with its formulas cut out (LightHtml). */
export function lightHtml(html: string): LightHtml {
  const formulas: Formula[] = [];
  let out = '';
  let at = 0;
  for (let start = html.indexOf(OPEN_KATEX); start >= 0; start = html.indexOf(OPEN_KATEX, at)) {
    const end = spanEnd(html, start);
    const element = html.slice(start, end);
    const tex = /<annotation encoding="application\/x-tex">([\s\S]*?)<\/annotation>/.exec(element)?.[1] ?? '';
    out += `${html.slice(at, start)}\uE000${formulas.length}\uE001`;
    formulas.push({
      html: element,
      tex: decodeEntities(tex),
      display: element.startsWith('<span class="katex-display'),
    });
    at = end;
  }
  return { html: out + html.slice(at), formulas };
}

/** Light HTML with its formulas put back. */
export const restoreFormulas = (html: string, formulas: readonly Formula[]): string =>
  html.replace(PLACEHOLDER, (_, i: string) => formulas[Number(i)]?.html ?? '');

/** Light HTML (or a part of it) as words and formulas in order. */
export function lightSegments(html: string, formulas: readonly Formula[]): Segment[] {
  const segments: Segment[] = [];
  const text = (raw: string) => {
    const plain = decodeEntities(raw.replace(/<[^>]+>/g, ' '));
    if (plain.trim()) segments.push({ kind: 'text', text: plain });
  };
  let at = 0;
  for (const m of html.matchAll(PLACEHOLDER)) {
    text(html.slice(at, m.index));
    const formula = formulas[Number(m[1])];
    if (formula?.tex) segments.push({ kind: 'tex', tex: formula.tex });
    at = m.index + m[0].length;
  }
  text(html.slice(at));
  return segments;
}

/** A card's HTML as words and formulas in order: every KaTeX element becomes its TeX (from its annotation). */
export function htmlSegments(html: string): Segment[] {
  const light = lightHtml(html);
  return lightSegments(light.html, light.formulas);
}

/** A short operand needs no brackets: '2', 'x', '12', 'x^2'. */
const atom = (s: string): boolean => /^[a-z0-9.,]+$/.test(s) || /^[a-z0-9]+\^[a-z0-9]+$/.test(s);
const wrap = (s: string): string => (atom(s) ? s : `(${s})`);
const squeeze = (s: string): string => s.replace(/\s+/g, '');

/** A formula's TeX in the buddy's plain notation: '\frac{1}{2}\sin\left(2x\right)' → '1/2sin(2x)'. */
export function texFormula(tex: string): string {
  let f = tex
    .replace(/\\(left|right|big|Big|bigg|Bigg)(?![a-zA-Z])/g, '')
    .replace(/\\(displaystyle|quad|qquad|,|;|!|:| )/g, ' ')
    .replace(/\\text\{[^{}]*\}/g, ' ')
    .replace(/\\(mathrm|mathit|textbf|operatorname)\{([^{}]*)\}/g, ' $2 ')
    .replace(/\{,\}/g, ',')
    .replace(/\{\}\^\{([^{}]*)\}\\log/g, '$1log')
    .replace(/\{\}\^(\w)\\log/g, '$1log')
    .replace(/\\(cdot|times)/g, '*')
    .replace(/\\(rightarrow|Rightarrow|to|iff|implies)(?![a-zA-Z])/g, '→')
    .replace(/\\(leq|le)(?![a-zA-Z])/g, '≤')
    .replace(/\\(geq|ge)(?![a-zA-Z])/g, '≥')
    .replace(/\\(neq|ne)(?![a-zA-Z])/g, '≠')
    .replace(/\\approx/g, '≈')
    .replace(/\\[td]frac/g, '\\frac')
    .replace(/\\sqrt\[[^\]]*\]/g, '\\sqrt')
    .replace(/\\(sin|cos|tan|ln|log|int|pi)(?![a-zA-Z])/g, ' $1');
  // Innermost first: powers and indices, roots, fractions, until none is left.
  for (let i = 0; i < 12; i++) {
    const before = f;
    f = f
      .replace(/([\^_])\{([^{}]*)\}/g, (_, op: string, a: string) => {
        const inner = squeeze(a);
        return `${op}${inner.length === 1 ? inner : `(${inner})`}`;
      })
      .replace(/\\sqrt\{([^{}]*)\}/g, (_, a: string) => `sqrt(${squeeze(a)})`)
      .replace(
        /\\frac\{([^{}]*)\}\{([^{}]*)\}/g,
        (_, a: string, b: string) => `${wrap(squeeze(a))}/${wrap(squeeze(b))}`,
      );
    if (f === before) break;
  }
  f = f
    .replace(/\\sqrt\s*(\w)/g, 'sqrt($1)')
    .replace(/\\[a-zA-Z]+/g, ' ')
    .replace(/[{}]/g, '');
  return normalizeFormula(f);
}

/** A formula as a pupil types it, in the buddy's notation: 'Sin 2x' → 'sin(2x)', '2 ^ x' → '2^x', '√x' → 'sqrt(x)'. */
export function typedFormula(text: string): string {
  const f = foldAccents(text)
    .replace(/wortel/g, 'sqrt')
    .replace(/√/g, 'sqrt')
    .replace(/∫/g, 'int')
    .replace(/π/g, 'pi')
    .replace(/²/g, '^2')
    .replace(/³/g, '^3');
  return normalizeFormula(f);
}

/** What both notations share: lower case, no spaces, one multiplication sign, a bare function argument bracketed. */
function normalizeFormula(formula: string): string {
  let f = formula
    .toLowerCase()
    .replace(/[·×]/g, '*')
    .replace(/[−–]/g, '-')
    .replace(/[₀-₉]/g, (c) => String(c.charCodeAt(0) - 0x2080))
    .replace(/_/g, '')
    .replace(/\s+/g, '');
  // 'sinx' and 'sin2x' are sin(x) and sin(2x); '3log8' is 3log(8); 'sinus' stays.
  f = f.replace(/(sin|cos|tan|ln|log|sqrt)(\d+(?:[.,]\d+)?[a-z]?|[a-z])(?![a-z(])/g, '$1($2)');
  return f.replace(/\*(?=[a-z(])/g, '').replace(/(\d)\*(?=\d)/g, '$1*');
}

/** The bracketed group that starts at `open` ('(' at that index), without its brackets; null when unbalanced. */
function groupAt(f: string, open: number): string | null {
  let depth = 0;
  for (let i = open; i < f.length; i++) {
    if (f[i] === '(') depth++;
    else if (f[i] === ')' && --depth === 0) return f.slice(open + 1, i);
  }
  return null;
}

/** The bracketed group that ends at `close` (')' at that index), without its brackets. */
function groupBefore(f: string, close: number): string | null {
  let depth = 0;
  for (let i = close; i >= 0; i--) {
    if (f[i] === ')') depth++;
    else if (f[i] === '(' && --depth === 0) return f.slice(i + 1, close);
  }
  return null;
}

const hasLetter = (s: string): boolean => /[a-z]/.test(s);

/**
 * The tokens of a formula in the buddy's notation: the whole formula, each
 * function applied ('sin(2x)', 'sin'; '3log(8)', 'log(8)', 'log'), each power
 * ('2^x', 'x^2', 'e^(2x)') and the shapes ('~a^x', '~e^x', '~x^n', '~(u)^n',
 * '~sin(u)', '~d/dx', '~int'). No prefix (see formulaKey).
 */
export function formulaTokens(f: string): string[] {
  const tokens = new Set<string>();
  // No formula on a card or in a question is this long: something else, not worth taking apart.
  if (f.length > 200) return [];
  if (f.length >= 2 && f.length <= 40 && /[\^()=<>/*'+-]|sin|cos|tan|log|ln|sqrt/.test(f)) tokens.add(f);
  // Functions and their arguments (a logarithm's base before it: '3log(8)').
  for (const m of f.matchAll(/(sin|cos|tan|ln|log|sqrt)(?=\()/g)) {
    const head = m[1]!;
    const arg = groupAt(f, m.index + head.length);
    tokens.add(head);
    if (arg === null) continue;
    tokens.add(`${head}(${arg})`);
    const base = head === 'log' ? /(\d+(?:,\d+)?|[a-z])$/.exec(f.slice(0, m.index))?.[1] : undefined;
    if (base) tokens.add(`${base}log(${arg})`);
    // A function of a function (sin(2x), sqrt(4-x^2)): the chain rule's shape.
    if (/[a-z]/.test(arg.replace(/pi/g, '')) && !/^[a-z]$/.test(arg)) tokens.add(`~${head}(u)`);
  }
  // Powers.
  for (const m of f.matchAll(/\^/g)) {
    const i = m.index;
    let base: string;
    let baseShape: 'e' | 'number' | 'variable' | 'letter' | 'group';
    if (f[i - 1] === ')') {
      const group = groupBefore(f, i - 1);
      if (group === null) continue;
      base = `(${group})`;
      baseShape = 'group';
    } else if (/(sin|cos|tan)$/.test(f.slice(0, i))) {
      continue; // sin^2(x): a power of the function, not of a letter
    } else {
      const run = /([a-z]|\d+(?:[.,]\d+)?)$/.exec(f.slice(0, i));
      if (!run) continue;
      base = run[1]!;
      baseShape = /\d/.test(base) ? 'number' : base === 'e' ? 'e' : 'xyzt'.includes(base) ? 'variable' : 'letter';
    }
    let exponent: string | null;
    if (f[i + 1] === '(') exponent = groupAt(f, i + 1);
    else exponent = /^-?[a-z0-9.,]+/.exec(f.slice(i + 1))?.[0] ?? null;
    if (!exponent) continue;
    tokens.add(`${base}^${exponent.length === 1 ? exponent : `(${exponent})`}`);
    const up = hasLetter(exponent) && !/^-?\d+$/.test(exponent);
    if (baseShape === 'e' && up) tokens.add('~e^x');
    else if ((baseShape === 'number' || baseShape === 'letter') && up) tokens.add('~a^x');
    else if (baseShape === 'variable' || (baseShape === 'letter' && !up)) tokens.add('~x^n');
    else if (baseShape === 'group' && !up) tokens.add('~(u)^n');
  }
  if (/[a-z]'/.test(f) || /\(?d[a-z]?\)?\/\(?d[a-z]\)?/.test(f)) tokens.add('~d/dx');
  if (/int/.test(f)) tokens.add('~int');
  return [...tokens];
}

/** Whether a whitespace-separated piece of typed text is part of a formula. */
function isMathy(chunk: string): boolean {
  if (chunk === '') return false;
  if (/^[-+*/=<>^≤≥≠≈→]+$/.test(chunk)) return true;
  if (/^[a-z]$/.test(chunk) && chunk !== 'e') return true;
  if (FUNCTIONS.includes(chunk) || chunk === 'e') return true;
  // 'sinx', 'sin2x', 'sqrt(': a function with its argument; not 'sinus' or 'login'.
  if (/^(sin|cos|tan|ln|log|sqrt)(\(|\d|[a-z]$)/.test(chunk)) return true;
  if (/[\^=<>√π²³∫'*·×]/.test(chunk)) return true;
  // A call like sin(2x), f(x), wortel(4 or a bracketed operand; '(schrijf' is a word in brackets.
  if (/^[a-z]{0,6}\(/.test(chunk) && /[\d^+*/=]|\([a-z]\)|^[a-z]\(/.test(chunk)) return true;
  if (/[()]/.test(chunk) && /\d/.test(chunk)) return true;
  // '2x', '3x^2', '1/2', '0,5'; not 'co2' (a word with a number) nor 'en/of'.
  if (/^\d+[a-z]$|^\d[\d.,]*\/\d|^[a-z]\/|\/[a-z]$|^\d+[.,]\d+$/.test(chunk)) return true;
  return false;
}

/** The word tokens (stems) of some plain text (`folded`: already lower case without accents). */
function wordTerms(text: string, keepStopWords: boolean, folded = false): Term[] {
  const words = (folded ? text : foldAccents(text)).match(/[a-z0-9]+/g) ?? [];
  return words.flatMap((word) => {
    if (word.length < 2 && !/\d/.test(word)) return [];
    if (!keepStopWords && STOP_WORDS.has(word)) return [];
    return [{ token: /\d/.test(word) ? word : stemDutch(word), word, weight: 1 }];
  });
}

/** The terms of a formula in the buddy's notation: its formula tokens, or a word when it is only letters and digits. */
function formulaTerms(f: string): Term[] {
  if (FUNCTIONS.includes(f)) return [{ token: formulaKey(f), word: null, weight: 1 }];
  if (/^[a-z0-9.,]+$/.test(f)) {
    return f.length >= 2 || /\d/.test(f) ? [{ token: f.replace(/[.,]$/, ''), word: f, weight: 1 }] : [];
  }
  return formulaTokens(f).map((token) => ({
    token: formulaKey(token),
    word: null,
    weight: formulaWeight(token, token === f),
  }));
}

/**
 * The terms of typed text (a question, a card's words, a title): words as
 * stems and typed formulas as formula tokens ('hoe los ik 2^x = 10 op' →
 * 'los', '=2^x=10', '=2^x', '=~a^x').
 */
export function textTerms(text: string, { keepStopWords = false } = {}): Term[] {
  const prepared = foldAccents(text)
    .replace(/[‘’`´]/g, "'")
    // 'wortel x', 'sin 2x', 'log 8': the function and its argument are one formula.
    .replace(/\bwortel\s*(?=\(|[a-z]\b|\d)/g, 'sqrt')
    .replace(/\b(sqrt|sin|cos|tan|ln|log)\s+(?=[a-z]?\d|[a-z]\b|\()/g, '$1');
  const chunks = prepared.split(/\s+/).map((chunk) => chunk.replace(/^["']+|[?!.,:;"']+$/g, ''));
  const terms: Term[] = [];
  let formula: string[] = [];
  const flush = () => {
    if (formula.length > 0) terms.push(...formulaTerms(typedFormula(formula.join(''))));
    formula = [];
  };
  for (const chunk of chunks) {
    const continues =
      formula.length > 0 &&
      (/^[-+*/=<>^]/.test(chunk) ||
        (/[-+*/=<>^]$/.test(formula.at(-1)!) && /^[a-z0-9.,()]+$/.test(chunk) && /\d|^[a-z]{1,2}$/.test(chunk)));
    if (isMathy(chunk) || continues) {
      formula.push(chunk);
    } else {
      flush();
      terms.push(...wordTerms(chunk, true, true));
      // A root as a word ('de afgeleide van een wortel') is also the root in formulas.
      if (/^wortels?$/.test(chunk)) terms.push({ token: formulaKey('sqrt'), word: null, weight: 0.4 });
    }
  }
  flush();
  const content = terms.filter((t) => t.word === null || !STOP_WORDS.has(t.word));
  return keepStopWords || content.length === 0 ? terms : content;
}

/** The terms of words and formulas (a card's: htmlSegments or lightSegments). */
export function segmentTerms(segments: readonly Segment[]): Term[] {
  return segments.flatMap((segment) =>
    segment.kind === 'text'
      ? textTerms(segment.text, { keepStopWords: true })
      : [
          ...formulaTerms(texFormula(segment.tex)),
          // Words inside a formula (\text{sinusregel}) count as words, a chemical formula (\mathrm{CO_2}) as 'co2'.
          ...[...segment.tex.matchAll(/\\text\{([^{}]*)\}/g)].flatMap((m) => wordTerms(m[1]!, true)),
          ...[...segment.tex.matchAll(/\\mathrm\{([A-Z][A-Za-z0-9_{}]*\d[A-Za-z0-9_{}]*)\}/g)].map((m) => ({
            token: m[1]!.replace(/[_{}]/g, '').toLowerCase(),
            word: null,
            weight: 1,
          })),
        ],
  );
}

/** The terms of a card's HTML: the words of its text and the tokens of its formulas (TeX). */
export const htmlTerms = (html: string): Term[] => segmentTerms(htmlSegments(html));

/** Whether a word is a stop word (lower case, accents folded). */
export const isStopWord = (word: string): boolean => STOP_WORDS.has(word);
