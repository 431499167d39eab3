CREATE TABLE "mail_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ref" text,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_log_status_check" CHECK ("mail_log"."status" in ('sent', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "extra_payments" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "extra_payments" ADD COLUMN "handled_by" text;--> statement-breakpoint
ALTER TABLE "extra_payments" ADD COLUMN "handled_note" text;--> statement-breakpoint
CREATE INDEX "mail_log_ref_idx" ON "mail_log" USING btree ("ref","at");--> statement-breakpoint
CREATE INDEX "mail_log_status_idx" ON "mail_log" USING btree ("status","at");--> statement-breakpoint
CREATE INDEX "orders_email_idx" ON "orders" USING btree (lower("email"),"id");