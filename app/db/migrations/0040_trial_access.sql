-- Issue 34: a pupil starts the free trial (the light stream) of a subject with online content themselves.
ALTER TABLE "subject_access" DROP CONSTRAINT "subject_access_source_check";--> statement-breakpoint
ALTER TABLE "subject_access" ADD CONSTRAINT "subject_access_source_check" CHECK ("subject_access"."source" in ('license', 'order', 'demo', 'class', 'trial'));