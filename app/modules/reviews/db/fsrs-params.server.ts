import { and, asc, count, desc, eq, gt, gte, inArray, isNull, or, sql } from 'drizzle-orm';
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

/** The next `limit` pupils with reviews after `after` (by id), read from the log's index by pupil and time. */
export async function pupilsWithReviews(db: Db, after: string, limit: number): Promise<string[]> {
  const rows = await db
    .select({ userId: cardReviews.userId })
    .from(cardReviews)
    .where(gt(cardReviews.userId, after))
    .groupBy(cardReviews.userId)
    .orderBy(asc(cardReviews.userId))
    .limit(limit);
  return rows.map((row) => row.userId);
}

/** These pupils' reviews (card, rating 1–4, when), per pupil oldest first, with their fitted parameters if any. */
export async function reviewLogsOf(db: Db, userIds: readonly string[]) {
  const logs = new Map<string, { cardId: number; rating: number; reviewedAt: Date }[]>(userIds.map((id) => [id, []]));
  const fits = new Map<string, { weights: number[]; fittedAt: Date }>();
  if (userIds.length === 0) return { logs, fits };
  const [rows, fitted] = await Promise.all([
    db
      .select({
        userId: cardReviews.userId,
        cardId: cardReviews.cardId,
        rating: cardReviews.rating,
        reviewedAt: cardReviews.reviewedAt,
      })
      .from(cardReviews)
      .where(inArray(cardReviews.userId, [...userIds]))
      .orderBy(asc(cardReviews.userId), asc(cardReviews.reviewedAt), asc(cardReviews.id)),
    db
      .select({ userId: fsrsParameters.userId, weights: fsrsParameters.weights, fittedAt: fsrsParameters.fittedAt })
      .from(fsrsParameters)
      .where(inArray(fsrsParameters.userId, [...userIds])),
  ]);
  for (const { userId, ...review } of rows) logs.get(userId)!.push(review);
  for (const { userId, ...fit } of fitted) fits.set(userId, fit);
  return { logs, fits };
}
