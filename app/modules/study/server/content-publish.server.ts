/**
 * A subject's study content from outside the repository (issue 35, item 3; ADR 034): checked with the same checks
 * as `npm run content:validate` (the articles it names read through the content port), compared with what pupils
 * have now, imported for that one subject (the same workflow as the seed's, in the caller's transaction), and
 * forgotten by this copy's read-through cache. The content service may hold a subject's file too (content type
 * `studySubject`: `slug`, `level` and `content`, the file as a JSON object).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import type { ContentEntry } from '#app/platform/integrations/content/port.ts';
import type { Scope } from '#app/platform/server/deps.ts';
import { formulaError } from '#app/platform/server/formula.server.ts';
import { subjectContent } from '#app/modules/cards/index.server.ts';
import { subjectChecks } from '#app/modules/checks/index.server.ts';
import type { JsonPath } from '#app/modules/study/domain/json-lines.ts';
import type { StudySubjectFile } from '#app/modules/study/schemas/study-content.ts';
import { checkStudyContentText, type StudyArticle } from '#app/modules/study/schemas/study-content-checks.ts';
import { importStudyContent, type StudyImportCounts } from './content-import.server.ts';

type Fields = Record<string, unknown>;
const isEntry = (v: unknown): v is ContentEntry<Fields> =>
  typeof v === 'object' && v !== null && 'sys' in v && 'fields' in v && typeof v.fields === 'object';
const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The most articles read (the delivery API's page limit); the demo has 32. */
const MAX_ARTICLES = 1000;

/**
 * The articles a study file may name, through the content port: each with its category and the school subjects
 * of its related products (as content/validate-study.ts reads them from content/articles.json).
 */
export async function studyArticles(s: Scope): Promise<Map<string, StudyArticle>> {
  const { items } = await s.content.getEntries<Fields>({ contentType: 'article', include: 1, limit: MAX_ARTICLES });
  return new Map(
    items.map((entry) => {
      const category = entry.fields.category;
      const related = Array.isArray(entry.fields.relatedProducts) ? entry.fields.relatedProducts : [];
      return [
        text(entry.fields.slug),
        {
          category: isEntry(category) ? category.sys.id : '',
          subjects: new Set(related.filter(isEntry).map((product) => text(product.fields.subject))),
        },
      ];
    }),
  );
}

/**
 * An uploaded study file's text, checked as `npm run content:validate` checks a file (and by `more`, the caller's
 * own checks); its problems in Dutch, each with its line.
 */
export async function checkStudyContent(
  s: Scope,
  source: string,
  more?: (file: StudySubjectFile) => { path: JsonPath; dutch: string }[],
) {
  return checkStudyContentText(source, { articles: await studyArticles(s), formulaError, ...(more ? { more } : {}) });
}

/** What publishing a file changes for the pupils of a subject: cards and checks kept (with their ids), new, gone. */
export interface StudyContentChanges {
  /** The subject has no study content yet. */
  newSubject: boolean;
  cards: { kept: number; added: number; removed: { key: string; title: string }[] };
  tests: { kept: number; added: number; removed: { key: string; title: string }[] };
}

/**
 * The changes `file` makes to subject `subjectId`'s live content, by key: an entry whose key stays keeps its id and
 * with it every pupil's learned marks, visits, reviews and attempts; an entry whose key is gone is deleted on
 * import, and what pupils did with it goes with it (the tables refer to it ON DELETE CASCADE).
 */
export async function studyContentChanges(
  s: Scope,
  subjectId: number,
  file: StudySubjectFile,
): Promise<StudyContentChanges> {
  const [content, checks] = await Promise.all([subjectContent(s, subjectId), subjectChecks(s, subjectId)]);
  const diff = (live: readonly { key: string; title: string }[], next: readonly { key: string }[]) => {
    const nextKeys = new Set(next.map((entry) => entry.key));
    const liveKeys = new Set(live.map((entry) => entry.key));
    return {
      kept: next.filter((entry) => liveKeys.has(entry.key)).length,
      added: next.filter((entry) => !liveKeys.has(entry.key)).length,
      removed: live.filter((entry) => !nextKeys.has(entry.key)).map(({ key, title }) => ({ key, title })),
    };
  };
  return {
    newSubject: !content?.study,
    cards: diff(content?.cards ?? [], file.cards),
    tests: diff(checks, file.tests),
  };
}

/**
 * Imports one subject's study file in `tx` (the seed's workflow: each module's part), one import of a subject at a
 * time (an advisory lock held to the end of `tx`).
 */
export async function importSubjectContent(
  tx: Db,
  subject: { id: number; slug: string; levelName: string },
  file: StudySubjectFile,
  source: string,
): Promise<StudyImportCounts> {
  if (file.subject.slug !== subject.slug || file.subject.level !== subject.levelName) {
    throw new Error(`The study file of ${file.subject.slug} ${file.subject.level} is not for subject ${subject.id}`);
  }
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('study-content-import'), ${subject.id})`);
  return importStudyContent(
    tx,
    [{ name: `${subject.levelName}-${subject.slug}.json`, data: file, text: source }],
    new Map([[`${subject.slug} ${subject.levelName}`, subject.id]]),
  );
}

/**
 * Forgets what this copy's read-through cache keeps of a subject's content (docs/caches.md), after an import:
 * its cards and topics (cards), its checks and their questions and points (checks, planner), its buddy, idiom
 * list and search index (buddy), and the map of every card's subject. `testIds`: the checks it had before the
 * import (a check keeps its id while its key stays; a new one has nothing kept). Other copies see the import
 * within CONTENT_CACHE_SECONDS.
 */
export function forgetSubjectContent(s: Pick<Scope, 'cache'>, subjectId: number, testIds: readonly number[]): void {
  for (const key of [
    `study:subject:${subjectId}`,
    `study:subject-checks:${subjectId}`,
    `study:check-points:${subjectId}`,
    `study:subject-buddy:${subjectId}`,
    `buddy:index:${subjectId}`,
    'study:card-subjects',
  ]) {
    s.cache.delete(key);
  }
  for (const id of testIds) s.cache.delete(`study:questions:${id}`);
}

/** A subject's study file as the content service holds it (content type `studySubject`), or null when it has none. */
export async function studyContentFromService(
  s: Scope,
  slug: string,
  level: string,
): Promise<{ source: string; updatedAt: string } | null> {
  const { items } = await s.content.getEntries<Fields>({
    contentType: 'studySubject',
    where: { 'fields.slug': slug, 'fields.level': level },
    include: 0,
    limit: 1,
  });
  const entry = items[0];
  if (!entry) return null;
  const content = entry.fields.content;
  // A JSON object field holds the file; a text field its text (kept as it is, so its lines are the editor's).
  const source = typeof content === 'string' ? content : JSON.stringify(content ?? null, null, 2);
  return { source, updatedAt: entry.sys.updatedAt };
}
