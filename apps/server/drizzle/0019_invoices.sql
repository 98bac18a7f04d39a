CREATE TABLE "invoices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project_id" bigint NOT NULL,
	"customer_id" bigint NOT NULL,
	"supplier_id" bigint NOT NULL,
	"kind" varchar(8) NOT NULL,
	"title" varchar(100) NOT NULL,
	"tax_no" varchar(18) DEFAULT '' NOT NULL,
	"address" varchar(120) DEFAULT '' NOT NULL,
	"bank" varchar(60) DEFAULT '' NOT NULL,
	"bank_account" varchar(30) DEFAULT '' NOT NULL,
	"amount" bigint NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"status" varchar(10) DEFAULT 'requested' NOT NULL,
	"file_id" varchar(32),
	"number" varchar(20) DEFAULT '' NOT NULL,
	"reason" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "invoices_amount_positive" CHECK ("invoices"."amount" > 0),
	CONSTRAINT "invoices_status_known" CHECK ("invoices"."status" in ('requested', 'issued', 'rejected')),
	CONSTRAINT "invoices_issued_has_file" CHECK (("invoices"."status" = 'issued') = ("invoices"."file_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_id_members_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_supplier_id_members_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_project_idx" ON "invoices" USING btree ("project_id","id");--> statement-breakpoint
CREATE INDEX "invoices_customer_idx" ON "invoices" USING btree ("customer_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "invoices_supplier_idx" ON "invoices" USING btree ("supplier_id","id" DESC NULLS LAST);