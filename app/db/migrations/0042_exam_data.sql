CREATE TABLE "exam_data_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"version" integer NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text NOT NULL,
	"note" text,
	"proposed_by" text,
	"proposed_at" timestamp with time zone NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"decision_note" text,
	CONSTRAINT "exam_data_versions_record_version_unique" UNIQUE("kind","key","version"),
	CONSTRAINT "exam_data_versions_kind_check" CHECK ("exam_data_versions"."kind" in ('timetable', 'n-term', 'past-exam')),
	CONSTRAINT "exam_data_versions_status_check" CHECK ("exam_data_versions"."status" in ('pending', 'published', 'superseded', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "exam_date_notices" (
	"user_id" text NOT NULL,
	"subject_id" integer NOT NULL,
	"subject_name" text NOT NULL,
	"from_date" text NOT NULL,
	"to_date" text NOT NULL,
	"source_name" text NOT NULL,
	"version_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_date_notices_user_subject_unique" UNIQUE("user_id","subject_id")
);
--> statement-breakpoint
ALTER TABLE "exam_data_versions" ADD CONSTRAINT "exam_data_versions_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_data_versions" ADD CONSTRAINT "exam_data_versions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_date_notices" ADD CONSTRAINT "exam_date_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_date_notices" ADD CONSTRAINT "exam_date_notices_version_id_exam_data_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."exam_data_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exam_data_versions_one_pending" ON "exam_data_versions" USING btree ("kind","key") WHERE "exam_data_versions"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "exam_data_versions_one_published" ON "exam_data_versions" USING btree ("kind","key") WHERE "exam_data_versions"."status" = 'published';--> statement-breakpoint
CREATE INDEX "exam_data_versions_kind_status_idx" ON "exam_data_versions" USING btree ("kind","status");--> statement-breakpoint
-- ADR 019, ADR 033: a notice of a moved exam date is the pupil's data; writing one raises their data version when it commits.
CREATE CONSTRAINT TRIGGER "exam_date_notices_data_version" AFTER INSERT OR UPDATE OR DELETE ON "exam_date_notices" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_user_data_version"('user_id');
