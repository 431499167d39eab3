CREATE TABLE "bundle_products" (
	"bundle_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "bundle_products_bundle_id_product_id_pk" PRIMARY KEY("bundle_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "bundles" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"level_slug" text NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bundles_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"sku" text NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"product_type" text NOT NULL,
	"level_slug" text NOT NULL,
	"subject_slug" text NOT NULL,
	"brand" text NOT NULL,
	"ean_code" text NOT NULL,
	"price_cents" integer NOT NULL,
	"is_orderable" text DEFAULT 'Y' NOT NULL,
	"total_quantity" integer DEFAULT 0 NOT NULL,
	"has_preview" boolean DEFAULT false NOT NULL,
	"description" text NOT NULL,
	"highlights" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pages" integer,
	"featured" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_sku_unique" UNIQUE("sku"),
	CONSTRAINT "products_ean_code_unique" UNIQUE("ean_code"),
	CONSTRAINT "products_price_positive" CHECK ("products"."price_cents" >= 0),
	CONSTRAINT "products_quantity_non_negative" CHECK ("products"."total_quantity" >= 0),
	CONSTRAINT "products_is_orderable_flag" CHECK ("products"."is_orderable" in ('Y', 'N'))
);
--> statement-breakpoint
CREATE TABLE "content_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"fields" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consent_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"categories" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bundle_products" ADD CONSTRAINT "bundle_products_bundle_id_bundles_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."bundles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_products" ADD CONSTRAINT "bundle_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_level_idx" ON "products" USING btree ("level_slug");--> statement-breakpoint
CREATE INDEX "products_subject_idx" ON "products" USING btree ("subject_slug");--> statement-breakpoint
CREATE INDEX "content_entries_type_idx" ON "content_entries" USING btree ("content_type");