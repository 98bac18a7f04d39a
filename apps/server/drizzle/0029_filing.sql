CREATE TABLE "filings" (
	"project_id" bigint PRIMARY KEY NOT NULL,
	"supplier_id" bigint NOT NULL,
	"status" varchar(10) DEFAULT 'draft' NOT NULL,
	"power_kw" numeric(6, 1) NOT NULL,
	"power_box" varchar(40) NOT NULL,
	"crew" jsonb NOT NULL,
	"materials" jsonb NOT NULL,
	"insurance" varchar(40) NOT NULL,
	"history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "filings_status_known" CHECK ("filings"."status" in ('draft', 'submitted', 'approved', 'changes'))
);
--> statement-breakpoint
ALTER TABLE "filings" ADD CONSTRAINT "filings_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filings" ADD CONSTRAINT "filings_supplier_id_members_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "filings_status_idx" ON "filings" USING btree ("status");--> statement-breakpoint
CREATE INDEX "projects_filing_deadline_idx" ON "projects" USING btree ("filing_deadline","id") WHERE "projects"."filing_deadline" is not null and "projects"."status" between 2 and 4;