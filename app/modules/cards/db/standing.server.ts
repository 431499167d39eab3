import { sql, type SQL } from 'drizzle-orm';
import { subjectAccess, userCards } from './tables.ts';

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
      where sa.user_id = ${userId} and sa.subject_id = ${subjectId}
        and (sa.expires_at is null or sa.expires_at > now()))`,
  /** Whether the pupil marked the card learned. */
  learned: (userId: SQL, cardId: SQL) =>
    sql<boolean>`exists (select 1 from ${userCards} uc
      where uc.user_id = ${userId} and uc.card_id = ${cardId} and uc.learned_at is not null)`,
};
