// Checks the study area's demo content: every content/study/*.json
// against the file format of app/modules/study/schemas/study-content.ts, plus what a schema
// cannot see: unique keys, topics that exist, every topic with cards, no empty
// formulas, articles that exist.
//
//   node content/validate-study.ts [file …]      (also part of npm run content:validate)

import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import katex from 'katex';
import { studySubjectFileSchema, type StudySubjectFile } from '#app/modules/study/index.ts';

const HERE = fileURLToPath(new URL('.', import.meta.url));
export const STUDY_DIR = join(HERE, 'study');
const FORBIDDEN = [/lorem\s+ipsum/i, /\bbinnenkort\b/i, /coming\s+soon/i, /\bTODO\b/, /\bplaceholder\b/i, /\bFIXME\b/];

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

function texts(file: StudySubjectFile): { where: string; text: string }[] {
  const all: { where: string; text: string }[] = [
    { where: 'about', text: file.about },
    { where: 'teachers', text: file.teachers },
  ];
  for (const card of file.cards) {
    all.push({ where: `card ${card.key}`, text: `${card.title}\n${card.body}\n${card.answer ?? ''}` });
  }
  for (const test of file.tests) {
    test.questions.forEach((q, i) => {
      const where = `test ${test.key} question ${i + 1}`;
      if (q.kind === 'choice') {
        all.push({ where, text: [q.prompt, q.explanation, ...q.options.map((o) => o.text)].join('\n') });
      } else {
        all.push({ where, text: [q.prompt, q.modelAnswer, ...q.scoringPoints].join('\n') });
      }
    });
  }
  for (const idiom of file.idioms) all.push({ where: `idiom ${idiom.term}`, text: `${idiom.meaning}\n${idiom.example}` });
  return all;
}

/** An article as the study files may name it: its category and the school subjects of its related products. */
export interface StudyArticle {
  category: string;
  subjects: ReadonlySet<string>;
}

/** Articles on studying in general fit every subject; any other must relate to a product of the subject. */
const GENERAL_ARTICLE_CATEGORY = 'category-plannen-en-leren';

/** 'wiskunde-b' and 'wiskunde-a' are both maths: a subject's family is its slug up to the first '-'. */
const subjectFamily = (slug: string): string => slug.split('-')[0] ?? slug;

/** The problems of one parsed study file, as readable lines; empty when it is fine. */
export function checkStudyFile(name: string, raw: unknown, articles: ReadonlyMap<string, StudyArticle>): string[] {
  const parsed = studySubjectFileSchema.safeParse(raw);
  if (!parsed.success) {
    return parsed.error.issues.slice(0, 20).map((issue) => `${name}: ${issue.path.join('.')}: ${issue.message}`);
  }
  const file = parsed.data;
  const errors: string[] = [];
  const expectedName = `${file.subject.level}-${file.subject.slug}.json`;
  if (name !== expectedName) errors.push(`${name}: the file for ${file.subject.slug} ${file.subject.level} is ${expectedName}`);
  const unique = (label: string, keys: string[]) => {
    const seen = new Set<string>();
    for (const k of keys) {
      if (seen.has(k)) errors.push(`${name}: ${label} key '${k}' is used twice`);
      seen.add(k);
    }
  };
  const topicKeys = file.parentTopics.flatMap((p) => p.topics.map((t) => t.key));
  unique('topic', [...file.parentTopics.map((p) => p.key), ...topicKeys]);
  unique('card', file.cards.map((c) => c.key));
  unique('test', file.tests.map((t) => t.key));
  unique('idiom', file.idioms.map((i) => i.term.toLowerCase()));
  const topics = new Set(topicKeys);
  const used = new Set<string>();
  for (const card of file.cards) {
    for (const t of card.topics) {
      if (!topics.has(t)) errors.push(`${name}: card ${card.key} names unknown topic '${t}'`);
      if (!card.download) used.add(t);
    }
  }
  for (const t of topics) if (!used.has(t)) errors.push(`${name}: topic '${t}' has no learnable cards`);
  for (const test of file.tests) {
    for (const [i, q] of test.questions.entries()) {
      if (!topics.has(q.topic)) errors.push(`${name}: test ${test.key} question ${i + 1} names unknown topic '${q.topic}'`);
    }
  }
  if (file.correctionsCard && !file.cards.some((c) => c.key === file.correctionsCard)) {
    errors.push(`${name}: correctionsCard '${file.correctionsCard}' is not a card`);
  }
  if (!file.cards.some((c) => c.light)) errors.push(`${name}: no card is in the light stream`);
  if (!file.tests.some((t) => t.light)) errors.push(`${name}: no test is in the light stream`);
  for (const slug of file.articles) {
    const article = articles.get(slug);
    if (!article) errors.push(`${name}: unknown article '${slug}'`);
    else if (
      article.category !== GENERAL_ARTICLE_CATEGORY &&
      ![...article.subjects].some((s) => subjectFamily(s) === subjectFamily(file.subject.slug))
    ) {
      errors.push(`${name}: article '${slug}' is about another subject (no related product of ${file.subject.slug})`);
    }
  }
  for (const { where, text } of texts(file)) {
    for (const pattern of FORBIDDEN) if (pattern.test(text)) errors.push(`${name}: ${where} contains ${pattern}`);
    if (/<[a-z][^>]*>/i.test(text)) errors.push(`${name}: ${where} contains HTML (it is dropped; write Markdown)`);
    for (const tex of formulas(text)) {
      if (!tex.trim()) {
        errors.push(`${name}: ${where} has an empty formula`);
        continue;
      }
      try {
        katex.renderToString(tex, { throwOnError: true, strict: 'error' });
      } catch (error) {
        errors.push(`${name}: ${where}: formula '${tex}' does not render: ${(error as Error).message}`);
      }
    }
  }
  return errors;
}

export function studyFileNames(dir = STUDY_DIR): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort();
}

/**
 * Whether a school subject at a level has exam checks in the study files (an
 * article's `[[examencheck: SKU]]` needs them). Files that do not parse count
 * as none; validateStudyContent reports them.
 */
export function studySubjectsWithChecks(dir = STUDY_DIR): (level: string, subject: string) => boolean {
  const withChecks = new Set<string>();
  for (const name of studyFileNames(dir)) {
    try {
      const file = JSON.parse(readFileSync(join(dir, name), 'utf8')) as Partial<StudySubjectFile>;
      if (file.subject && Array.isArray(file.tests) && file.tests.length > 0)
        withChecks.add(`${file.subject.level}/${file.subject.slug}`);
    } catch {
      // not JSON: validateStudyContent says so
    }
  }
  return (level, subject) => withChecks.has(`${level}/${subject}`);
}

/** Checks every (or the named) study file; answers the problems. */
export function validateStudyContent(names?: string[], dir = STUDY_DIR): string[] {
  const read = (file: string): unknown => JSON.parse(readFileSync(join(dir, '..', file), 'utf8'));
  const products = read('products.json') as { sku: string; subject: string }[];
  const subjectOf = new Map(products.map((p) => [`product-${p.sku.toLowerCase()}`, p.subject]));
  const entries = read('articles.json') as {
    fields: { slug: string; category?: { sys: { id: string } }; relatedProducts?: { sys: { id: string } }[] };
  }[];
  const articleSlugs = new Map<string, StudyArticle>(
    entries.map(({ fields }) => [
      fields.slug,
      {
        category: fields.category?.sys.id ?? '',
        subjects: new Set((fields.relatedProducts ?? []).flatMap((p) => subjectOf.get(p.sys.id) ?? [])),
      },
    ]),
  );
  const errors: string[] = [];
  for (const name of names ?? studyFileNames(dir)) {
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(join(dir, name), 'utf8'));
    } catch (error) {
      errors.push(`${name}: not valid JSON: ${(error as Error).message}`);
      continue;
    }
    errors.push(...checkStudyFile(name, raw, articleSlugs));
  }
  return errors;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const names = process.argv.slice(2).map((arg) => arg.split('/').pop() ?? arg);
  const errors = validateStudyContent(names.length ? names : undefined);
  for (const error of errors) console.error(error);
  console.log(errors.length === 0 ? 'study content: ok' : `study content: ${errors.length} problem(s)`);
  process.exitCode = errors.length === 0 ? 0 : 1;
}
