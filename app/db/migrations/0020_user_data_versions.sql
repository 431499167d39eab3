CREATE TABLE "user_data_versions" (
	"user_id" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_data_versions" ADD CONSTRAINT "user_data_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- ADR 019: a user's data version moves with every change to their own data, when the change commits. A
-- constraint trigger deferred to the commit takes the version row's lock last, after every row the
-- transaction wrote, so two transactions of one user wait for each other there and never in a cycle. A
-- change that deletes the user (their rows go with them) leaves no version behind.
CREATE FUNCTION "bump_user_data_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner text := (CASE WHEN TG_OP = 'DELETE' THEN to_jsonb(OLD) ELSE to_jsonb(NEW) END) ->> TG_ARGV[0];
BEGIN
  IF owner IS NOT NULL THEN
    INSERT INTO "user_data_versions" ("user_id", "version")
    SELECT owner, 1 WHERE EXISTS (SELECT 1 FROM "users" WHERE "id" = owner)
    ON CONFLICT ("user_id") DO UPDATE SET "version" = "user_data_versions"."version" + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "users_data_version" AFTER UPDATE ON "users" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_user_data_version"('id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "user_subjects_data_version" AFTER INSERT OR UPDATE OR DELETE ON "user_subjects" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_user_data_version"('user_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "subject_access_data_version" AFTER INSERT OR UPDATE OR DELETE ON "subject_access" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_user_data_version"('user_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "user_cards_data_version" AFTER INSERT OR UPDATE OR DELETE ON "user_cards" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_user_data_version"('user_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "user_topic_visits_data_version" AFTER INSERT OR UPDATE OR DELETE ON "user_topic_visits" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_user_data_version"('user_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "test_attempts_data_version" AFTER INSERT OR UPDATE OR DELETE ON "test_attempts" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_user_data_version"('user_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "test_drafts_data_version" AFTER INSERT OR UPDATE OR DELETE ON "test_drafts" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_user_data_version"('user_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "buddy_conversations_data_version" AFTER INSERT OR UPDATE OR DELETE ON "buddy_conversations" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_user_data_version"('user_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "user_grades_data_version" AFTER INSERT OR UPDATE OR DELETE ON "user_grades" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_user_data_version"('user_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "card_memory_data_version" AFTER INSERT OR UPDATE OR DELETE ON "card_memory" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_user_data_version"('user_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "card_reviews_data_version" AFTER INSERT OR UPDATE OR DELETE ON "card_reviews" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_user_data_version"('user_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "study_plan_settings_data_version" AFTER INSERT OR UPDATE OR DELETE ON "study_plan_settings" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_user_data_version"('user_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "subject_exam_dates_data_version" AFTER INSERT OR UPDATE OR DELETE ON "subject_exam_dates" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_user_data_version"('user_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "fsrs_parameters_data_version" AFTER INSERT OR UPDATE OR DELETE ON "fsrs_parameters" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_user_data_version"('user_id');
