CREATE TABLE "stock_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"from_quantity" integer NOT NULL,
	"to_quantity" integer NOT NULL,
	"delta" integer NOT NULL,
	"kind" text NOT NULL,
	"reason" text,
	"staff_user_id" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_changes_kind_check" CHECK ("stock_changes"."kind" in ('adjustment', 'order', 'release')),
	CONSTRAINT "stock_changes_delta_check" CHECK ("stock_changes"."delta" = "stock_changes"."to_quantity" - "stock_changes"."from_quantity"),
	CONSTRAINT "stock_changes_to_non_negative" CHECK ("stock_changes"."to_quantity" >= 0)
);
--> statement-breakpoint
ALTER TABLE "stock_changes" ADD CONSTRAINT "stock_changes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_changes_product_idx" ON "stock_changes" USING btree ("product_id","id");