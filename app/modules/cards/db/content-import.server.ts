/**
 * The cards module's part of the study content import (the workflow: app/modules/study/server/content-import.server.ts):
 * a subject's topics, cards with their topics and its texts, upserted by their keys so that ids (and every
 * pupil's learned marks and memory) stay, and what the file no longer has removed. A card marked new keeps
 * the moment it first became new; a card no longer marked new loses it.
 */
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { excluded } from '#app/db/upsert.server.ts';
import { studyPlainText } from '#app/platform/server/rich-text.server.ts';
import { cards, cardTopics, studySubjects, topics } from './tables.ts';

/** What the import gives the cards module of one subject's study file (Markdown texts, keys). */
export interface CardsContent {
  parentTopics: readonly { key: string; name: string; topics: readonly { key: string; name: string }[] }[];
  cards: readonly {
    key: string;
    title: string;
    section: string;
    examType: string;
    difficulty: string;
    light: boolean;
    download: boolean;
    body: string;
    answer?: string | null | undefined;
    new?: boolean | undefined;
    topics: readonly string[];
  }[];
  about: string;
  teachers: string;
  articles: string[];
  correctionsCard?: string | null | undefined;
}

/** Imports one subject's topics, cards and texts in `tx`; answers the topics' ids by key (the checks map to them). */
export async function importCardsContent(
  tx: Db,
  subjectId: number,
  file: CardsContent,
  renderStudyMarkdown: (source: string) => string,
): Promise<Map<string, number>> {
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
  return topicId;
}
