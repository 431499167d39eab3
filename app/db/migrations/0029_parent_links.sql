CREATE TABLE "parent_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"parent_id" text,
	"email" text NOT NULL,
	"token_hash" text,
	"status" text NOT NULL,
	"under_16" boolean DEFAULT false NOT NULL,
	"digest" boolean DEFAULT true NOT NULL,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"consent_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"digest_sent_at" timestamp with time zone,
	CONSTRAINT "parent_links_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "parent_links_status_check" CHECK ("parent_links"."status" in ('invited', 'active', 'ended'))
);
--> statement-breakpoint
ALTER TABLE "parent_links" ADD CONSTRAINT "parent_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_links" ADD CONSTRAINT "parent_links_parent_id_users_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "parent_links_user_idx" ON "parent_links" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "parent_links_parent_idx" ON "parent_links" USING btree ("parent_id");--> statement-breakpoint
-- ADR 019: a pupil's parent links are theirs ("Ouders"); a change raises the pupil's data version.
CREATE CONSTRAINT TRIGGER "parent_links_data_version" AFTER INSERT OR UPDATE OR DELETE ON "parent_links" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_user_data_version"('user_id');
