/**
 * The study content import (content/study/*.json, spec §3): a workflow across the modules whose content a
 * study file holds. One transaction (the caller's) is passed to each module's public write: the cards
 * module's topics, cards and texts, then the checks (mapped to those topics), then the idiom list and the
 * exam buddy. Rendered Markdown is cached on disk per content version (RenderCache).
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Db } from '#app/db/client.server.ts';
import { importBuddyContent } from '#app/modules/buddy/index.server.ts';
import { importCardsContent } from '#app/modules/cards/index.server.ts';
import { importChecksContent } from '#app/modules/checks/index.server.ts';
import { studySubjectFileSchema, type StudySubjectFile } from '#app/modules/study/schemas/study-content.ts';
import { renderStudyMarkdown } from '#app/platform/server/rich-text.server.ts';

export interface StudyFile {
  name: string;
  data: StudySubjectFile;
  /** The file's text, which keys the cache of its rendered Markdown. */
  text: string;
}

/**
 * Rendered study Markdown by its source, kept in a file per content version
 * in the system's temporary folder: rendering every formula with KaTeX takes
 * most of a second, and the integration tests seed a database per test file.
 * The key covers the content and the renderer, so a change renders afresh.
 */
class RenderCache {
  private readonly entries = new Map<string, string>();
  private changed = false;
  private readonly file: string;
  private constructor(file: string) {
    this.file = file;
  }

  static async open(texts: readonly string[]): Promise<RenderCache> {
    const key = createHash('sha256').update(RENDERER_VERSION);
    for (const text of texts) key.update(text);
    const file = path.join(tmpdir(), `slaagbundel-study-render-${key.digest('hex').slice(0, 24)}.json`);
    const cache = new RenderCache(file);
    try {
      const stored = JSON.parse(await readFile(file, 'utf8')) as Record<string, string>;
      for (const [source, html] of Object.entries(stored)) cache.entries.set(source, html);
    } catch {
      // No cache yet (or an unreadable one): render.
    }
    return cache;
  }

  render = (source: string): string => {
    let html = this.entries.get(source);
    if (html === undefined) {
      html = renderStudyMarkdown(source);
      this.entries.set(source, html);
      this.changed = true;
    }
    return html;
  };

  async save(): Promise<void> {
    if (!this.changed) return;
    try {
      await mkdir(path.dirname(this.file), { recursive: true });
      const temporary = `${this.file}.${process.pid}.tmp`;
      await writeFile(temporary, JSON.stringify(Object.fromEntries(this.entries)));
      await rename(temporary, this.file);
    } catch {
      // A cache that cannot be written only costs time.
    }
  }
}

/** Part of the render cache's key: change it when the rendering of study Markdown changes. */
const RENDERER_VERSION = 'marked-18.2.1 katex-0.18.11 marked-katex-5.1.13 v1';

/** Reads and parses content/study/*.json (in name order), feeding each file into the seed's hash. */
export async function readStudyFiles(contentDir: string, hash: ReturnType<typeof createHash>): Promise<StudyFile[]> {
  const dir = path.join(contentDir, 'study');
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith('.json')).sort();
  } catch {
    return [];
  }
  const files: StudyFile[] = [];
  for (const name of names) {
    const text = await readFile(path.join(dir, name), 'utf8');
    hash.update(`study/${name}`).update(text);
    files.push({ name, text, data: studySubjectFileSchema.parse(JSON.parse(text) as unknown) });
  }
  return files;
}

export interface StudyImportCounts {
  studySubjects: number;
  cards: number;
  tests: number;
  questions: number;
  idioms: number;
}

/** Imports one subject's study content: each module's part, in one transaction (`tx`). */
async function importSubject(
  tx: Db,
  subjectId: number,
  file: StudySubjectFile,
  render: (source: string) => string,
): Promise<void> {
  const topicId = await importCardsContent(tx, subjectId, file, render);
  await importChecksContent(tx, subjectId, file, topicId, render);
  await importBuddyContent(tx, subjectId, file);
}

/** Imports every study file; `subjectIdOf` maps 'slug level' to the subject's id. */
export async function importStudyContent(
  tx: Db,
  files: readonly StudyFile[],
  subjectIdOf: ReadonlyMap<string, number>,
): Promise<StudyImportCounts> {
  const counts: StudyImportCounts = { studySubjects: 0, cards: 0, tests: 0, questions: 0, idioms: 0 };
  const cache = await RenderCache.open(files.map((f) => f.text));
  for (const { name, data } of files) {
    const subjectId = subjectIdOf.get(`${data.subject.slug} ${data.subject.level}`);
    if (subjectId === undefined) throw new Error(`Study file ${name} names an unknown subject`);
    await importSubject(tx, subjectId, data, cache.render);
    counts.studySubjects += 1;
    counts.cards += data.cards.length;
    counts.tests += data.tests.length;
    counts.questions += data.tests.reduce((n, t) => n + t.questions.length, 0);
    counts.idioms += data.idioms.length;
  }
  await cache.save();
  return counts;
}
