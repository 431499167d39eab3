-- A pupil's timed first reads, latest first: the plan's pace of a first read (ADR 037). card_reviews is busy: on a
-- large database build it first by hand with CREATE INDEX CONCURRENTLY (docs/deploy.md, "Expand, then contract").
SET LOCAL lock_timeout = '5s';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "card_reviews_first_reads_idx" ON "card_reviews" USING btree ("user_id","reviewed_at","id") WHERE "card_reviews"."state_before" is null and "card_reviews"."seconds_spent" is not null;
