import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { buddyConversations, chatbots, idiomEntries, idiomLists, type BuddyTurnRow } from './tables.ts';

/** A buddy (the subject's name is the catalogue's: the server reads it). */
export async function findChatbot(db: Db, chatbotId: number) {
  const [row] = await db
    .select({ id: chatbots.id, subjectId: chatbots.subjectId, name: chatbots.name, intro: chatbots.intro })
    .from(chatbots)
    .where(eq(chatbots.id, chatbotId));
  return row ?? null;
}

/** The buddies of these subjects (in no particular order: the server puts them in the subjects' order). */
export async function listChatbots(db: Db, subjectIds: readonly number[]) {
  if (subjectIds.length === 0) return [];
  return db
    .select({ id: chatbots.id, subjectId: chatbots.subjectId, name: chatbots.name, intro: chatbots.intro })
    .from(chatbots)
    .where(inArray(chatbots.subjectId, [...subjectIds]))
    .orderBy(asc(chatbots.id));
}

export async function findIdiomList(db: Db, listId: number) {
  const [row] = await db
    .select({ id: idiomLists.id, subjectId: idiomLists.subjectId, title: idiomLists.title })
    .from(idiomLists)
    .where(eq(idiomLists.id, listId));
  return row ?? null;
}

/** The idiom lists of these subjects with their sizes (in no particular order, like listChatbots). */
export async function listIdiomLists(db: Db, subjectIds: readonly number[]) {
  if (subjectIds.length === 0) return [];
  return db
    .select({
      id: idiomLists.id,
      subjectId: idiomLists.subjectId,
      title: idiomLists.title,
      entryCount: sql<number>`(select count(*)::int from idiom_entries e where e.list_id = "idiom_lists"."id")`,
    })
    .from(idiomLists)
    .where(inArray(idiomLists.subjectId, [...subjectIds]))
    .orderBy(asc(idiomLists.id));
}

/** An idiom list's entries in their order; with `search`, those matching every word (term, meaning or example). */
export async function listIdiomEntries(db: Db, listId: number, search?: string) {
  const words = (search ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
  const matches = words.map(
    (word) =>
      sql`strpos(lower(${idiomEntries.term} || ' ' || ${idiomEntries.meaning} || ' ' || ${idiomEntries.example}), ${word}) > 0`,
  );
  return db
    .select({
      id: idiomEntries.id,
      term: idiomEntries.term,
      meaning: idiomEntries.meaning,
      example: idiomEntries.example,
    })
    .from(idiomEntries)
    .where(and(eq(idiomEntries.listId, listId), ...matches))
    .orderBy(asc(idiomEntries.position), asc(idiomEntries.id));
}

/** The idioms of a subject's list, in its order: what the exam buddy answers "wat betekent …" from. */
export async function listSubjectIdioms(db: Db, subjectId: number) {
  return db
    .select({
      id: idiomEntries.id,
      term: idiomEntries.term,
      meaning: idiomEntries.meaning,
      example: idiomEntries.example,
    })
    .from(idiomEntries)
    .innerJoin(idiomLists, eq(idiomLists.id, idiomEntries.listId))
    .where(eq(idiomLists.subjectId, subjectId))
    .orderBy(asc(idiomEntries.position), asc(idiomEntries.id));
}

/** A subject's groups of synonyms for the buddy's retrieval (none without a buddy). */
export async function findBuddySynonyms(db: Db, subjectId: number): Promise<string[][]> {
  const [row] = await db
    .select({ synonyms: chatbots.synonyms })
    .from(chatbots)
    .where(eq(chatbots.subjectId, subjectId));
  return row?.synonyms ?? [];
}

/** A pupil's conversation with a subject's buddy, oldest turn first (empty when none). */
export async function findBuddyTurns(db: Db, userId: string, subjectId: number): Promise<BuddyTurnRow[]> {
  const [row] = await db
    .select({ turns: buddyConversations.turns })
    .from(buddyConversations)
    .where(and(eq(buddyConversations.userId, userId), eq(buddyConversations.subjectId, subjectId)));
  return row?.turns ?? [];
}

/** Adds a turn to a pupil's conversation with a subject's buddy, keeping the last `keep` turns. */
export async function appendBuddyTurn(db: Db, userId: string, subjectId: number, turn: BuddyTurnRow, keep: number) {
  await db
    .insert(buddyConversations)
    .values({ userId, subjectId, turns: [turn] })
    .onConflictDoUpdate({
      target: [buddyConversations.userId, buddyConversations.subjectId],
      set: {
        turns: sql`(select coalesce(jsonb_agg(t order by n), '[]'::jsonb) from (
          select t, n from jsonb_array_elements(${buddyConversations.turns} || ${JSON.stringify([turn])}::jsonb)
            with ordinality as e(t, n) order by n desc limit ${keep}) last)`,
        updatedAt: new Date(),
      },
    });
}

/** Forgets a pupil's conversation with a subject's buddy. */
export async function deleteBuddyTurns(db: Db, userId: string, subjectId: number) {
  await db
    .delete(buddyConversations)
    .where(and(eq(buddyConversations.userId, userId), eq(buddyConversations.subjectId, subjectId)));
}

/** A subject's exam buddy and idiom list (ids and the list's size): the same for every pupil (cached by subjectBuddy). */
export async function findSubjectBuddy(
  db: Db,
  subjectId: number,
): Promise<{ chatbotId: number | null; idiomList: { id: number; title: string; entryCount: number } | null }> {
  const [chatbot, idiomList] = await Promise.all([
    db.select({ id: chatbots.id }).from(chatbots).where(eq(chatbots.subjectId, subjectId)),
    db
      .select({
        id: idiomLists.id,
        title: idiomLists.title,
        entryCount: sql<number>`(select count(*)::int from idiom_entries e where e.list_id = "idiom_lists"."id")`,
      })
      .from(idiomLists)
      .where(eq(idiomLists.subjectId, subjectId)),
  ]);
  return { chatbotId: chatbot[0]?.id ?? null, idiomList: idiomList[0] ?? null };
}
