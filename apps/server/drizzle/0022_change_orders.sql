CREATE TABLE "change_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project_id" bigint NOT NULL,
	"seq" smallint NOT NULL,
	"supplier_id" bigint NOT NULL,
	"kind" varchar(6) NOT NULL,
	"status" varchar(8) DEFAULT 'pending' NOT NULL,
	"lines" jsonb NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"review_reason" text DEFAULT '' NOT NULL,
	"reviewed_at" timestamp with time zone,
	"contract_before" bigint,
	"contract_after" bigint,
	"stage_id" bigint,
	"refunded" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "change_orders_amount_positive" CHECK ("change_orders"."amount" > 0),
	CONSTRAINT "change_orders_kind_known" CHECK ("change_orders"."kind" in ('add', 'reduce')),
	CONSTRAINT "change_orders_status_known" CHECK ("change_orders"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "project_stages" DROP CONSTRAINT "project_stages_amount_positive";--> statement-breakpoint
ALTER TABLE "report_lines" ALTER COLUMN "line" SET DATA TYPE varchar(24);--> statement-breakpoint
ALTER TABLE "change_orders" ADD CONSTRAINT "change_orders_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_orders" ADD CONSTRAINT "change_orders_supplier_id_members_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "change_orders_project_seq_uq" ON "change_orders" USING btree ("project_id","seq");--> statement-breakpoint
ALTER TABLE "project_stages" ADD CONSTRAINT "project_stages_amount_positive" CHECK ("project_stages"."amount" >= 0);