CREATE TABLE "stock_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"email" text NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_notices_token_unique" UNIQUE("token")
);
--> statement-breakpoint
ALTER TABLE "stock_notices" ADD CONSTRAINT "stock_notices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_notices_product_email" ON "stock_notices" USING btree ("product_id","email");