CREATE TABLE "fsrs_parameters" (
	"user_id" text PRIMARY KEY NOT NULL,
	"weights" jsonb NOT NULL,
	"review_count" integer NOT NULL,
	"fitted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "study_plan_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"daily_minutes" smallint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "study_plan_settings_minutes_check" CHECK ("study_plan_settings"."daily_minutes" between 5 and 240)
);
--> statement-breakpoint
CREATE TABLE "subject_exam_dates" (
	"user_id" text NOT NULL,
	"subject_id" integer NOT NULL,
	"exam_date" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subject_exam_dates_user_id_subject_id_pk" PRIMARY KEY("user_id","subject_id"),
	CONSTRAINT "subject_exam_dates_date_check" CHECK ("subject_exam_dates"."exam_date" ~ '^\d{4}-\d{2}-\d{2}$')
);
--> statement-breakpoint
ALTER TABLE "fsrs_parameters" ADD CONSTRAINT "fsrs_parameters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_plan_settings" ADD CONSTRAINT "study_plan_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_exam_dates" ADD CONSTRAINT "subject_exam_dates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_exam_dates" ADD CONSTRAINT "subject_exam_dates_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;