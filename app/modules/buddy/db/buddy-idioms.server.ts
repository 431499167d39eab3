import { rowsOf } from '#app/modules/cards/index.server.ts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { buddyConversations, chatbots, idiomEntries, idiomLists, type BuddyTurnRow } from './tables.ts';
import { cards } from '#app/modules/cards/index.server.ts';
import { subjects } from '#app/modules/catalog/index.server.ts';

export async function findChatbot(db: Db, chatbotId: number) {
  const [row] = await db
    .select({
      id: chatbots.id,
      subjectId: chatbots.subjectId,
      name: chatbots.name,
      intro: chatbots.intro,
      subjectName: subjects.name,
      levelName: subjects.levelName,
    })
    .from(chatbots)
    .innerJoin(subjects, eq(subjects.id, chatbots.subjectId))
    .where(eq(chatbots.id, chatbotId));
  return row ?? null;
}

/** The buddies of these subjects. */
export async function listChatbots(db: Db, subjectIds: readonly number[]) {
  if (subjectIds.length === 0) return [];
  return db
    .select({ id: chatbots.id, subjectId: chatbots.subjectId, name: chatbots.name, intro: chatbots.intro })
    .from(chatbots)
    .innerJoin(subjects, eq(subjects.id, chatbots.subjectId))
    .where(inArray(chatbots.subjectId, [...subjectIds]))
    .orderBy(asc(subjects.position), asc(chatbots.id));
}

export async function findIdiomList(db: Db, listId: number) {
  const [row] = await db
    .select({ id: idiomLists.id, subjectId: idiomLists.subjectId, title: idiomLists.title, subjectName: subjects.name })
    .from(idiomLists)
    .innerJoin(subjects, eq(subjects.id, idiomLists.subjectId))
    .where(eq(idiomLists.id, listId));
  return row ?? null;
}

export async function listIdiomLists(db: Db, subjectIds: readonly number[]) {
  if (subjectIds.length === 0) return [];
  return db
    .select({
      id: idiomLists.id,
      subjectId: idiomLists.subjectId,
      title: idiomLists.title,
      subjectName: subjects.name,
      entryCount: sql<number>`(select count(*)::int from idiom_entries e where e.list_id = "idiom_lists"."id")`,
    })
    .from(idiomLists)
    .innerJoin(subjects, eq(subjects.id, idiomLists.subjectId))
    .where(inArray(idiomLists.subjectId, [...subjectIds]))
    .orderBy(asc(subjects.position), asc(idiomLists.id));
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

export interface BuddyHit {
  kind: 'card' | 'idiom';
  id: number;
  title: string;
  text: string;
  /** A card's body as HTML (formulas rendered); null for an idiom. */
  html: string | null;
  light: boolean;
  rank: number;
}

/**
 * Full-text retrieval for the exam buddy: the subject's
 * cards and idioms best matching the question (Dutch stemming, any of its
 * words), best first.
 */
export async function searchSubjectMaterial(
  db: Db,
  subjectId: number,
  question: string,
  limit = 6,
): Promise<BuddyHit[]> {
  // The question's words (letters and digits only, so nothing in it can break the query); longer ones as prefixes.
  const words = [...new Set(question.toLowerCase().match(/[\p{L}\p{N}]{2,}/gu) ?? [])].slice(0, 12);
  if (words.length === 0) return [];
  const terms = words.map((word) => (word.length >= 4 ? `${word}:*` : word)).join(' | ');
  const rows = await rowsOf<{
    kind: 'card' | 'idiom';
    id: number;
    title: string;
    text: string;
    html: string | null;
    light: boolean;
    rank: number;
  }>(
    db,
    sql`
    with q as (
      select to_tsquery('dutch', ${terms}) as query
    )
    select * from (
      select 'card' as kind, c.id, c.title, c.plain_text as text, c.body_html as html, c.light, ts_rank(c.search_document, q.query) as rank
        from ${cards} c, q
       where c.subject_id = ${subjectId} and not c.is_download and c.search_document @@ q.query
      union all
      select 'idiom' as kind, e.id, e.term as title, e.meaning as text, null as html, true as light,
             ts_rank(e.search_document, q.query) * 0.8 as rank
        from ${idiomEntries} e join ${idiomLists} l on l.id = e.list_id, q
       where l.subject_id = ${subjectId} and e.search_document @@ q.query
    ) hits
    order by rank desc, id
    limit ${limit}`,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), rank: Number(r.rank) }));
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
