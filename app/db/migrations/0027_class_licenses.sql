CREATE TABLE "class_licenses" (
	"id" serial PRIMARY KEY NOT NULL,
	"class_id" integer NOT NULL,
	"code" text NOT NULL,
	"subject_id" integer NOT NULL,
	"product_id" integer,
	"seats" integer NOT NULL,
	"redeemed_by" text,
	"redeemed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_licenses_code_unique" UNIQUE("code"),
	CONSTRAINT "class_licenses_seats_check" CHECK ("class_licenses"."seats" > 0)
);
--> statement-breakpoint
CREATE TABLE "class_seats" (
	"class_license_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"freed_at" timestamp with time zone,
	CONSTRAINT "class_seats_class_license_id_user_id_pk" PRIMARY KEY("class_license_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "subject_access" DROP CONSTRAINT "subject_access_source_check";--> statement-breakpoint
ALTER TABLE "subject_access" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "license_codes" ADD COLUMN "seats" smallint;--> statement-breakpoint
ALTER TABLE "license_codes" ADD COLUMN "exam_year" integer;--> statement-breakpoint
ALTER TABLE "class_licenses" ADD CONSTRAINT "class_licenses_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_licenses" ADD CONSTRAINT "class_licenses_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_licenses" ADD CONSTRAINT "class_licenses_redeemed_by_users_id_fk" FOREIGN KEY ("redeemed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_seats" ADD CONSTRAINT "class_seats_class_license_id_class_licenses_id_fk" FOREIGN KEY ("class_license_id") REFERENCES "public"."class_licenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_seats" ADD CONSTRAINT "class_seats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "class_licenses_class_idx" ON "class_licenses" USING btree ("class_id");--> statement-breakpoint
CREATE INDEX "class_seats_user_idx" ON "class_seats" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "subject_access" ADD CONSTRAINT "subject_access_source_check" CHECK ("subject_access"."source" in ('license', 'order', 'demo', 'class'));--> statement-breakpoint
ALTER TABLE "license_codes" ADD CONSTRAINT "license_codes_seats_check" CHECK ("license_codes"."seats" is null or "license_codes"."seats" between 1 and 1000);