CREATE TABLE "demo_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"description" text NOT NULL,
	"status" text NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "demo_refunds_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "extra_payments" (
	"payment_id" text PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"refund_id" text,
	"refund_status" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "extra_payments_status_check" CHECK ("extra_payments"."status" in ('queued', 'refunding', 'refunded', 'failed')),
	CONSTRAINT "extra_payments_reason_check" CHECK ("extra_payments"."reason" in ('order_paid', 'order_cancelled'))
);
--> statement-breakpoint
ALTER TABLE "demo_refunds" ADD CONSTRAINT "demo_refunds_payment_id_demo_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."demo_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extra_payments" ADD CONSTRAINT "extra_payments_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extra_payments" ADD CONSTRAINT "extra_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "demo_refunds_payment_idx" ON "demo_refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "extra_payments_status_idx" ON "extra_payments" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "extra_payments_order_idx" ON "extra_payments" USING btree ("order_id");