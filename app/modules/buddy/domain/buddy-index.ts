/**
 * The exam buddy's retrieval over one subject: its cards and idioms, ranked for
 * a question with BM25F (title and topics weigh more than the body), the
 * question's terms widened by the subject's own synonyms, by two words that
 * are one compound ('ketting regel') and by near spellings of words the
 * subject does not have (typos: 'kettinregel'). Built once per subject from
 * the database rows (cached; see buddy.server.ts), ranked in well under a
 * millisecond per question; the eval (`npm run eval:buddy`) runs this very code.
 */
import { foldAccents, stemDutch } from './dutch-stemmer.ts';
import { formulaTokens, isFormulaKey, isStopWord, textTerms, typedFormula, type Term } from './buddy-terms.ts';
import { cardSteps, definitionTerm, defines, type PassageStep, stepExcerpt } from './buddy-passages.ts';

/** A card as the buddy reads it (the cards module's row). */
export interface BuddyCardSource {
  id: number;
  key: string;
  title: string;
  /** Its topics' names and their chapters' names. */
  topics: readonly string[];
  section: string;
  bodyHtml: string;
  answerHtml: string | null;
  /** The card's words with formulas as plain text (what a language model reads). */
  plainText: string;
  light: boolean;
  /** The subject's corrections card (errata: what the printed bundle says wrongly, beside what is right). */
  corrections: boolean;
}

/** An idiom of the subject's list. */
export interface BuddyIdiomSource {
  id: number;
  term: string;
  meaning: string;
  example: string;
}

/** A passage the buddy can answer from: a card or an idiom, with its terms per field. */
export interface BuddyDocument {
  kind: 'card' | 'idiom';
  id: number;
  /** The card's key (stable across imports); the idiom's term. */
  key: string;
  title: string;
  light: boolean;
  /** How much a match weighs against a card that explains (PRIOR). */
  prior: number;
  /** What a language model reads of it. */
  text: string;
  /** A card's steps (buddy-passages.ts); an idiom's meaning as one step. */
  steps: PassageStep[];
  /** Each step's terms and its title's (heading, bold lead), for choosing the step to show. */
  stepTerms: { all: Map<string, number>; title: Set<string> }[];
  fields: Map<string, number>[];
  lengths: number[];
}

/** The fields of a passage and how much a match in each weighs (BM25F), with its length normalisation. */
const FIELDS = {
  title: { weight: 3, b: 0.3 },
  topics: { weight: 1.5, b: 0.3 },
  body: { weight: 1, b: 0.75 },
  extra: { weight: 0.3, b: 0.75 },
};
const FIELD_LIST = Object.values(FIELDS);
const K1 = 1.2;
/**
 * How much a synonym of a question's word counts, against the word itself: little when the subject has the
 * pupil's word (the synonym only widens the search), much when it has not (the synonym is the way in).
 */
const SYNONYM_WEIGHT = { known: 0.3, unknown: 0.8 };
/** A word the subject does not have, spelled one or two letters off a word it has. */
const NEAR_WEIGHT = [1, 0.8, 0.6];
/** A word the subject does not have that starts a longer word of it ('sinus' of 'sinusoide'). */
const PREFIX_WEIGHT = 0.4;
/** A longer "word" is no word a pupil means (a question is at most 500 characters): no near spellings, no parts. */
const LONGEST_WORD = 30;
/** Each part of a compound ('wortel' and 'functie' of 'wortelfunctie'). */
const COMPOUND_WEIGHT = 0.4;
/**
 * What a passage of each kind is worth against a card that explains (section 'uitleg') for the same match: a
 * pupil's question is answered by the explanation first; a practice or exam question (it names the same terms,
 * in fewer words) and an idiom (a definition) come after it unless they match clearly better. The corrections
 * card quotes the printed bundle's mistakes: it answers a question about them, not about the subject.
 */
const PRIOR = { uitleg: 1, oefenen: 0.75, examenvragen: 0.75, idiom: 0.8, corrections: 0.5 };

/** A subject's passages, their vocabulary and its synonyms, ready to rank. */
export interface BuddyIndex {
  docs: BuddyDocument[];
  df: Map<string, number>;
  averages: number[];
  /** The words of the vocabulary (not formulas), for near spellings. */
  words: string[];
  /** Groups of synonyms, each member as its tokens. */
  synonyms: string[][][];
}

const counts = (terms: readonly Term[]): Map<string, number> => {
  const map = new Map<string, number>();
  for (const { token } of terms) map.set(token, (map.get(token) ?? 0) + 1);
  return map;
};
const length = (map: Map<string, number>): number => [...map.values()].reduce((n, c) => n + c, 0);

/** A synonym (a word, a phrase or a formula) as the tokens it stands for: its words' stems, a formula whole. */
function synonymTokens(member: string): string[] {
  const tokens = textTerms(member).map((term) => {
    if (!isFormulaKey(term.token)) return term.token;
    // A formula stands for itself as a whole: its first token (see formulaTokens), not its parts.
    const whole = formulaTokens(typedFormula(member))[0];
    return whole ? `=${whole}` : term.token;
  });
  return [...new Set(tokens)];
}

function document(
  base: Omit<BuddyDocument, 'fields' | 'lengths' | 'stepTerms'>,
  fields: Term[][],
  stepTerms: BuddyDocument['stepTerms'],
): BuddyDocument {
  const maps = fields.map(counts);
  return { ...base, fields: maps, lengths: maps.map(length), stepTerms };
}

/** A subject's index: its cards (no sheets to print: the caller leaves those out), idioms and synonym groups. */
export function buildBuddyIndex(input: {
  cards: readonly BuddyCardSource[];
  idioms: readonly BuddyIdiomSource[];
  synonyms: readonly (readonly string[])[];
}): BuddyIndex {
  const docs: BuddyDocument[] = [
    ...input.cards.map((card) => {
      const { steps, terms } = cardSteps(card.bodyHtml);
      return document(
        {
          kind: 'card',
          id: card.id,
          key: card.key,
          title: card.title,
          light: card.light,
          prior: card.corrections ? PRIOR.corrections : (PRIOR[card.section as keyof typeof PRIOR] ?? 1),
          text: card.plainText,
          steps,
        },
        [
          textTerms(card.title, { keepStopWords: true }),
          card.topics.flatMap((topic) => textTerms(topic, { keepStopWords: true })),
          terms,
          card.answerHtml ? cardSteps(card.answerHtml).terms : [],
        ],
        steps.map((step) => ({
          all: counts(step.terms),
          title: new Set(textTerms(step.title).map((t) => t.token)),
        })),
      );
    }),
    ...input.idioms.map((idiom) => {
      const meaning = textTerms(idiom.meaning, { keepStopWords: true });
      const escaped = idiom.meaning.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
      return document(
        {
          kind: 'idiom',
          id: idiom.id,
          key: idiom.term,
          title: idiom.term,
          light: true,
          prior: PRIOR.idiom,
          text: idiom.meaning,
          steps: [{ html: `<p>${escaped}</p>`, text: idiom.meaning, title: '', section: false, terms: meaning }],
        },
        [
          textTerms(idiom.term, { keepStopWords: true }),
          [],
          meaning,
          textTerms(idiom.example, { keepStopWords: true }),
        ],
        [{ all: counts(meaning), title: new Set() }],
      );
    }),
  ];
  const df = new Map<string, number>();
  for (const doc of docs) {
    const seen = new Set(doc.fields.flatMap((field) => [...field.keys()]));
    for (const token of seen) df.set(token, (df.get(token) ?? 0) + 1);
  }
  const averages = FIELD_LIST.map(
    (_, f) => docs.reduce((n, d) => n + d.lengths[f]!, 0) / Math.max(1, docs.length) || 1,
  );
  const words = [...df.keys()].filter((token) => !isFormulaKey(token) && /^[a-z]{4,}$/.test(token));
  const synonyms = input.synonyms.map((group) => group.map(synonymTokens).filter((tokens) => tokens.length > 0));
  return { docs, df, averages, words, synonyms };
}

/** Damerau–Levenshtein distance of two words, or `max + 1` once it is more than `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous2: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, previous2[j - 2]! + 1);
      row.push(value);
      best = Math.min(best, value);
    }
    if (best > max) return max + 1;
    previous2 = previous;
    previous = row;
  }
  return previous[b.length]!;
}

/**
 * A compound as two words of the subject ('wortelfunctie' → 'wortel', 'functie'; 'halveringstijd' →
 * 'halvering', 'tijd' over the linking s), each of at least four letters; null when it is not one.
 */
function compoundParts(index: BuddyIndex, word: string): [string, string] | null {
  if (word.length > LONGEST_WORD) return null;
  for (let i = word.length - 4; i >= 4; i--) {
    const tail = stemDutch(word.slice(i));
    if (!index.df.has(tail)) continue;
    for (const head of [word.slice(0, i), word.slice(0, i).replace(/(s|e|en)$/, '')]) {
      const stem = stemDutch(head);
      if (head.length >= 4 && index.df.has(stem)) return [stem, tail];
    }
  }
  return null;
}

/** The particles of Dutch separable verbs, as a question splits them off ('hoe los ik dit op'). */
const PARTICLES = ['op', 'uit', 'in', 'om', 'af', 'aan', 'toe', 'mee', 'terug', 'over', 'bij'];
/** The verb of a separable verb on its own ('los' of 'los … op'): part of a word, not a word. */
const SPLIT_VERB_PART = 0.3;

/** A question as weighted tokens: its own terms (1), their synonyms, compounds and near spellings (less). */
export interface BuddyQuery {
  question: string;
  weights: Map<string, number>;
}

/** The question's tokens with their weights against this subject's vocabulary. */
export function buddyQuery(index: BuddyIndex, question: string): BuddyQuery {
  const weights = new Map<string, number>();
  const add = (token: string, weight: number) => weights.set(token, Math.max(weights.get(token) ?? 0, weight));
  const terms = textTerms(question);
  for (const term of terms) {
    if (index.df.has(term.token) || isFormulaKey(term.token) || /\d/.test(term.token)) {
      add(term.token, term.weight);
      continue;
    }
    add(term.token, term.weight);
    // Not a word of this subject: a near spelling, else a compound of its words, else a longer word it begins.
    const max = term.token.length > LONGEST_WORD ? 0 : term.token.length >= 8 ? 2 : term.token.length >= 5 ? 1 : 0;
    const near = max === 0 ? [] : index.words.map((w) => [w, editDistance(term.token, w, max)] as const);
    const found = near.filter(([, d]) => d <= max);
    for (const [word, distance] of found) add(word, NEAR_WEIGHT[distance]!);
    if (found.length > 0) continue;
    const parts = term.word ? compoundParts(index, term.word) : null;
    if (parts) parts.forEach((part) => add(part, COMPOUND_WEIGHT));
    else if (term.token.length >= 5) {
      index.words
        .filter((w) => w.startsWith(term.token))
        .slice(0, 5)
        .forEach((w) => add(w, PREFIX_WEIGHT));
    }
  }
  // A long word the subject has, that is also two of its words ('wortelfunctie': 'wortel', 'functie').
  for (const term of terms) {
    if (!term.word || term.word.length < 9 || !index.df.has(term.token)) continue;
    compoundParts(index, term.word)?.forEach((part) => add(part, COMPOUND_WEIGHT));
  }
  // Two words written apart that the subject writes as one ('ketting regel', 'x as').
  for (let i = 0; i + 1 < terms.length; i++) {
    const [a, b] = [terms[i]!.word, terms[i + 1]!.word];
    if (!a || !b) continue;
    const joined = stemDutch(a + b);
    if (index.df.has(joined)) add(joined, 1);
  }
  // A separable verb ('los … op', 'stel … op', 'reken … uit'): the verb the subject writes ('oplossen'),
  // and its loose part ('los') is no word of its own.
  const words = foldAccents(question).match(/[a-z]+/g) ?? [];
  words.forEach((word, i) => {
    if (word.length < 3 || isStopWord(word)) return;
    for (const particle of words.slice(i + 1)) {
      if (!PARTICLES.includes(particle)) continue;
      const verb = stemDutch(particle + word);
      if (!index.df.has(verb)) continue;
      add(verb, 1);
      weights.set(stemDutch(word), Math.min(weights.get(stemDutch(word)) ?? 0, SPLIT_VERB_PART));
    }
  });
  // The subject's synonyms of what the question says (a phrase: all its words).
  const said = new Map(weights);
  for (const group of index.synonyms) {
    const matched = group.map((member) =>
      member.every((token) => said.has(token)) ? Math.min(...member.map((t) => said.get(t)!)) : 0,
    );
    const strongest = Math.max(0, ...matched);
    if (strongest === 0) continue;
    const known = group.some((member, i) => matched[i]! > 0 && member.every((token) => index.df.has(token)));
    const share = known ? SYNONYM_WEIGHT.known : SYNONYM_WEIGHT.unknown;
    group.forEach((member, i) => {
      if (matched[i]! > 0) return;
      for (const token of member) add(token, (share * strongest) / member.length ** 0.5);
    });
  }
  return { question, weights };
}

const idf = (index: BuddyIndex, token: string): number => {
  const n = index.df.get(token) ?? 0;
  const total = index.docs.length;
  return Math.log(1 + (total - n + 0.5) / (n + 0.5));
};

/** A passage ranked for a question. */
export interface RankedPassage {
  doc: BuddyDocument;
  score: number;
}

/** The subject's passages that match the query, best first (BM25F, weighed by their kind: PRIOR). */
export function rankPassages(index: BuddyIndex, query: BuddyQuery): RankedPassage[] {
  const ranked: RankedPassage[] = [];
  for (const doc of index.docs) {
    let score = 0;
    for (const [token, weight] of query.weights) {
      let tf = 0;
      FIELD_LIST.forEach(({ weight: fieldWeight, b }, f) => {
        const count = doc.fields[f]!.get(token);
        if (count) tf += (fieldWeight * count) / (1 - b + (b * doc.lengths[f]!) / index.averages[f]!);
      });
      if (tf > 0) score += weight * idf(index, token) * ((tf * (K1 + 1)) / (tf + K1));
    }
    if (score > 0) ranked.push({ doc, score: score * doc.prior });
  }
  return ranked.sort((a, b) => b.score - a.score || a.doc.id - b.doc.id);
}

/**
 * The order the buddy answers in: by rank, but for a "wat is …" question the
 * passage named after the term first (the idiom or card that defines it).
 */
export function answerOrder(ranked: readonly RankedPassage[], question: string): RankedPassage[] {
  const term = definitionTerm(question);
  if (!term) return [...ranked];
  const named = (p: RankedPassage) => Number(p.doc.title.toLowerCase() === term);
  return [...ranked].sort((a, b) => named(b) - named(a));
}

/** The step of a passage to show for the query: whole, the best-matching one (buddy-passages.ts). */
export function passageExcerpt(
  index: BuddyIndex,
  query: BuddyQuery,
  doc: BuddyDocument,
): { html: string; text: string } | null {
  const term = definitionTerm(query.question);
  return stepExcerpt(doc.steps, (step, i) => {
    let score = 0;
    const { all, title } = doc.stepTerms[i]!;
    for (const [token, weight] of query.weights) {
      const count = all.get(token);
      // A step named after what the question asks ('**De kettingregel.** …') counts as a card's title does.
      if (count) score += weight * idf(index, token) * (1 + 0.25 * Math.min(count - 1, 4) + (title.has(token) ? 2 : 0));
    }
    if (term && defines(step.text, term)) score += 5;
    return score;
  });
}
