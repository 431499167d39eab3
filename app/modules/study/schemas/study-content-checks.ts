/**
 * The checks of a subject's study content (the file format of ./study-content.ts): the format itself, then what a
 * schema cannot see — unique keys, topics that exist, every topic with cards, a card and a check in the light
 * stream, articles that exist and fit the subject, no placeholder text or HTML, formulas KaTeX can render. One
 * function, used by `npm run content:validate` (content/validate-study.ts, English, per file) and by the back
 * office's upload (issue 35, Dutch, per line of the uploaded text). What it cannot know is passed in: the
 * articles (from content/articles.json or the content service) and whether a formula renders (KaTeX).
 */
import { parseJsonWithLines, type JsonPath } from '../domain/json-lines.ts';
import { STUDY_FORMAT_MESSAGES, studySubjectFileSchema, type StudySubjectFile } from './study-content.ts';

/** An article as the study files may name it: its category and the school subjects of its related products. */
export interface StudyArticle {
  category: string;
  subjects: ReadonlySet<string>;
}

/** Articles on studying in general fit every subject; any other must relate to a product of the subject. */
export const GENERAL_ARTICLE_CATEGORY = 'category-plannen-en-leren';

/** 'wiskunde-b' and 'wiskunde-a' are both maths: a subject's family is its slug up to the first '-'. */
const subjectFamily = (slug: string): string => slug.split('-')[0] ?? slug;

const FORBIDDEN = [/lorem\s+ipsum/i, /\bbinnenkort\b/i, /coming\s+soon/i, /\bTODO\b/, /\bplaceholder\b/i, /\bFIXME\b/];
const HTML = /<[a-z][^>]*>/i;

/** How many of the format's problems are reported (the first ones): a wrong file has many alike. */
const FORMAT_PROBLEMS = 20;

export interface StudyContentCheckOptions {
  /** The articles a file may name, by slug. */
  articles: ReadonlyMap<string, StudyArticle>;
  /** Why a formula does not render with KaTeX, or null when it does. */
  formulaError: (tex: string) => string | null;
  /** The file's name (`havo-biologie.json`): must be `<level>-<subject>.json`. Uploads have none. */
  fileName?: string;
}

/** One problem of a study file: where (its JSON path), in English (the command line) and in Dutch (the back office). */
export interface StudyContentProblem {
  path: JsonPath;
  /** Empty when it repeats the problem before it (one issue of the format about several unknown members). */
  message: string;
  dutch: string;
}

/** Every formula in a Markdown text: `$$…$$` blocks and `$…$` inline. */
function formulas(source: string): string[] {
  const found: string[] = [];
  const rest = source.replace(/\$\$([\s\S]+?)\$\$/g, (_, tex: string) => {
    found.push(tex);
    return ' ';
  });
  for (const match of rest.matchAll(/\$([^$\n]+?)\$/g)) found.push(match[1] ?? '');
  return found;
}

/** The file's texts, in groups as the messages name them (`card afgeleide-1`), each field with its path. */
type TextGroup = { where: string; fields: { path: JsonPath; text: string }[] };

function texts(file: StudySubjectFile): TextGroup[] {
  const all: TextGroup[] = [
    { where: 'about', fields: [{ path: ['about'], text: file.about }] },
    { where: 'teachers', fields: [{ path: ['teachers'], text: file.teachers }] },
  ];
  file.cards.forEach((card, i) => {
    const fields: TextGroup['fields'] = [
      { path: ['cards', i, 'title'], text: card.title },
      { path: ['cards', i, 'body'], text: card.body },
    ];
    if (card.answer) fields.push({ path: ['cards', i, 'answer'], text: card.answer });
    all.push({ where: `card ${card.key}`, fields });
  });
  file.tests.forEach((test, t) => {
    test.questions.forEach((q, i) => {
      const at = (...rest: (string | number)[]): JsonPath => ['tests', t, 'questions', i, ...rest];
      const fields: TextGroup['fields'] = [{ path: at('prompt'), text: q.prompt }];
      if (q.kind === 'choice') {
        fields.push({ path: at('explanation'), text: q.explanation });
        q.options.forEach((o, k) => fields.push({ path: at('options', k, 'text'), text: o.text }));
      } else {
        fields.push({ path: at('modelAnswer'), text: q.modelAnswer });
        q.scoringPoints.forEach((p, k) => fields.push({ path: at('scoringPoints', k), text: p }));
      }
      all.push({ where: `test ${test.key} question ${i + 1}`, fields });
    });
  });
  file.idioms.forEach((idiom, i) =>
    all.push({
      where: `idiom ${idiom.term}`,
      fields: [
        { path: ['idioms', i, 'meaning'], text: idiom.meaning },
        { path: ['idioms', i, 'example'], text: idiom.example },
      ],
    }),
  );
  return all;
}

const typeName = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);
const WHAT: Record<string, string> = {
  string: 'tekst tussen aanhalingstekens',
  number: 'een getal',
  boolean: 'true of false',
  array: 'een lijst [ … ]',
  object: 'een object { … }',
  null: 'null',
};
/** What the items of a list at `path` are called. */
const ITEMS: Record<string, string> = {
  parentTopics: 'hoofdstukken',
  topics: 'onderwerpen',
  cards: 'kaarten',
  tests: 'examenchecks',
  questions: 'vragen',
  options: 'antwoordopties',
  scoringPoints: 'scorepunten',
  idioms: 'examenwoorden',
  synonyms: 'woorden',
  articles: 'artikelen',
};
const itemsAt = (path: JsonPath) => {
  const name = [...path].reverse().find((part) => typeof part === 'string');
  return (name && ITEMS[name]) ?? 'items';
};
const sizeOf = (input: unknown) => (typeof input === 'string' || Array.isArray(input) ? ` (nu ${input.length})` : '');

/** A Zod issue of the format in Dutch; an unknown member becomes one problem per member, at its own line. */
function dutchIssues(issue: Record<string, unknown> & { code: string; path: JsonPath; message: string }) {
  const { path, code } = issue;
  const input = issue.input;
  const last = path.at(-1);
  const one = (dutch: string, at: JsonPath = path) => [{ path: at, dutch }];
  switch (code) {
    case 'invalid_type':
      if (input === undefined) {
        return one(typeof last === 'string' ? `Het veld "${last}" ontbreekt.` : 'Hier ontbreekt een waarde.');
      }
      return one(
        `Hier hoort ${WHAT[String(issue.expected)] ?? String(issue.expected)}, maar er staat ${WHAT[typeName(input)]}.`,
      );
    case 'too_small':
      if (issue.origin === 'string') {
        return one(
          Number(issue.minimum) <= 1
            ? 'Deze tekst mag niet leeg zijn.'
            : `Minstens ${String(issue.minimum)} tekens${sizeOf(input)}.`,
        );
      }
      if (issue.origin === 'array')
        return one(`Minstens ${String(issue.minimum)} ${itemsAt(path)} nodig${sizeOf(input)}.`);
      return one(`Minstens ${String(issue.minimum)}.`);
    case 'too_big':
      if (issue.origin === 'string') return one(`Te lang: hoogstens ${String(issue.maximum)} tekens${sizeOf(input)}.`);
      if (issue.origin === 'array')
        return one(`Te veel: hoogstens ${String(issue.maximum)} ${itemsAt(path)}${sizeOf(input)}.`);
      return one(`Hoogstens ${String(issue.maximum)}.`);
    case 'invalid_value': {
      const values = (issue.values as unknown[]).map((v) => JSON.stringify(v));
      return one(values.length === 1 ? `Moet ${values[0]} zijn.` : `Kies een van: ${values.join(', ')}.`);
    }
    case 'invalid_format':
      return one(
        issue.message === STUDY_FORMAT_MESSAGES.KEY
          ? `Een sleutel bestaat uit kleine letters, cijfers en koppeltekens, zoals "afgeleide-1"${typeof input === 'string' ? ` (nu "${input}")` : ''}.`
          : 'Deze tekst heeft niet de goede vorm.',
      );
    case 'unrecognized_keys':
      return (issue.keys as string[]).map((name) => ({
        path: [...path, name],
        dutch: `Onbekend veld "${name}": controleer de spelling, of haal het weg.`,
      }));
    case 'invalid_union':
      if (typeof issue.discriminator === 'string') {
        const options = (issue.options as unknown[]).map((o) => JSON.stringify(o)).join(' of ');
        return one(`Het veld "${issue.discriminator}" moet ${options} zijn.`);
      }
      return one('Deze waarde past bij geen van de toegestane vormen.');
    case 'custom':
      if (issue.message === STUDY_FORMAT_MESSAGES.ONE_CORRECT) {
        return one('Precies één antwoordoptie moet "correct": true hebben.');
      }
      return one('Deze waarde klopt niet.');
    default:
      return one('Deze waarde klopt niet.');
  }
}

/**
 * The problems of a parsed study file (empty when it is fine), and the file itself when its format holds (the
 * rules after the format run only then).
 */
export function studyContentProblems(
  raw: unknown,
  { articles, formulaError, fileName }: StudyContentCheckOptions,
): { file: StudySubjectFile | null; problems: StudyContentProblem[] } {
  const parsed = studySubjectFileSchema.safeParse(raw, { reportInput: true });
  if (!parsed.success) {
    return {
      file: null,
      problems: parsed.error.issues.slice(0, FORMAT_PROBLEMS).flatMap((issue) => {
        const message = `${issue.path.join('.')}: ${issue.message}`;
        return dutchIssues(issue as unknown as Parameters<typeof dutchIssues>[0]).map(({ path, dutch }, i) => ({
          path,
          message: i === 0 ? message : '',
          dutch,
        }));
      }),
    };
  }
  const file = parsed.data;
  const problems: StudyContentProblem[] = [];
  const add = (path: JsonPath, message: string, dutch: string) => problems.push({ path, message, dutch });
  const expectedName = `${file.subject.level}-${file.subject.slug}.json`;
  if (fileName !== undefined && fileName !== expectedName) {
    add(
      ['subject'],
      `the file for ${file.subject.slug} ${file.subject.level} is ${expectedName}`,
      `Het bestand van ${file.subject.slug} ${file.subject.level} heet ${expectedName}.`,
    );
  }
  const unique = (label: string, dutchLabel: string, keys: { key: string; shown?: string; path: JsonPath }[]) => {
    const seen = new Set<string>();
    for (const { key: k, shown = k, path } of keys) {
      if (seen.has(k)) {
        add(path, `${label} key '${k}' is used twice`, `De ${dutchLabel} "${shown}" komt twee keer voor.`);
      }
      seen.add(k);
    }
  };
  const topicKeys = file.parentTopics.flatMap((p) => p.topics.map((t) => t.key));
  unique('topic', 'onderwerpsleutel', [
    ...file.parentTopics.map((p, i) => ({ key: p.key, path: ['parentTopics', i, 'key'] })),
    ...file.parentTopics.flatMap((p, i) =>
      p.topics.map((t, j) => ({ key: t.key, path: ['parentTopics', i, 'topics', j, 'key'] })),
    ),
  ]);
  unique(
    'card',
    'kaartsleutel',
    file.cards.map((c, i) => ({ key: c.key, path: ['cards', i, 'key'] })),
  );
  unique(
    'test',
    'sleutel van een examencheck',
    file.tests.map((t, i) => ({ key: t.key, path: ['tests', i, 'key'] })),
  );
  unique(
    'idiom',
    'term',
    file.idioms.map((idiom, i) => ({ key: idiom.term.toLowerCase(), shown: idiom.term, path: ['idioms', i, 'term'] })),
  );
  const topics = new Set(topicKeys);
  const used = new Set<string>();
  file.cards.forEach((card, i) => {
    card.topics.forEach((t, j) => {
      if (!topics.has(t)) {
        add(
          ['cards', i, 'topics', j],
          `card ${card.key} names unknown topic '${t}'`,
          `Kaart "${card.key}" noemt het onderwerp "${t}", maar dat staat niet in parentTopics.`,
        );
      }
      if (!card.download) used.add(t);
    });
  });
  const unused = new Set(topicKeys.filter((t) => !used.has(t)));
  file.parentTopics.forEach((p, i) =>
    p.topics.forEach((t, j) => {
      if (unused.delete(t.key)) {
        add(
          ['parentTopics', i, 'topics', j, 'key'],
          `topic '${t.key}' has no learnable cards`,
          `Het onderwerp "${t.key}" heeft geen leerkaarten (een kaart om te printen, "download": true, telt niet mee).`,
        );
      }
    }),
  );
  file.tests.forEach((test, t) =>
    test.questions.forEach((q, i) => {
      if (!topics.has(q.topic)) {
        add(
          ['tests', t, 'questions', i, 'topic'],
          `test ${test.key} question ${i + 1} names unknown topic '${q.topic}'`,
          `Vraag ${i + 1} van examencheck "${test.key}" noemt het onderwerp "${q.topic}", maar dat staat niet in parentTopics.`,
        );
      }
    }),
  );
  if (file.correctionsCard && !file.cards.some((c) => c.key === file.correctionsCard)) {
    add(
      ['correctionsCard'],
      `correctionsCard '${file.correctionsCard}' is not a card`,
      `correctionsCard "${file.correctionsCard}" is geen kaart uit cards.`,
    );
  }
  if (!file.cards.some((c) => c.light)) {
    add(
      ['cards'],
      'no card is in the light stream',
      'Geen enkele kaart heeft "light": true: wie lichte toegang heeft, kan dan niets leren.',
    );
  }
  if (!file.tests.some((t) => t.light)) {
    add(
      ['tests'],
      'no test is in the light stream',
      'Geen enkele examencheck heeft "light": true: wie lichte toegang heeft, kan dan niets oefenen.',
    );
  }
  file.articles.forEach((slug, i) => {
    const article = articles.get(slug);
    if (!article) {
      add(['articles', i], `unknown article '${slug}'`, `Het artikel "${slug}" bestaat niet.`);
    } else if (
      article.category !== GENERAL_ARTICLE_CATEGORY &&
      ![...article.subjects].some((s) => subjectFamily(s) === subjectFamily(file.subject.slug))
    ) {
      add(
        ['articles', i],
        `article '${slug}' is about another subject (no related product of ${file.subject.slug})`,
        `Het artikel "${slug}" gaat over een ander vak: het noemt geen product van ${file.subject.slug}.`,
      );
    }
  });
  for (const { where, fields } of texts(file)) {
    for (const pattern of FORBIDDEN) {
      const field = fields.find((f) => pattern.test(f.text));
      if (field) {
        const found = pattern.exec(field.text)?.[0] ?? '';
        add(field.path, `${where} contains ${pattern}`, `Bevat "${found}": lesstof heeft geen plaatshoudertekst.`);
      }
    }
    const html = fields.find((f) => HTML.test(f.text));
    if (html) {
      add(
        html.path,
        `${where} contains HTML (it is dropped; write Markdown)`,
        `Bevat HTML (${HTML.exec(html.text)?.[0] ?? ''}): die wordt weggelaten. Schrijf Markdown.`,
      );
    }
    for (const { path, text } of fields) {
      for (const tex of formulas(text)) {
        if (!tex.trim()) {
          add(path, `${where} has an empty formula`, 'Bevat een lege formule.');
          continue;
        }
        const error = formulaError(tex);
        if (error !== null) {
          add(
            path,
            `${where}: formula '${tex}' does not render: ${error}`,
            `De formule "${tex}" is geen geldige KaTeX: ${error}`,
          );
        }
      }
    }
  }
  return { file, problems };
}

/** A problem of an uploaded text, in Dutch: its line, where in the file, and what is wrong. */
export interface StudyContentError {
  line: number;
  /** The JSON path as a person reads it: `cards[3].title` (empty: the whole file). */
  where: string;
  message: string;
  /** The line's text (at most EXCERPT characters), so that it can be found. */
  excerpt: string;
}

/** How much of a line an error shows. */
const EXCERPT = 120;

/** "Regel 123, cards[3].title: Te lang: …": how the page and the API say an error. */
export const studyContentErrorText = ({ line, where, message }: StudyContentError) =>
  `Regel ${line}${where ? `, ${where}` : ''}: ${message}`;

/** `["cards", 3, "title"]` → `cards[3].title`. */
export const pathText = (path: JsonPath) =>
  path.reduce<string>(
    (text, part) => (typeof part === 'number' ? `${text}[${part}]` : text ? `${text}.${part}` : part),
    '',
  );

/** How much a study file holds: shown with a draft and in the audit log. */
export interface StudyContentCounts {
  parentTopics: number;
  topics: number;
  cards: number;
  tests: number;
  questions: number;
  idioms: number;
}

export const studyContentCounts = (file: StudySubjectFile): StudyContentCounts => ({
  parentTopics: file.parentTopics.length,
  topics: file.parentTopics.reduce((n, p) => n + p.topics.length, 0),
  cards: file.cards.length,
  tests: file.tests.length,
  questions: file.tests.reduce((n, t) => n + t.questions.length, 0),
  idioms: file.idioms.length,
});

/**
 * An uploaded study file's text, checked: the file when it is fine, or every problem in Dutch with its line
 * (a text that is no JSON: the line and column of the first thing wrong), in the order of the lines.
 */
export function checkStudyContentText(
  text: string,
  {
    more,
    ...options
  }: Omit<StudyContentCheckOptions, 'fileName'> & {
    /** The caller's own checks of a file whose format holds (the subject is one of the catalogue's). */
    more?: (file: StudySubjectFile) => { path: JsonPath; dutch: string }[];
  },
): { ok: true; file: StudySubjectFile } | { ok: false; errors: StudyContentError[] } {
  const json = parseJsonWithLines(text);
  const lines = text.split('\n');
  const excerpt = (line: number) => {
    const shown = (lines[line - 1] ?? '').replace(/^\uFEFF/, '').trim();
    return shown.length > EXCERPT ? `${shown.slice(0, EXCERPT - 1)}…` : shown;
  };
  if (!json.ok) {
    const message = `Dit is geen geldige JSON (kolom ${json.column}). ${json.message}`;
    return { ok: false, errors: [{ line: json.line, where: '', message, excerpt: excerpt(json.line) }] };
  }
  const { file, problems } = studyContentProblems(json.value, options);
  const all = [...problems, ...(file && more ? more(file) : [])];
  if (file && all.length === 0) return { ok: true, file };
  const errors = all.map((p) => {
    const line = json.lineOf(p.path);
    return { line, where: pathText(p.path), message: p.dutch, excerpt: excerpt(line) };
  });
  return { ok: false, errors: errors.sort((a, b) => a.line - b.line) };
}
