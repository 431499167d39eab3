/**
 * The checks module's part of the study content import (the workflow: app/modules/study/server/content-import.server.ts):
 * a subject's exam checks upserted by their keys, their questions by position (a question's id stays with
 * its position), and what the file no longer has removed.
 */
import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { excluded } from '#app/db/upsert.server.ts';
import { testQuestions, tests, type ChoiceOptionRow } from './tables.ts';

/** Option ids of a multiple-choice question, in order. */
const OPTION_IDS = ['a', 'b', 'c', 'd', 'e', 'f'] as const;

type Question = { topic: string; prompt: string } & (
  | { kind: 'choice'; options: readonly { text: string; correct: boolean }[]; explanation: string }
  | { kind: 'open'; modelAnswer: string; scoringPoints: string[] }
);

/** What the import gives the checks module of one subject's study file. */
export interface ChecksContent {
  tests: readonly { key: string; title: string; description: string; light: boolean; questions: readonly Question[] }[];
}

/** Imports one subject's exam checks in `tx`; `topicId` gives the cards module's topic ids by key. */
export async function importChecksContent(
  tx: Db,
  subjectId: number,
  file: ChecksContent,
  topicId: ReadonlyMap<string, number>,
  renderStudyMarkdown: (source: string) => string,
): Promise<void> {
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
}
