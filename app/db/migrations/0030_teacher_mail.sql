CREATE TABLE "teacher_mail_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"weekly" boolean DEFAULT false NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "teacher_mail_settings" ADD CONSTRAINT "teacher_mail_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;