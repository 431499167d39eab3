CREATE TABLE "study_content_drafts" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject_id" integer NOT NULL,
	"subject_slug" text NOT NULL,
	"level_name" text NOT NULL,
	"source" text NOT NULL,
	"counts" jsonb NOT NULL,
	"new_subject" boolean NOT NULL,
	"origin" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"uploaded_by" text,
	"uploaded_at" timestamp with time zone NOT NULL,
	"published_by" text,
	"published_at" timestamp with time zone,
	"discarded_by" text,
	"discarded_at" timestamp with time zone,
	CONSTRAINT "study_content_drafts_status_check" CHECK ("study_content_drafts"."status" in ('draft', 'published', 'discarded')),
	CONSTRAINT "study_content_drafts_origin_check" CHECK ("study_content_drafts"."origin" in ('upload', 'content-service'))
);
--> statement-breakpoint
ALTER TABLE "study_content_drafts" ADD CONSTRAINT "study_content_drafts_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_content_drafts" ADD CONSTRAINT "study_content_drafts_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_content_drafts" ADD CONSTRAINT "study_content_drafts_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_content_drafts" ADD CONSTRAINT "study_content_drafts_discarded_by_users_id_fk" FOREIGN KEY ("discarded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "study_content_drafts_uploaded_idx" ON "study_content_drafts" USING btree ("uploaded_at");--> statement-breakpoint
CREATE INDEX "study_content_drafts_subject_idx" ON "study_content_drafts" USING btree ("subject_id");