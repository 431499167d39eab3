import { and, asc, count, desc, eq, gte, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { cardReviews, fsrsParameters } from './tables.ts';

/** A pupil's own FSRS-6 parameters (fsrs_parameters): the 21 weights, the reviews they were fitted on and when. */
export interface FsrsParametersRow {
  weights: number[];
  reviewCount: number;
  fittedAt: Date;
}

/** The user's fitted parameters, or null (FSRS-6's defaults apply). One read by primary key. */
export async function findFsrsParameters(db: Db, userId: string): Promise<FsrsParametersRow | null> {
  const [row] = await db
    .select({
      weights: fsrsParameters.weights,
      reviewCount: fsrsParameters.reviewCount,
      fittedAt: fsrsParameters.fittedAt,
    })
    .from(fsrsParameters)
    .where(eq(fsrsParameters.userId, userId));
  return row ?? null;
}

/** Keeps the user's fitted parameters, replacing earlier ones. */
export async function saveFsrsParameters(db: Db, userId: string, parameters: FsrsParametersRow): Promise<void> {
  await db
    .insert(fsrsParameters)
    .values({ userId, ...parameters })
    .onConflictDoUpdate({ target: fsrsParameters.userId, set: parameters });
}

/**
 * Users whose parameters are due for a fit: at least `minReviews` reviews, and no parameters yet or
 * `refitAfter` reviews more than their last fit used. Never-fitted users first, then the most reviews;
 * at most `limit`. The count per user reads the (user_id, reviewed_at) index of card_reviews only.
 */
export async function listUsersDueForFit(
  db: Db,
  { minReviews, refitAfter, limit }: { minReviews: number; refitAfter: number; limit: number },
): Promise<{ userId: string; reviewCount: number }[]> {
  const totals = db
    .select({ userId: cardReviews.userId, total: count().as('total') })
    .from(cardReviews)
    .groupBy(cardReviews.userId)
    .as('totals');
  const rows = await db
    .select({ userId: totals.userId, reviewCount: totals.total })
    .from(totals)
    .leftJoin(fsrsParameters, eq(fsrsParameters.userId, totals.userId))
    .where(
      and(
        gte(totals.total, minReviews),
        or(isNull(fsrsParameters.userId), gte(totals.total, sql`${fsrsParameters.reviewCount} + ${refitAfter}`)),
      ),
    )
    .orderBy(desc(sql`${fsrsParameters.userId} is null`), desc(totals.total), asc(totals.userId))
    .limit(limit);
  return rows.map((row) => ({ userId: row.userId, reviewCount: Number(row.reviewCount) }));
}
