CREATE TABLE "user_past_exams" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"level" text NOT NULL,
	"subject_key" text NOT NULL,
	"year" smallint NOT NULL,
	"tijdvak" smallint NOT NULL,
	"score" integer NOT NULL,
	"max_score" integer NOT NULL,
	"n_tenths" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_past_exams_exam_unique" UNIQUE("user_id","level","subject_key","year","tijdvak"),
	CONSTRAINT "user_past_exams_score_check" CHECK ("user_past_exams"."score" between 0 and "user_past_exams"."max_score"),
	CONSTRAINT "user_past_exams_max_score_check" CHECK ("user_past_exams"."max_score" between 1 and 1000),
	CONSTRAINT "user_past_exams_n_check" CHECK ("user_past_exams"."n_tenths" between 0 and 30),
	CONSTRAINT "user_past_exams_tijdvak_check" CHECK ("user_past_exams"."tijdvak" in (1, 2))
);
--> statement-breakpoint
ALTER TABLE "user_past_exams" ADD CONSTRAINT "user_past_exams_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- ADR 019: a pupil's past-exam scores are their data; a change raises their data version when it commits.
CREATE CONSTRAINT TRIGGER "user_past_exams_data_version" AFTER INSERT OR UPDATE OR DELETE ON "user_past_exams" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_user_data_version"('user_id');
