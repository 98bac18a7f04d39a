CREATE TABLE "notices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"kind" varchar(12) NOT NULL,
	"channel" varchar(8) NOT NULL,
	"project_id" bigint,
	"event_id" bigint NOT NULL,
	"status" varchar(8) DEFAULT 'pending' NOT NULL,
	"send_after" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "notices_channel_known" CHECK ("notices"."channel" in ('sms', 'wechat')),
	CONSTRAINT "notices_status_known" CHECK ("notices"."status" in ('pending', 'sent', 'failed', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "wechat_mp_tokens" (
	"appid" varchar(64) PRIMARY KEY NOT NULL,
	"token" varchar(600) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "notify_prefs" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notices_event_uq" ON "notices" USING btree ("member_id","event_id","kind","channel");--> statement-breakpoint
CREATE INDEX "notices_due_idx" ON "notices" USING btree ("send_after","id") WHERE "notices"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "notices_status_idx" ON "notices" USING btree ("status","id");