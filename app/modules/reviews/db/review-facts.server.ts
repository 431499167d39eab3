import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { REVIEW_SECONDS_CAP } from '#app/modules/reviews/schemas/review.ts';

type Value = SQL | Placeholder;

/**
 * What the plan reads of a pupil's reviews, as SQL that the planner's statement selects in its own round trip
 * (its plan facts, planner db/plan.server.ts): their fitted parameters, their review pace and the reviews since
 * a moment. The reviews module owns these tables and this SQL; the planner's db/ takes it as an argument and
 * names none of them (docs/architecture.md, rule 5). The arguments are SQL values (placeholders of a prepared
 * statement, or parameters).
 */
export const reviewFactsSql = {
  /** The pupil's fitted FSRS-6 parameters, or null (the defaults). */
  weights: (userId: Value) =>
    sql<number[] | null>`(select f.weights from fsrs_parameters f where f.user_id = ${userId})`,
  /**
   * Mean seconds of their latest 100 timed items of one kind, or null before the first: `review` a card read
   * before, `first-read` a card's first review (no state before it). A first read takes longer than a review
   * (the whole card against a question recalled), so the plan weighs each at its own pace.
   */
  meanSeconds: (userId: Value, kind: 'review' | 'first-read') => sql<string | null>`(select avg(r.seconds_spent) from (
          select cr.seconds_spent from card_reviews cr
          where cr.user_id = ${userId} and cr.seconds_spent is not null
            and cr.state_before is ${sql.raw(kind === 'review' ? 'not null' : 'null')}
          order by cr.reviewed_at desc, cr.id desc limit 100) r)`,
  /**
   * Their reviews since `since` and the measured seconds (ADR 030), each at most the cap (rows written before
   * the cap included); one not timed counts none (`least` would take the cap for its null).
   */
  spent: (userId: Value, since: Value) => sql<{
    reviews: number;
    seconds: number;
  }>`(select json_build_object('reviews', count(*),
          'seconds', coalesce(sum(least(coalesce(cr.seconds_spent, 0), ${sql.raw(String(REVIEW_SECONDS_CAP))})), 0))
          from card_reviews cr where cr.user_id = ${userId} and cr.reviewed_at >= ${since})`,
};
