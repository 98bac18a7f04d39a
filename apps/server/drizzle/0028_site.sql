CREATE TABLE "site_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project_id" bigint NOT NULL,
	"supplier_id" bigint NOT NULL,
	"kind" varchar(8) NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"note" varchar(200) DEFAULT '' NOT NULL,
	"lat" numeric(9, 6),
	"lng" numeric(9, 6),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"confirmed_by" varchar(8),
	CONSTRAINT "site_events_kind_known" CHECK ("site_events"."kind" in ('checkin', 'log', 'ready'))
);
--> statement-breakpoint
ALTER TABLE "site_events" ADD CONSTRAINT "site_events_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_events" ADD CONSTRAINT "site_events_supplier_id_members_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "site_events_project_idx" ON "site_events" USING btree ("project_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "site_events_once_uq" ON "site_events" USING btree ("project_id","kind") WHERE "site_events"."kind" in ('checkin', 'ready');--> statement-breakpoint
CREATE INDEX "site_events_unconfirmed_idx" ON "site_events" USING btree ("created_at") WHERE "site_events"."kind" = 'checkin' and "site_events"."confirmed_at" is null;