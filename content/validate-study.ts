// Checks the study area's demo content: every content/study/*.json with the checks of
// app/modules/study/schemas/study-content-checks.ts (the format of study-content.ts, plus what a
// schema cannot see: unique keys, topics that exist, every topic with cards, formulas KaTeX can
// render, articles that exist, no placeholder text). The back office's upload runs the same checks.
//
//   node content/validate-study.ts [file …]      (also part of npm run content:validate)

import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formulaError } from '#app/platform/server/formula.server.ts';
import { studyContentProblems, type StudyArticle, type StudySubjectFile } from '#app/modules/study/index.ts';

const HERE = fileURLToPath(new URL('.', import.meta.url));
export const STUDY_DIR = join(HERE, 'study');

export type { StudyArticle };

/** The problems of one parsed study file, as readable lines; empty when it is fine. */
export function checkStudyFile(name: string, raw: unknown, articles: ReadonlyMap<string, StudyArticle>): string[] {
  const { problems } = studyContentProblems(raw, { articles, formulaError, fileName: name });
  return problems.filter((p) => p.message !== '').map((p) => `${name}: ${p.message}`);
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
