CREATE TABLE "pupil_subject_summaries" (
	"user_id" text NOT NULL,
	"subject_id" integer NOT NULL,
	"exam_date" text,
	"missing" text,
	"recall_exam" real,
	"reviews_7d" integer NOT NULL,
	"seconds_7d" integer NOT NULL,
	"minutes_all_7d" integer NOT NULL,
	"minutes_asked_7d" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "pupil_subject_summaries_user_id_subject_id_pk" PRIMARY KEY("user_id","subject_id")
);
--> statement-breakpoint
CREATE TABLE "pupil_topic_summaries" (
	"user_id" text NOT NULL,
	"subject_id" integer NOT NULL,
	"topic_id" integer NOT NULL,
	"level" text NOT NULL,
	"recall_now" real NOT NULL,
	"recall_exam" real NOT NULL,
	"cards_seen" integer NOT NULL,
	"cards" integer NOT NULL,
	"check_share" real,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "pupil_topic_summaries_user_id_subject_id_topic_id_pk" PRIMARY KEY("user_id","subject_id","topic_id")
);
--> statement-breakpoint
ALTER TABLE "pupil_subject_summaries" ADD CONSTRAINT "pupil_subject_summaries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pupil_subject_summaries" ADD CONSTRAINT "pupil_subject_summaries_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pupil_topic_summaries" ADD CONSTRAINT "pupil_topic_summaries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pupil_topic_summaries" ADD CONSTRAINT "pupil_topic_summaries_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pupil_topic_summaries" ADD CONSTRAINT "pupil_topic_summaries_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pupil_subject_summaries_subject_idx" ON "pupil_subject_summaries" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "pupil_topic_summaries_subject_idx" ON "pupil_topic_summaries" USING btree ("subject_id");