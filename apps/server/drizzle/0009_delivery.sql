CREATE TABLE "complaints" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project_id" bigint NOT NULL,
	"complainant_id" bigint NOT NULL,
	"complainant_side" varchar(10) NOT NULL,
	"respondent_id" bigint NOT NULL,
	"type" varchar(10) NOT NULL,
	"content" text NOT NULL,
	"evidence" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"answer" text DEFAULT '' NOT NULL,
	"answer_evidence" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"answered_at" timestamp with time zone,
	"state" varchar(10) DEFAULT 'open' NOT NULL,
	"decision" varchar(10),
	"refund_fen" bigint DEFAULT 0 NOT NULL,
	"released_fen" bigint DEFAULT 0 NOT NULL,
	"commission_fen" bigint DEFAULT 0 NOT NULL,
	"ruled_by" bigint,
	"ruling_text" varchar(500) DEFAULT '' NOT NULL,
	"ruled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "complaints_state_known" CHECK ("complaints"."state" in ('open', 'answered', 'ruled')),
	CONSTRAINT "complaints_side_known" CHECK ("complaints"."complainant_side" in ('customer', 'supplier')),
	CONSTRAINT "complaints_ruling_complete" CHECK (("complaints"."state" = 'ruled') = ("complaints"."decision" is not null and "complaints"."ruled_at" is not null)),
	CONSTRAINT "complaints_amounts" CHECK ("complaints"."refund_fen" >= 0 and "complaints"."released_fen" >= 0 and "complaints"."commission_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "evaluations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project_id" bigint NOT NULL,
	"side" varchar(10) NOT NULL,
	"author_id" bigint NOT NULL,
	"target_id" bigint NOT NULL,
	"score" smallint,
	"quality" smallint,
	"service" smallint,
	"punctuality" smallint,
	"content" varchar(500) NOT NULL,
	"pictures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL,
	"revealed_at" timestamp with time zone,
	"reply" varchar(300) DEFAULT '' NOT NULL,
	"replied_at" timestamp with time zone,
	"change_requested_at" timestamp with time zone,
	"change_reason" varchar(200) DEFAULT '' NOT NULL,
	"change_used" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "evaluations_side_known" CHECK ("evaluations"."side" in ('supplier', 'customer')),
	CONSTRAINT "evaluations_marks" CHECK (("evaluations"."side" = 'supplier' and "evaluations"."score" between 1 and 5 and "evaluations"."quality" is null)
        or ("evaluations"."side" = 'customer' and "evaluations"."score" is null and "evaluations"."quality" between 1 and 5
            and "evaluations"."service" between 1 and 5 and "evaluations"."punctuality" between 1 and 5))
);
--> statement-breakpoint
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
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_complainant_id_members_id_fk" FOREIGN KEY ("complainant_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_respondent_id_members_id_fk" FOREIGN KEY ("respondent_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_ruled_by_admins_id_fk" FOREIGN KEY ("ruled_by") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_author_id_members_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."members"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_target_id_members_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."members"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_reports" ADD CONSTRAINT "project_reports_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_lines" ADD CONSTRAINT "report_lines_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "complaints_one_open_uq" ON "complaints" USING btree ("project_id") WHERE "complaints"."state" <> 'ruled';--> statement-breakpoint
CREATE INDEX "complaints_complainant_idx" ON "complaints" USING btree ("complainant_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "complaints_respondent_idx" ON "complaints" USING btree ("respondent_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "complaints_state_idx" ON "complaints" USING btree ("state","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "evaluations_project_side_uq" ON "evaluations" USING btree ("project_id","side");--> statement-breakpoint
CREATE INDEX "evaluations_target_idx" ON "evaluations" USING btree ("target_id","side","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "evaluations_author_idx" ON "evaluations" USING btree ("author_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "report_lines_project_line_idx" ON "report_lines" USING btree ("project_id","line");--> statement-breakpoint
-- hand-written (report)
ALTER TABLE "report_lines" ADD CONSTRAINT "report_lines_state_check" CHECK ("state" IN ('pending', 'ok', 'flagged'));--> statement-breakpoint
ALTER TABLE "report_lines" ADD CONSTRAINT "report_lines_round_check" CHECK ("round" >= 1);--> statement-breakpoint
ALTER TABLE "project_reports" ADD CONSTRAINT "project_reports_accepted_by_check" CHECK ("accepted_by" IN ('', 'customer', 'system', 'admin'));
