-- ADR 019: the trigger reads the owner straight from the row's column when it is named user_id (every
-- table of a user's data) or id (users), instead of turning the whole row into JSON on every write to find
-- it; a table whose owner column has another name still goes through JSON. The same moves as migration 0022:
-- once per user and transaction, by an update when the version row exists.
CREATE OR REPLACE FUNCTION "bump_user_data_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner text;
BEGIN
  IF TG_ARGV[0] = 'user_id' THEN
    IF TG_OP = 'DELETE' THEN owner := OLD.user_id; ELSE owner := NEW.user_id; END IF;
  ELSIF TG_ARGV[0] = 'id' THEN
    IF TG_OP = 'DELETE' THEN owner := OLD.id; ELSE owner := NEW.id; END IF;
  ELSE
    owner := (CASE WHEN TG_OP = 'DELETE' THEN to_jsonb(OLD) ELSE to_jsonb(NEW) END) ->> TG_ARGV[0];
  END IF;
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
