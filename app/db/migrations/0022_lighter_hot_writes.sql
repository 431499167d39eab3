-- ADR 019: a user's data version moves once per transaction that changed their data, not once per
-- row, and by an update when the version row exists. A review writes two rows of the pupil (its memory and
-- its log entry) and moved the version twice; the second move, made while the first still held the version
-- row, changed nothing a reader could see. The transaction-local setting remembers the user whose version
-- this transaction already moved: it rolls back with a rolled-back savepoint, as the move does, and is gone
-- when the transaction ends.
CREATE OR REPLACE FUNCTION "bump_user_data_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner text := (CASE WHEN TG_OP = 'DELETE' THEN to_jsonb(OLD) ELSE to_jsonb(NEW) END) ->> TG_ARGV[0];
BEGIN
  IF owner IS NOT NULL AND current_setting('slaagbundel.data_version_moved', true) IS DISTINCT FROM owner THEN
    -- Nearly always the user has a version row: one update. Their first change makes it.
    UPDATE "user_data_versions" SET "version" = "version" + 1 WHERE "user_id" = owner;
    IF NOT FOUND THEN
      INSERT INTO "user_data_versions" ("user_id", "version")
      SELECT owner, 1 WHERE EXISTS (SELECT 1 FROM "users" WHERE "id" = owner)
      ON CONFLICT ("user_id") DO UPDATE SET "version" = "user_data_versions"."version" + 1;
    END IF;
    PERFORM set_config('slaagbundel.data_version_moved', owner, true);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- ADR 015: rate-limit counters are written by every write the site takes and are worth nothing
-- after a crash (a window is at most ten minutes), so they skip the write-ahead log: PostgreSQL empties an
-- unlogged table after a crash, not after a clean restart.
ALTER TABLE "rate_limits" SET UNLOGGED;
