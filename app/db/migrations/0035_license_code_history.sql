CREATE TABLE "license_code_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"product_id" integer NOT NULL,
	"count" integer NOT NULL,
	"seats" smallint,
	"exam_year" integer,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "license_code_batches_count_check" CHECK ("license_code_batches"."count" between 1 and 5000)
);
--> statement-breakpoint
CREATE TABLE "license_code_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"staff_user_id" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "license_code_events_kind_check" CHECK ("license_code_events"."kind" in ('issued', 'redeemed', 'revoked', 'reissued', 'batch_created', 'mailed'))
);
--> statement-breakpoint
DROP INDEX "license_codes_order_copy_idx";--> statement-breakpoint
ALTER TABLE "license_codes" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "license_codes" ADD COLUMN "revoked_reason" text;--> statement-breakpoint
ALTER TABLE "license_codes" ADD COLUMN "replaces" text;--> statement-breakpoint
ALTER TABLE "license_codes" ADD COLUMN "batch_id" integer;--> statement-breakpoint
ALTER TABLE "license_code_batches" ADD CONSTRAINT "license_code_batches_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_code_batches" ADD CONSTRAINT "license_code_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_code_events" ADD CONSTRAINT "license_code_events_code_license_codes_code_fk" FOREIGN KEY ("code") REFERENCES "public"."license_codes"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_code_events" ADD CONSTRAINT "license_code_events_staff_user_id_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "license_code_events_code_idx" ON "license_code_events" USING btree ("code","id");--> statement-breakpoint
ALTER TABLE "license_codes" ADD CONSTRAINT "license_codes_batch_id_license_code_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."license_code_batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "license_codes_order_idx" ON "license_codes" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "license_codes_batch_idx" ON "license_codes" USING btree ("batch_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "license_codes_order_copy_idx" ON "license_codes" USING btree ("order_id","product_id","copy") WHERE "license_codes"."revoked_at" is null;--> statement-breakpoint
-- Backfill: every code there is was issued when it was made, and redeemed when it was.
INSERT INTO "license_code_events" ("code", "kind", "details", "at")
SELECT "code", 'issued', jsonb_strip_nulls(jsonb_build_object('orderId', "order_id", 'copy', "copy", 'seats', "seats")), "created_at"
FROM "license_codes";--> statement-breakpoint
INSERT INTO "license_code_events" ("code", "kind", "details", "at")
SELECT "code", 'redeemed', '{}'::jsonb, "redeemed_at"
FROM "license_codes" WHERE "redeemed_at" IS NOT NULL;
