CREATE TABLE "user_grades" (
	"user_id" text NOT NULL,
	"level" text NOT NULL,
	"subject_key" text NOT NULL,
	"se_tenths" smallint,
	"assessment" text,
	"included" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_grades_user_id_level_subject_key_pk" PRIMARY KEY("user_id","level","subject_key"),
	CONSTRAINT "user_grades_se_check" CHECK ("user_grades"."se_tenths" between 10 and 100),
	CONSTRAINT "user_grades_assessment_check" CHECK ("user_grades"."assessment" in ('goed', 'voldoende', 'onvoldoende'))
);
--> statement-breakpoint
ALTER TABLE "user_grades" ADD CONSTRAINT "user_grades_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;