import { and, asc, eq, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { cards, studySubjects, subjectAccess, userCards } from './tables.ts';

/**
 * A pupil's standing with a card (their stream to its subject, their learned mark) as SQL that another module's
 * statement selects or checks in its own round trip: the review reads and writes in one statement each (ADR
 * 022), and these are the cards module's part of them. The cards module owns these tables and this SQL; the
 * reviews module's db/ takes it as an argument and names none of them (docs/architecture.md, rule 5).
 * The arguments are SQL values (placeholders of a prepared statement, or parameters).
 */
export const cardStandingSql = {
  /** The pupil's stream to the subject: 'full', 'light', or null without access. */
  stream: (userId: SQL, subjectId: SQL) =>
    sql<string | null>`(select sa.stream from ${subjectAccess} sa
      where sa.user_id = ${userId} and sa.subject_id = ${subjectId})`,
  /** Whether the pupil's stream to the subject is still `stream`. */
  streamIs: (userId: SQL, subjectId: SQL, stream: SQL) =>
    sql<boolean>`exists (select 1 from ${subjectAccess} sa
      where sa.user_id = ${userId} and sa.subject_id = ${subjectId} and sa.stream = ${stream})`,
  /** Whether the pupil marked the card learned. */
  learned: (userId: SQL, cardId: SQL) =>
    sql<boolean>`exists (select 1 from ${userCards} uc
      where uc.user_id = ${userId} and uc.card_id = ${cardId} and uc.learned_at is not null)`,
};

/**
 * A subject's cards that can be learned and reviewed, in its order: no sheet, not its corrections card (the rule
 * of domain/access.ts `isLearnable`, in SQL for the demo seed, which has no request Scope).
 */
export async function listLearnableCardIds(db: Db, subjectId: number): Promise<number[]> {
  const rows = await db
    .select({ id: cards.id })
    .from(cards)
    .leftJoin(studySubjects, eq(studySubjects.subjectId, cards.subjectId))
    .where(
      and(
        eq(cards.subjectId, subjectId),
        eq(cards.isDownload, false),
        or(isNull(studySubjects.correctionsCardId), ne(cards.id, studySubjects.correctionsCardId)),
      ),
    )
    .orderBy(asc(cards.position), asc(cards.id));
  return rows.map((row) => row.id);
}
