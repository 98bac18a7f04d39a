CREATE TABLE "project_reports" (
	"project_id" bigint PRIMARY KEY NOT NULL,
	"remark" varchar(1000) DEFAULT '' NOT NULL,
	"round" smallint DEFAULT 1 NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" varchar(8) DEFAULT '' NOT NULL,
	"released" bigint DEFAULT 0 NOT NULL,
	"commission" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project_id" bigint NOT NULL,
	"line" varchar(20) NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"note" varchar(500) DEFAULT '' NOT NULL,
	"state" varchar(8) DEFAULT 'pending' NOT NULL,
	"reason" varchar(200) DEFAULT '' NOT NULL,
	"round" smallint DEFAULT 1 NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "project_reports" ADD CONSTRAINT "project_reports_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_lines" ADD CONSTRAINT "report_lines_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "report_lines_project_line_idx" ON "report_lines" USING btree ("project_id","line");--> statement-breakpoint
-- hand-written (report)
ALTER TABLE "report_lines" ADD CONSTRAINT "report_lines_state_check" CHECK ("state" IN ('pending', 'ok', 'flagged'));--> statement-breakpoint
ALTER TABLE "report_lines" ADD CONSTRAINT "report_lines_round_check" CHECK ("round" >= 1);--> statement-breakpoint
ALTER TABLE "project_reports" ADD CONSTRAINT "project_reports_accepted_by_check" CHECK ("accepted_by" IN ('', 'customer', 'system', 'admin'));
