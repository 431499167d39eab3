import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { cards, cardTopics, studySubjects, topics } from '#app/modules/cards/index.server.ts';
import { chatbots, idiomEntries, idiomLists } from '#app/modules/buddy/index.server.ts';
import { testQuestions, tests, type ChoiceOptionRow } from '#app/modules/checks/index.server.ts';
import { studySubjectFileSchema, type StudySubjectFile } from '#app/modules/study/schemas/study-content.ts';
import { renderStudyMarkdown, studyPlainText } from '#app/platform/server/rich-text.server.ts';

/** The row that lost an upsert conflict: `excluded.<column>`. */
const excluded = (column: { name: string }) => sql.raw(`excluded."${column.name}"`);

/** Option ids of a multiple-choice question, in order. */
const OPTION_IDS = ['a', 'b', 'c', 'd', 'e', 'f'] as const;

/** A stable key for an idiom's term: 'Toon aan' → 'toon-aan'. */
export function idiomKey(term: string): string {
  return (
    term
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'term'
  );
}

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

/**
 * Imports one subject's study content: upserts topics, cards, tests with
 * their questions, the idiom list and the exam buddy by their keys (ids stay
 * the same), and removes what the file no longer has. A card marked new keeps
 * the moment it first became new; a card no longer marked new loses it.
 */
async function importSubject(
  tx: Db,
  subjectId: number,
  file: StudySubjectFile,
  renderStudyMarkdown: (source: string) => string,
): Promise<void> {
  // Topics: parents first, then their topics.
  const parentRows = await tx
    .insert(topics)
    .values(file.parentTopics.map((p, position) => ({ subjectId, parentId: null, key: p.key, name: p.name, position })))
    .onConflictDoUpdate({
      target: [topics.subjectId, topics.key],
      set: { name: excluded(topics.name), position: excluded(topics.position), parentId: sql`null` },
    })
    .returning({ id: topics.id, key: topics.key });
  const parentId = new Map(parentRows.map((r) => [r.key, r.id]));
  let position = 0;
  const childValues = file.parentTopics.flatMap((p) =>
    p.topics.map((t) => ({
      subjectId,
      parentId: parentId.get(p.key)!,
      key: t.key,
      name: t.name,
      position: position++,
    })),
  );
  const childRows = await tx
    .insert(topics)
    .values(childValues)
    .onConflictDoUpdate({
      target: [topics.subjectId, topics.key],
      set: { name: excluded(topics.name), position: excluded(topics.position), parentId: excluded(topics.parentId) },
    })
    .returning({ id: topics.id, key: topics.key });
  const topicId = new Map(childRows.map((r) => [r.key, r.id]));
  const topicKeys = [...parentId.keys(), ...topicId.keys()];
  await tx.delete(topics).where(and(eq(topics.subjectId, subjectId), notInArray(topics.key, topicKeys)));

  // Cards.
  const cardRows = await tx
    .insert(cards)
    .values(
      file.cards.map((card, index) => ({
        subjectId,
        key: card.key,
        title: card.title,
        section: card.section,
        examType: card.examType,
        difficulty: card.difficulty,
        light: card.light,
        isDownload: card.download,
        bodyHtml: renderStudyMarkdown(card.body),
        answerHtml: card.answer ? renderStudyMarkdown(card.answer) : null,
        plainText: studyPlainText(`${card.body}\n${card.answer ?? ''}`),
        newSince: card.new ? sql`now()` : null,
        position: index,
      })),
    )
    .onConflictDoUpdate({
      target: [cards.subjectId, cards.key],
      set: {
        title: excluded(cards.title),
        section: excluded(cards.section),
        examType: excluded(cards.examType),
        difficulty: excluded(cards.difficulty),
        light: excluded(cards.light),
        isDownload: excluded(cards.isDownload),
        bodyHtml: excluded(cards.bodyHtml),
        answerHtml: excluded(cards.answerHtml),
        plainText: excluded(cards.plainText),
        newSince: sql`case when excluded."new_since" is null then null else coalesce(${cards.newSince}, excluded."new_since") end`,
        position: excluded(cards.position),
      },
    })
    .returning({ id: cards.id, key: cards.key });
  const cardId = new Map(cardRows.map((r) => [r.key, r.id]));
  await tx.delete(cards).where(and(eq(cards.subjectId, subjectId), notInArray(cards.key, [...cardId.keys()])));
  const ids = [...cardId.values()];
  await tx.delete(cardTopics).where(inArray(cardTopics.cardId, ids));
  await tx
    .insert(cardTopics)
    .values(
      file.cards.flatMap((card) =>
        [...new Set(card.topics)].map((key) => ({ cardId: cardId.get(card.key)!, topicId: topicId.get(key)! })),
      ),
    );

  await tx
    .insert(studySubjects)
    .values({
      subjectId,
      aboutHtml: renderStudyMarkdown(file.about),
      teachersHtml: renderStudyMarkdown(file.teachers),
      articleSlugs: file.articles,
      correctionsCardId: file.correctionsCard ? (cardId.get(file.correctionsCard) ?? null) : null,
    })
    .onConflictDoUpdate({
      target: studySubjects.subjectId,
      set: {
        aboutHtml: excluded(studySubjects.aboutHtml),
        teachersHtml: excluded(studySubjects.teachersHtml),
        articleSlugs: excluded(studySubjects.articleSlugs),
        correctionsCardId: excluded(studySubjects.correctionsCardId),
        importedAt: sql`now()`,
      },
    });

  // Exam checks and their questions (a question's id stays with its position).
  const testRows = await tx
    .insert(tests)
    .values(
      file.tests.map((t, index) => ({
        subjectId,
        key: t.key,
        title: t.title,
        description: t.description,
        light: t.light,
        position: index,
      })),
    )
    .onConflictDoUpdate({
      target: [tests.subjectId, tests.key],
      set: {
        title: excluded(tests.title),
        description: excluded(tests.description),
        light: excluded(tests.light),
        position: excluded(tests.position),
      },
    })
    .returning({ id: tests.id, key: tests.key });
  const testId = new Map(testRows.map((r) => [r.key, r.id]));
  await tx.delete(tests).where(and(eq(tests.subjectId, subjectId), notInArray(tests.key, [...testId.keys()])));
  for (const t of file.tests) {
    const id = testId.get(t.key)!;
    await tx
      .insert(testQuestions)
      .values(
        t.questions.map((q, index) => {
          const base = {
            testId: id,
            topicId: topicId.get(q.topic)!,
            position: index,
            promptHtml: renderStudyMarkdown(q.prompt),
          };
          if (q.kind === 'choice') {
            const options: ChoiceOptionRow[] = q.options.map((o, i) => ({
              id: OPTION_IDS[i]!,
              html: renderStudyMarkdown(o.text),
              correct: o.correct,
            }));
            return {
              ...base,
              kind: 'choice',
              options,
              explanationHtml: renderStudyMarkdown(q.explanation),
              modelAnswerHtml: null,
              scoringPoints: null,
              maxPoints: 1,
            };
          }
          return {
            ...base,
            kind: 'open',
            options: null,
            explanationHtml: null,
            modelAnswerHtml: renderStudyMarkdown(q.modelAnswer),
            scoringPoints: q.scoringPoints,
            maxPoints: q.scoringPoints.length,
          };
        }),
      )
      .onConflictDoUpdate({
        target: [testQuestions.testId, testQuestions.position],
        set: {
          topicId: excluded(testQuestions.topicId),
          kind: excluded(testQuestions.kind),
          promptHtml: excluded(testQuestions.promptHtml),
          options: excluded(testQuestions.options),
          explanationHtml: excluded(testQuestions.explanationHtml),
          modelAnswerHtml: excluded(testQuestions.modelAnswerHtml),
          scoringPoints: excluded(testQuestions.scoringPoints),
          maxPoints: excluded(testQuestions.maxPoints),
        },
      });
    await tx
      .delete(testQuestions)
      .where(and(eq(testQuestions.testId, id), sql`${testQuestions.position} >= ${t.questions.length}`));
  }

  // The idiom list and the exam buddy.
  const [list] = await tx
    .insert(idiomLists)
    .values({ subjectId, title: 'Examenidioom' })
    .onConflictDoUpdate({ target: idiomLists.subjectId, set: { title: excluded(idiomLists.title) } })
    .returning({ id: idiomLists.id });
  const idiomValues = file.idioms.map((idiom, index) => ({
    listId: list!.id,
    key: idiomKey(idiom.term),
    term: idiom.term,
    meaning: idiom.meaning,
    example: idiom.example,
    position: index,
  }));
  await tx
    .insert(idiomEntries)
    .values(idiomValues)
    .onConflictDoUpdate({
      target: [idiomEntries.listId, idiomEntries.key],
      set: {
        term: excluded(idiomEntries.term),
        meaning: excluded(idiomEntries.meaning),
        example: excluded(idiomEntries.example),
        position: excluded(idiomEntries.position),
      },
    });
  await tx.delete(idiomEntries).where(
    and(
      eq(idiomEntries.listId, list!.id),
      notInArray(
        idiomEntries.key,
        idiomValues.map((v) => v.key),
      ),
    ),
  );
  await tx
    .insert(chatbots)
    .values({ subjectId, name: file.buddy.name, intro: file.buddy.intro })
    .onConflictDoUpdate({
      target: chatbots.subjectId,
      set: { name: excluded(chatbots.name), intro: excluded(chatbots.intro) },
    });
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
