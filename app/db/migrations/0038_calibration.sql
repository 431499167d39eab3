CREATE TABLE "calibration_figures" (
	"id" serial PRIMARY KEY NOT NULL,
	"run_id" integer NOT NULL,
	"subject_id" integer,
	"subject_name" text NOT NULL,
	"predictions" text NOT NULL,
	"reviews" integer NOT NULL,
	"log_loss" double precision NOT NULL,
	"rmse_bins" double precision NOT NULL,
	"recalled" double precision NOT NULL,
	"predicted" double precision NOT NULL,
	"bins" jsonb NOT NULL,
	CONSTRAINT "calibration_figures_predictions_check" CHECK ("calibration_figures"."predictions" in ('defaults', 'fitted', 'defaults_on_fitted'))
);
--> statement-breakpoint
CREATE TABLE "calibration_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"ran_at" timestamp with time zone NOT NULL,
	"trigger" text NOT NULL,
	"pupils" integer NOT NULL,
	"reviews" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calibration_figures" ADD CONSTRAINT "calibration_figures_run_id_calibration_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."calibration_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calibration_figures_run_idx" ON "calibration_figures" USING btree ("run_id");