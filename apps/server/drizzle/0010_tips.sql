CREATE TABLE "tips" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"type" varchar(16) NOT NULL,
	"title" varchar(100) NOT NULL,
	"content" varchar(500) DEFAULT '' NOT NULL,
	"link" varchar(200) DEFAULT '' NOT NULL,
	"event_id" bigint NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tips_type_known" CHECK ("tips"."type" in ('system', 'project', 'finance', 'review'))
);
--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tips_member_event_uq" ON "tips" USING btree ("member_id","event_id");--> statement-breakpoint
CREATE INDEX "tips_member_created_idx" ON "tips" USING btree ("member_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tips_member_unread_idx" ON "tips" USING btree ("member_id") WHERE "tips"."is_read" = false;