ALTER TABLE "license_codes" ADD COLUMN "copy" smallint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fulfilled_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "license_codes_order_copy_idx" ON "license_codes" USING btree ("order_id","product_id","copy");--> statement-breakpoint
-- Codes issued before: numbered per order line, as the follow-up numbers them from now on.
UPDATE "license_codes" AS lc SET "copy" = numbered.n FROM (
  SELECT "code", (row_number() OVER (PARTITION BY "order_id", "product_id" ORDER BY "created_at", "code") - 1)::smallint AS n
  FROM "license_codes" WHERE "order_id" IS NOT NULL
) AS numbered WHERE lc."code" = numbered."code";--> statement-breakpoint
-- Paid orders whose follow-up was queued before have had it: a later delivery must not issue codes again.
UPDATE "orders" SET "fulfilled_at" = coalesce("paid_at", "fulfilment_queued_at") WHERE "status" = 'paid' AND "fulfilment_queued_at" IS NOT NULL;
