-- Consent records become one row per visitor and choice (ADR 004, amended).
-- Rows recorded before visitor ids existed get a random id each (they stay
-- anonymous proof and can never collide); confirmed_at starts at created_at.
ALTER TABLE "consent_records" ADD COLUMN "visitor_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "consent_records" ALTER COLUMN "visitor_id" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "consent_records" ADD COLUMN "confirmed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "consent_records" SET "confirmed_at" = "created_at";--> statement-breakpoint
CREATE UNIQUE INDEX "consent_records_visitor_choice_idx" ON "consent_records" USING btree ("visitor_id","categories");--> statement-breakpoint
CREATE INDEX "consent_records_confirmed_at_idx" ON "consent_records" USING btree ("confirmed_at");
