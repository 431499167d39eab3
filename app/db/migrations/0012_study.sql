CREATE TABLE "card_topics" (
	"card_id" integer NOT NULL,
	"topic_id" integer NOT NULL,
	CONSTRAINT "card_topics_card_id_topic_id_pk" PRIMARY KEY("card_id","topic_id")
);
--> statement-breakpoint
CREATE TABLE "cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject_id" integer NOT NULL,
	"key" text NOT NULL,
	"title" text NOT NULL,
	"section" text NOT NULL,
	"exam_type" text NOT NULL,
	"difficulty" text NOT NULL,
	"light" boolean DEFAULT false NOT NULL,
	"is_download" boolean DEFAULT false NOT NULL,
	"body_html" text NOT NULL,
	"answer_html" text,
	"plain_text" text NOT NULL,
	"new_since" timestamp with time zone,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "cards_subject_key_unique" UNIQUE("subject_id","key"),
	CONSTRAINT "cards_section_check" CHECK ("cards"."section" in ('uitleg', 'oefenen', 'examenvragen')),
	CONSTRAINT "cards_exam_type_check" CHECK ("cards"."exam_type" in ('CE', 'SE')),
	CONSTRAINT "cards_difficulty_check" CHECK ("cards"."difficulty" in ('makkelijk', 'gemiddeld', 'moeilijk'))
);
--> statement-breakpoint
CREATE TABLE "chatbots" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject_id" integer NOT NULL,
	"name" text NOT NULL,
	"intro" text NOT NULL,
	CONSTRAINT "chatbots_subject_id_unique" UNIQUE("subject_id")
);
--> statement-breakpoint
CREATE TABLE "idiom_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"list_id" integer NOT NULL,
	"key" text NOT NULL,
	"term" text NOT NULL,
	"meaning" text NOT NULL,
	"example" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "idiom_entries_list_key_unique" UNIQUE("list_id","key")
);
--> statement-breakpoint
CREATE TABLE "idiom_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject_id" integer NOT NULL,
	"title" text NOT NULL,
	CONSTRAINT "idiom_lists_subject_id_unique" UNIQUE("subject_id")
);
--> statement-breakpoint
CREATE TABLE "study_subjects" (
	"subject_id" integer PRIMARY KEY NOT NULL,
	"about_html" text NOT NULL,
	"teachers_html" text NOT NULL,
	"article_slugs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"corrections_card_id" integer,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"test_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"score" integer NOT NULL,
	"max_score" integer NOT NULL,
	"grade_tenths" smallint NOT NULL,
	"per_topic" jsonb NOT NULL,
	"answers" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_attempts_grade_check" CHECK ("test_attempts"."grade_tenths" between 10 and 100)
);
--> statement-breakpoint
CREATE TABLE "test_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"test_id" integer NOT NULL,
	"topic_id" integer NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"prompt_html" text NOT NULL,
	"options" jsonb,
	"explanation_html" text,
	"model_answer_html" text,
	"scoring_points" jsonb,
	"max_points" smallint NOT NULL,
	CONSTRAINT "test_questions_test_position_unique" UNIQUE("test_id","position"),
	CONSTRAINT "test_questions_kind_check" CHECK ("test_questions"."kind" in ('choice', 'open'))
);
--> statement-breakpoint
CREATE TABLE "tests" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject_id" integer NOT NULL,
	"key" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"light" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tests_subject_key_unique" UNIQUE("subject_id","key")
);
--> statement-breakpoint
CREATE TABLE "topics" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject_id" integer NOT NULL,
	"parent_id" integer,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "topics_subject_key_unique" UNIQUE("subject_id","key")
);
--> statement-breakpoint
CREATE TABLE "user_cards" (
	"user_id" text NOT NULL,
	"card_id" integer NOT NULL,
	"learned_at" timestamp with time zone,
	"visited_at" timestamp with time zone,
	CONSTRAINT "user_cards_user_id_card_id_pk" PRIMARY KEY("user_id","card_id")
);
--> statement-breakpoint
CREATE TABLE "user_topic_visits" (
	"user_id" text NOT NULL,
	"topic_id" integer NOT NULL,
	"visited_at" timestamp with time zone NOT NULL,
	CONSTRAINT "user_topic_visits_user_id_topic_id_pk" PRIMARY KEY("user_id","topic_id")
);
--> statement-breakpoint
ALTER TABLE "card_topics" ADD CONSTRAINT "card_topics_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_topics" ADD CONSTRAINT "card_topics_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbots" ADD CONSTRAINT "chatbots_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idiom_entries" ADD CONSTRAINT "idiom_entries_list_id_idiom_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."idiom_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idiom_lists" ADD CONSTRAINT "idiom_lists_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_subjects" ADD CONSTRAINT "study_subjects_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_subjects" ADD CONSTRAINT "study_subjects_corrections_card_id_cards_id_fk" FOREIGN KEY ("corrections_card_id") REFERENCES "public"."cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_attempts" ADD CONSTRAINT "test_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_attempts" ADD CONSTRAINT "test_attempts_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_attempts" ADD CONSTRAINT "test_attempts_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_questions" ADD CONSTRAINT "test_questions_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_questions" ADD CONSTRAINT "test_questions_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tests" ADD CONSTRAINT "tests_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topics" ADD CONSTRAINT "topics_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topics" ADD CONSTRAINT "topics_parent_id_topics_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_cards" ADD CONSTRAINT "user_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_cards" ADD CONSTRAINT "user_cards_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_topic_visits" ADD CONSTRAINT "user_topic_visits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_topic_visits" ADD CONSTRAINT "user_topic_visits_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_topics_topic_idx" ON "card_topics" USING btree ("topic_id");--> statement-breakpoint
CREATE INDEX "cards_subject_position_idx" ON "cards" USING btree ("subject_id","position");--> statement-breakpoint
CREATE INDEX "test_attempts_user_test_idx" ON "test_attempts" USING btree ("user_id","test_id","created_at");--> statement-breakpoint
CREATE INDEX "test_attempts_user_subject_idx" ON "test_attempts" USING btree ("user_id","subject_id","created_at");--> statement-breakpoint
CREATE INDEX "topics_parent_idx" ON "topics" USING btree ("parent_id");--> statement-breakpoint
-- The exam buddy's retrieval (issue 9 item 6): stored search documents of cards and idioms, titles and terms
-- weighing most. Generated by PostgreSQL and not part of the Drizzle schema: nothing writes them.
ALTER TABLE "cards" ADD COLUMN IF NOT EXISTS "search_document" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('dutch', "title"), 'A') || to_tsvector('dutch', "plain_text")
) STORED;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "cards_search_idx" ON "cards" USING gin ("search_document");
--> statement-breakpoint
ALTER TABLE "idiom_entries" ADD COLUMN IF NOT EXISTS "search_document" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('dutch', "term"), 'A') || to_tsvector('dutch', "meaning" || ' ' || "example")
) STORED;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "idiom_entries_search_idx" ON "idiom_entries" USING gin ("search_document");
