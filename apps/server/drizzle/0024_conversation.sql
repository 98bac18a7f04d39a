CREATE TABLE "thread_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"thread_id" bigint NOT NULL,
	"sender_id" bigint NOT NULL,
	"content" varchar(2000) DEFAULT '' NOT NULL,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"masked" boolean DEFAULT false NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "threads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project_id" bigint NOT NULL,
	"customer_id" bigint NOT NULL,
	"supplier_id" bigint NOT NULL,
	"opened_by" varchar(8) NOT NULL,
	"last_message_id" bigint DEFAULT 0 NOT NULL,
	"last_message_at" timestamp with time zone,
	"customer_read_up_to" bigint DEFAULT 0 NOT NULL,
	"supplier_read_up_to" bigint DEFAULT 0 NOT NULL,
	"customer_nudged_at" timestamp with time zone,
	"supplier_nudged_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "threads_opened_by_known" CHECK ("threads"."opened_by" in ('award', 'customer'))
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "message_sms" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "thread_messages" ADD CONSTRAINT "thread_messages_thread_id_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."threads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_messages" ADD CONSTRAINT "thread_messages_sender_id_members_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "threads" ADD CONSTRAINT "threads_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "threads" ADD CONSTRAINT "threads_customer_id_members_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "threads" ADD CONSTRAINT "threads_supplier_id_members_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "thread_messages_thread_idx" ON "thread_messages" USING btree ("thread_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "threads_project_supplier_uq" ON "threads" USING btree ("project_id","supplier_id");--> statement-breakpoint
CREATE INDEX "threads_customer_idx" ON "threads" USING btree ("customer_id","last_message_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "threads_supplier_idx" ON "threads" USING btree ("supplier_id","last_message_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "threads_last_message_at_idx" ON "threads" USING btree ("last_message_at");--> statement-breakpoint
INSERT INTO "threads" ("project_id", "customer_id", "supplier_id", "opened_by")
SELECT p."id", p."customer_id", q."supplier_id", 'award'
FROM "projects" p JOIN "quotes" q ON q."id" = p."winner_quote_id"
ON CONFLICT DO NOTHING;
