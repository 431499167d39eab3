ALTER TABLE "users" ADD COLUMN "education_role" text DEFAULT 'pupil' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "onboarding_completed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "profile" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "exam_year" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "levels" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_education_role_check" CHECK ("users"."education_role" in ('pupil', 'teacher'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_profile_check" CHECK ("users"."profile" is null or "users"."profile" in ('NT', 'NG', 'EM', 'CM'));