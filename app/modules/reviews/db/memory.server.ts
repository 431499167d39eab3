import { and, asc, desc, eq, gte, inArray, lte, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { preparedPerDatabase } from '#app/db/prepared.server.ts';
import type { CardMemory, ReviewLogEntry } from '#app/modules/reviews/domain/memory.ts';
import { reviewFactsSql } from './review-facts.server.ts';
import { cardMemory, cardReviews, fsrsParameters } from './tables.ts';

/** A pupil's stream to a subject, as the review reads it (the cards module's stream; this file names none of its code). */
type AccessStream = 'full' | 'light';

type Value = SQL | Placeholder;

/**
 * The SQL of a pupil's standing with a card that the review's statements read and check in their own round
 * trip (ADR 022): the cards module's `cardStandingSql`, given by the use case (server/rate-card.server.ts). This
 * file names none of the cards module's tables (docs/architecture.md, rule 5).
 */
export interface StandingSql {
  /** The pupil's stream to the subject ('full', 'light'; null: no access). */
  stream(userId: Value, subjectId: Value): SQL<string | null>;
  /** Whether the pupil marked the card learned. */
  learned(userId: Value, cardId: Value): SQL<boolean>;
}

type MemoryRow = typeof cardMemory.$inferSelect;

/** A memory row as the domain's CardMemory. */
export const toMemory = (row: MemoryRow): CardMemory => ({
  due: row.due,
  stability: row.stability,
  difficulty: row.difficulty,
  state: row.state as CardMemory['state'],
  reps: row.reps,
  lapses: row.lapses,
  learningSteps: row.learningSteps,
  scheduledDays: row.scheduledDays,
  lastReview: row.lastReview,
});

const logRow = (userId: string, cardId: number, log: ReviewLogEntry): typeof cardReviews.$inferInsert => ({
  userId,
  cardId,
  rating: log.rating,
  reviewedAt: log.reviewedAt,
  elapsedDays: log.elapsedDays,
  stateBefore: log.before?.state ?? null,
  stabilityBefore: log.before?.stability ?? null,
  difficultyBefore: log.before?.difficulty ?? null,
  stateAfter: log.after.state,
  stabilityAfter: log.after.stability,
  difficultyAfter: log.after.difficulty,
  dueAfter: log.after.due,
  secondsSpent: log.secondsSpent,
});

/**
 * What a review starts from: the pupil's memory of the card (null before its first review), their fitted
 * weights, their stream to the card's subject (null: no access) and whether they marked the card learned.
 */
export interface ReviewStart {
  memory: CardMemory | null;
  weights: number[] | null;
  stream: AccessStream | null;
  learned: boolean;
}

const p = sql.placeholder;

/**
 * The review's writes, prepared: the new memory and its log entry in one statement, only if the memory is
 * still the one the review started from (see writeReviewIf). `first`: a card's first review, when there was
 * no memory yet (nothing is written if one appeared meanwhile); `next`: every later one, when the memory
 * still has the count of reviews and the last review it was read with. Built on the database
 * (reviewStatements) or, on the rare locked path, on its transaction.
 */
function buildReviewWrites(db: Db) {
  const userId = p('userId');
  const cardId = p('cardId');
  const row = {
    due: sql`${p('due')}::timestamptz`,
    stability: sql`${p('stability')}::double precision`,
    difficulty: sql`${p('difficulty')}::double precision`,
    state: sql`${p('state')}::smallint`,
    reps: sql`${p('reps')}::integer`,
    lapses: sql`${p('lapses')}::integer`,
    learningSteps: sql`${p('learningSteps')}::integer`,
    scheduledDays: sql`${p('scheduledDays')}::integer`,
    lastReview: sql`${p('lastReview')}::timestamptz`,
  };
  const inserted = db.$with('written', { one: sql<number>`one` }).as(sql`
      insert into card_memory (user_id, card_id, due, stability, difficulty, state, reps, lapses,
        learning_steps, scheduled_days, last_review)
      values (${userId}, ${cardId}, ${row.due}, ${row.stability}, ${row.difficulty}, ${row.state}, ${row.reps},
        ${row.lapses}, ${row.learningSteps}, ${row.scheduledDays}, ${row.lastReview})
      on conflict (user_id, card_id) do nothing
      returning 1 as one`);
  const updated = () =>
    db.$with('written', { one: sql<number>`one` }).as(sql`
      update card_memory set due = ${row.due}, stability = ${row.stability}, difficulty = ${row.difficulty},
        state = ${row.state}, reps = ${row.reps}, lapses = ${row.lapses}, learning_steps = ${row.learningSteps},
        scheduled_days = ${row.scheduledDays}, last_review = ${row.lastReview}
      where user_id = ${userId} and card_id = ${cardId}
        and reps = ${p('beforeReps')}::integer and last_review = ${p('beforeLastReview')}::timestamptz
      returning 1 as one`);
  const logged = db.$with('logged', { one: sql<number>`one` }).as(sql`
      insert into card_reviews (user_id, card_id, rating, reviewed_at, elapsed_days, state_before,
        stability_before, difficulty_before, state_after, stability_after, difficulty_after, due_after, seconds_spent)
      select ${userId}, ${cardId}, ${p('rating')}::smallint, ${p('reviewedAt')}::timestamptz,
        ${p('elapsedDays')}::double precision, ${p('stateBefore')}::smallint, ${p('stabilityBefore')}::double precision,
        ${p('difficultyBefore')}::double precision, ${p('stateAfter')}::smallint, ${p('stabilityAfter')}::double precision,
        ${p('difficultyAfter')}::double precision, ${p('dueAfter')}::timestamptz, ${p('secondsSpent')}::integer
      where exists (select 1 from written)
      returning 1 as one`);
  // ADR 022: the review's commit does not wait for the disk (a crash of the database in the
  // moment after loses that review whole, memory and log entry together, never half of it).
  const quick = db.$with('quick', { off: sql<string>`off` }).as(sql`
      select set_config('synchronous_commit', 'off', true) as off`);
  const write = (written: typeof inserted, name: string) =>
    db
      .with(written, logged, quick)
      .select({
        written: sql<number>`(select count(*) from written)::int`,
        quick: sql<number>`(select count(*) from quick)::int`,
      })
      .from(sql`(select 1) as one`)
      .prepare(name);
  return {
    first: write(inserted, 'review_write_first'),
    next: write(updated(), 'review_write_next'),
  };
}

/**
 * The review's statements, prepared once per database (a review is the pupil's most frequent write):
 * - `start`: everything a review reads, in one query: the card's memory, the fitted weights, the stream
 *   to the subject (the access check) and the learned mark;
 * - `write`: the review's writes (buildReviewWrites).
 */
function buildReviewStatements(db: Db, standing: StandingSql) {
  const userId = p('userId');
  const cardId = p('cardId');
  return {
    start: db
      .select({
        weights: sql<number[] | null>`(select f.weights from ${fsrsParameters} f where f.user_id = ${userId})`,
        stream: standing.stream(userId, p('subjectId')),
        learned: standing.learned(userId, cardId),
        memory: cardMemory,
      })
      .from(sql`(select 1) as one`)
      .leftJoin(cardMemory, and(eq(cardMemory.userId, userId), eq(cardMemory.cardId, cardId)))
      .prepare('review_start'),
    write: buildReviewWrites(db),
  };
}

/**
 * The memory's own statements, prepared once per database:
 * - `memoryOf`: only the card's memory (a review made again after losing a race);
 * - `memory`: every card's memory of a pupil (the plan reads it on every request).
 */
const memoryStatements = preparedPerDatabase((db: Db) => {
  const userId = p('userId');
  return {
    memoryOf: db
      .select()
      .from(cardMemory)
      .where(and(eq(cardMemory.userId, userId), eq(cardMemory.cardId, p('cardId'))))
      .prepare('card_memory_one'),
    memory: db.select().from(cardMemory).where(eq(cardMemory.userId, userId)).prepare('card_memory_of_user'),
  };
});

/** The pupil's memory of one card; null before its first review. */
async function readCardMemory(db: Db, userId: string, cardId: number): Promise<CardMemory | null> {
  const [row] = await memoryStatements(db).memoryOf.execute({ userId, cardId });
  return row ? toMemory(row) : null;
}

/**
 * Writes a review in one statement, if the card's memory is still the one it started from (its count of
 * reviews and last review unchanged, or still no row; every review counts one more): the new memory and its
 * log entry, or neither. False: another review of the card came first, and this one is made again from the
 * new memory.
 */
async function writeReviewIf(
  write: ReturnType<typeof buildReviewWrites>,
  userId: string,
  cardId: number,
  before: CardMemory | null,
  memory: CardMemory,
  log: ReviewLogEntry,
): Promise<boolean> {
  // The placeholders are named as the memory's and the log row's fields; times go as ISO strings.
  const values = {
    ...logRow(userId, cardId, log),
    reviewedAt: log.reviewedAt.toISOString(),
    dueAfter: log.after.due.toISOString(),
    ...memory,
    due: memory.due.toISOString(),
    lastReview: memory.lastReview.toISOString(),
    beforeReps: before?.reps ?? null,
    beforeLastReview: before?.lastReview.toISOString() ?? null,
  };
  const [row] = await (before ? write.next : write.first).execute(values);
  return Number(row?.written ?? 0) > 0;
}

/** Optimistic tries before a review waits its turn on the card's lock. */
const OPTIMISTIC_TRIES = 5;
/** Turns on the lock before giving up (each lets at least one review of the card through). */
const LOCKED_TRIES = 10;

/**
 * The review's reads and writes, each one statement, with the pupil's standing with the card read and checked
 * by `standing` (the cards module's SQL) in the same round trip. Made once, by the use case
 * (server/rate-card.server.ts); its statements are prepared once per database.
 */
export function createReviewStore(standing: StandingSql) {
  const reviewStatements = preparedPerDatabase((db: Db) => buildReviewStatements(db, standing));
  return {
    /** Everything a review of `cardId` (of subject `subjectId`) reads, in one prepared query. */
    async readReviewStart(db: Db, userId: string, cardId: number, subjectId: number): Promise<ReviewStart> {
      const [row] = await reviewStatements(db).start.execute({ userId, cardId, subjectId });
      const stream = row?.stream === 'full' || row?.stream === 'light' ? row.stream : null;
      return {
        memory: row?.memory ? toMemory(row.memory) : null,
        weights: row?.weights ?? null,
        stream,
        learned: row?.learned === true,
      };
    },

    /**
     * A review, kept: `review` turns the card's memory into the next one, and the new memory and its log
     * entry are written together, only if the memory is still the one it was made from, so two reviews of one
     * card at once are counted one after the other. Usually one statement from the memory read beside the
     * access check (`start`). A review that lost the race is made again from the new memory; after a few such
     * tries it waits its turn on the card's lock and reads the memory locked (`for update`, so a racing write
     * waits for it), and still writes only if nothing changed (a first review has no row to lock).
     */
    async recordReview<T extends { memory: CardMemory; log: ReviewLogEntry }>(
      db: Db,
      userId: string,
      cardId: number,
      review: (memory: CardMemory | null) => T | null,
      start?: CardMemory | null,
    ): Promise<T | null> {
      const { write } = reviewStatements(db);
      let before = start === undefined ? await readCardMemory(db, userId, cardId) : start;
      for (let attempt = 0; attempt < OPTIMISTIC_TRIES; attempt++) {
        if (attempt > 0) before = await readCardMemory(db, userId, cardId);
        // Null: the review declines the memory it finds (a rating of the card as it was, sent again).
        const result = review(before);
        if (!result) return null;
        if (await writeReviewIf(write, userId, cardId, before, result.memory, result.log)) return result;
      }
      for (let attempt = 0; attempt < LOCKED_TRIES; attempt++) {
        const written = await db.transaction(async (tx) => {
          // One locked review of a user's card at a time, also its first (when there is no row to lock yet).
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${userId}), ${cardId})`);
          const [row] = await tx
            .select()
            .from(cardMemory)
            .where(and(eq(cardMemory.userId, userId), eq(cardMemory.cardId, cardId)))
            .for('update');
          const locked = row ? toMemory(row) : null;
          const result = review(locked);
          if (!result) return 'declined' as const;
          const written = await writeReviewIf(buildReviewWrites(tx), userId, cardId, locked, result.memory, result.log);
          return written ? result : null;
        });
        if (written) return written === 'declined' ? null : written;
      }
      throw new Error(`review of card ${cardId}: the card's memory kept changing under it`);
    },
  };
}

export type ReviewStore = ReturnType<typeof createReviewStore>;

/** The pupil's memory of a card and the rating (1–4) of its latest review, as stored; null before its first. */
export async function latestReview(db: Db, userId: string, cardId: number) {
  const [row] = await db
    .select({ memory: cardMemory, rating: cardReviews.rating })
    .from(cardMemory)
    .leftJoin(cardReviews, and(eq(cardReviews.userId, userId), eq(cardReviews.cardId, cardId)))
    .where(and(eq(cardMemory.userId, userId), eq(cardMemory.cardId, cardId)))
    .orderBy(desc(cardReviews.reviewedAt), desc(cardReviews.id))
    .limit(1);
  return row ? { memory: toMemory(row.memory), rating: row.rating } : null;
}

/** The user's memory of each card they reviewed, by card id (one prepared query: the plan reads it on every request). */
export async function listCardMemory(db: Db, userId: string): Promise<Map<number, CardMemory>> {
  const rows = await memoryStatements(db).memory.execute({ userId });
  return new Map(rows.map((row) => [row.cardId, toMemory(row)]));
}

/** The user's reviews, oldest first (their review log, to download). */
export async function listReviews(db: Db, userId: string) {
  return db
    .select()
    .from(cardReviews)
    .where(eq(cardReviews.userId, userId))
    .orderBy(asc(cardReviews.reviewedAt), asc(cardReviews.id));
}

/**
 * The pupil's memory of each card due at `until`, soonest due first (the review queue; the use case keeps the
 * cards of subjects they may still open).
 */
export async function listDueMemories(
  db: Db,
  userId: string,
  until: Date,
): Promise<{ cardId: number; memory: CardMemory }[]> {
  const rows = await db
    .select()
    .from(cardMemory)
    .where(and(eq(cardMemory.userId, userId), lte(cardMemory.due, until)))
    .orderBy(asc(cardMemory.due), asc(cardMemory.cardId));
  return rows.map((row) => ({ cardId: row.cardId, memory: toMemory(row) }));
}

/**
 * The user's mean seconds per review of a card read before, over their latest 100 timed ones (null before the
 * first): the same SQL as the plan facts' (`reviewFactsSql.meanSeconds`), so the queue and the plan agree.
 */
export async function meanReviewSeconds(db: Db, userId: string): Promise<number | null> {
  const [row] = await db
    .select({ mean: reviewFactsSql.meanSeconds(sql`${userId}`, 'review') })
    .from(sql`(select 1) as one`);
  return row?.mean == null ? null : Number(row.mean);
}

/** A card's history of reviews written at once (the demo pupil's seed): its memory now and every review. */
export async function insertReviewHistory(
  db: Db,
  userId: string,
  cardId: number,
  memory: CardMemory,
  logs: readonly ReviewLogEntry[],
): Promise<void> {
  await db
    .insert(cardMemory)
    .values({ userId, cardId, ...memory })
    .onConflictDoNothing();
  if (logs.length === 0) return;
  await db.insert(cardReviews).values(logs.map((log) => logRow(userId, cardId, log)));
}

/** The pupil's reviews since `since`: which card, and the seconds they said it took (null: not timed). */
export function reviewsSince(db: Db, userId: string, since: Date) {
  return db
    .select({ cardId: cardReviews.cardId, secondsSpent: cardReviews.secondsSpent })
    .from(cardReviews)
    .where(and(eq(cardReviews.userId, userId), gte(cardReviews.reviewedAt, since)));
}

/**
 * Forgets the pupil's memory and review log of these cards (one subject's: a reset of its plan). Answers how
 * many reviews went.
 */
export async function deleteCardsMemory(db: Db, userId: string, cardIds: readonly number[]): Promise<number> {
  if (cardIds.length === 0) return 0;
  const ids = [...cardIds];
  return db.transaction(async (tx) => {
    await tx.delete(cardMemory).where(and(eq(cardMemory.userId, userId), inArray(cardMemory.cardId, ids)));
    const gone = await tx
      .delete(cardReviews)
      .where(and(eq(cardReviews.userId, userId), inArray(cardReviews.cardId, ids)))
      .returning({ id: cardReviews.id });
    return gone.length;
  });
}
