ALTER TABLE "class_members" ADD COLUMN "shares_grades" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "parent_links" ADD COLUMN "shares_grades" boolean DEFAULT false NOT NULL;