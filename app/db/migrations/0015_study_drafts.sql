CREATE TABLE "buddy_conversations" (
	"user_id" text NOT NULL,
	"subject_id" integer NOT NULL,
	"turns" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "buddy_conversations_user_id_subject_id_pk" PRIMARY KEY("user_id","subject_id")
);
--> statement-breakpoint
CREATE TABLE "test_drafts" (
	"user_id" text NOT NULL,
	"test_id" integer NOT NULL,
	"step" integer DEFAULT 0 NOT NULL,
	"answers" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_drafts_user_id_test_id_pk" PRIMARY KEY("user_id","test_id")
);
--> statement-breakpoint
ALTER TABLE "buddy_conversations" ADD CONSTRAINT "buddy_conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buddy_conversations" ADD CONSTRAINT "buddy_conversations_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_drafts" ADD CONSTRAINT "test_drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_drafts" ADD CONSTRAINT "test_drafts_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE cascade ON UPDATE no action;