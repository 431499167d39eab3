CREATE TABLE "license_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"redeemed_by" text,
	"redeemed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subject_access" (
	"user_id" text NOT NULL,
	"subject_id" integer NOT NULL,
	"stream" text NOT NULL,
	"source" text NOT NULL,
	"product_id" integer,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subject_access_user_id_subject_id_pk" PRIMARY KEY("user_id","subject_id"),
	CONSTRAINT "subject_access_stream_check" CHECK ("subject_access"."stream" in ('full', 'light')),
	CONSTRAINT "subject_access_source_check" CHECK ("subject_access"."source" in ('license', 'order', 'demo'))
);
--> statement-breakpoint
CREATE TABLE "subjects" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"level_name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "subjects_slug_level_unique" UNIQUE("slug","level_name"),
	CONSTRAINT "subjects_level_name_check" CHECK ("subjects"."level_name" in ('vmbo-b', 'vmbo-k', 'vmbo-gl-tl', 'havo', 'vwo'))
);
--> statement-breakpoint
CREATE TABLE "user_subjects" (
	"user_id" text NOT NULL,
	"subject_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_subjects_user_id_subject_id_pk" PRIMARY KEY("user_id","subject_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "onboarding_draft" jsonb;--> statement-breakpoint
ALTER TABLE "license_codes" ADD CONSTRAINT "license_codes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_codes" ADD CONSTRAINT "license_codes_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_codes" ADD CONSTRAINT "license_codes_redeemed_by_users_id_fk" FOREIGN KEY ("redeemed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_access" ADD CONSTRAINT "subject_access_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_access" ADD CONSTRAINT "subject_access_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_access" ADD CONSTRAINT "subject_access_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_subjects" ADD CONSTRAINT "user_subjects_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_subjects" ADD CONSTRAINT "user_subjects_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "license_codes_redeemed_by_idx" ON "license_codes" USING btree ("redeemed_by");--> statement-breakpoint
CREATE INDEX "subject_access_subject_idx" ON "subject_access" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "user_subjects_subject_idx" ON "user_subjects" USING btree ("subject_id");