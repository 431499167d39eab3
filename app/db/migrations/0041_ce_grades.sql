CREATE TABLE "calibration_ce_figures" (
	"id" serial PRIMARY KEY NOT NULL,
	"run_id" integer NOT NULL,
	"basis" text NOT NULL,
	"level" text,
	"subject_key" text,
	"subject_name" text NOT NULL,
	"grades" integer NOT NULL,
	"inside" integer,
	"mean_abs_error" double precision,
	CONSTRAINT "calibration_ce_figures_basis_check" CHECK ("calibration_ce_figures"."basis" in ('checks', 'recall', 'none'))
);
--> statement-breakpoint
CREATE TABLE "user_ce_grades" (
	"user_id" text NOT NULL,
	"level" text NOT NULL,
	"subject_key" text NOT NULL,
	"ce_tenths" smallint NOT NULL,
	"entered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"predicted_before" timestamp with time zone NOT NULL,
	"predicted_tenths" smallint,
	"low_tenths" smallint,
	"high_tenths" smallint,
	"basis" text,
	"attempts" smallint,
	CONSTRAINT "user_ce_grades_user_id_level_subject_key_pk" PRIMARY KEY("user_id","level","subject_key"),
	CONSTRAINT "user_ce_grades_ce_check" CHECK ("user_ce_grades"."ce_tenths" between 10 and 100),
	CONSTRAINT "user_ce_grades_basis_check" CHECK ("user_ce_grades"."basis" in ('checks', 'recall')),
	CONSTRAINT "user_ce_grades_prediction_check" CHECK (("user_ce_grades"."basis" is null) = ("user_ce_grades"."predicted_tenths" is null) and ("user_ce_grades"."basis" is null) = ("user_ce_grades"."low_tenths" is null) and ("user_ce_grades"."basis" is null) = ("user_ce_grades"."high_tenths" is null) and ("user_ce_grades"."basis" is null) = ("user_ce_grades"."attempts" is null))
);
--> statement-breakpoint
ALTER TABLE "calibration_ce_figures" ADD CONSTRAINT "calibration_ce_figures_run_id_calibration_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."calibration_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_ce_grades" ADD CONSTRAINT "user_ce_grades_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calibration_ce_figures_run_idx" ON "calibration_ce_figures" USING btree ("run_id");--> statement-breakpoint
-- ADR 019: a pupil's real CE grades are their data; a change raises their data version when it commits.
CREATE CONSTRAINT TRIGGER "user_ce_grades_data_version" AFTER INSERT OR UPDATE OR DELETE ON "user_ce_grades" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_user_data_version"('user_id');
