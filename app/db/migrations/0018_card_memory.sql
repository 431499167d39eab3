CREATE TABLE "card_memory" (
	"user_id" text NOT NULL,
	"card_id" integer NOT NULL,
	"due" timestamp with time zone NOT NULL,
	"stability" double precision NOT NULL,
	"difficulty" double precision NOT NULL,
	"state" smallint NOT NULL,
	"reps" integer NOT NULL,
	"lapses" integer NOT NULL,
	"learning_steps" integer NOT NULL,
	"scheduled_days" integer NOT NULL,
	"last_review" timestamp with time zone NOT NULL,
	CONSTRAINT "card_memory_user_id_card_id_pk" PRIMARY KEY("user_id","card_id")
);
--> statement-breakpoint
CREATE TABLE "card_reviews" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"card_id" integer NOT NULL,
	"rating" smallint NOT NULL,
	"reviewed_at" timestamp with time zone NOT NULL,
	"elapsed_days" double precision NOT NULL,
	"state_before" smallint,
	"stability_before" double precision,
	"difficulty_before" double precision,
	"state_after" smallint NOT NULL,
	"stability_after" double precision NOT NULL,
	"difficulty_after" double precision NOT NULL,
	"due_after" timestamp with time zone NOT NULL,
	"seconds_spent" integer,
	CONSTRAINT "card_reviews_rating_check" CHECK ("card_reviews"."rating" between 1 and 4)
);
--> statement-breakpoint
ALTER TABLE "card_memory" ADD CONSTRAINT "card_memory_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_memory" ADD CONSTRAINT "card_memory_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_reviews" ADD CONSTRAINT "card_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_reviews" ADD CONSTRAINT "card_reviews_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_memory_user_due_idx" ON "card_memory" USING btree ("user_id","due");--> statement-breakpoint
CREATE INDEX "card_reviews_user_time_idx" ON "card_reviews" USING btree ("user_id","reviewed_at");