/**
 * The buddy module's part of the study content import (the workflow: app/modules/study/server/content-import.server.ts):
 * a subject's idiom list, its entries upserted by their terms' keys (what the file no longer has removed),
 * and its exam buddy with its synonyms.
 */
import { and, eq, notInArray } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { excluded } from '#app/db/upsert.server.ts';
import { chatbots, idiomEntries, idiomLists } from './tables.ts';

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

/** What the import gives the buddy module of one subject's study file. */
export interface BuddyContent {
  idioms: readonly { term: string; meaning: string; example: string }[];
  buddy: { name: string; intro: string; synonyms: readonly (readonly string[])[] };
}

/** Imports one subject's idiom list and exam buddy in `tx`. */
export async function importBuddyContent(tx: Db, subjectId: number, file: BuddyContent): Promise<void> {
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
    .values({
      subjectId,
      name: file.buddy.name,
      intro: file.buddy.intro,
      synonyms: file.buddy.synonyms.map((group) => [...group]),
    })
    .onConflictDoUpdate({
      target: chatbots.subjectId,
      set: { name: excluded(chatbots.name), intro: excluded(chatbots.intro), synonyms: excluded(chatbots.synonyms) },
    });
}
