CREATE TABLE "admin_sessions" (
	"id_hash" varchar(64) PRIMARY KEY NOT NULL,
	"admin_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admins" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"username" varchar(32) NOT NULL,
	"password_hash" varchar(200) NOT NULL,
	"role" varchar(16) NOT NULL,
	"display_name" varchar(30) DEFAULT '' NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"failed_logins" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admins_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_type" varchar(10) NOT NULL,
	"actor_id" bigint,
	"action" varchar(40) NOT NULL,
	"target_type" varchar(30) NOT NULL,
	"target_id" varchar(40) NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"owner_member_id" bigint,
	"owner_admin_id" bigint,
	"visibility" varchar(10) NOT NULL,
	"purpose" varchar(20) NOT NULL,
	"mime" varchar(40) NOT NULL,
	"size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"storage_key" varchar(200) NOT NULL,
	"thumb_key" varchar(200),
	"original_name" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_auths" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"name" varchar(30) NOT NULL,
	"mobile" varchar(11) NOT NULL,
	"tlphone" varchar(20) DEFAULT '' NOT NULL,
	"cardfrt" varchar(32) NOT NULL,
	"cardrvs" varchar(32) NOT NULL,
	"bstype" varchar(20) NOT NULL,
	"btitle" varchar(100) NOT NULL,
	"bcerts" varchar(32) NOT NULL,
	"bdate" varchar(10) DEFAULT '' NOT NULL,
	"bprov" varchar(20) NOT NULL,
	"bcity" varchar(20) NOT NULL,
	"bstrt" varchar(20) DEFAULT '' NOT NULL,
	"receipt" varchar(20) DEFAULT '' NOT NULL,
	"fultitle" varchar(100) DEFAULT '' NOT NULL,
	"taxorder" varchar(18) NOT NULL,
	"bkname" varchar(60) NOT NULL,
	"bkorder" varchar(30) NOT NULL,
	"mprov" varchar(20) DEFAULT '' NOT NULL,
	"mcity" varchar(20) DEFAULT '' NOT NULL,
	"mstrt" varchar(20) DEFAULT '' NOT NULL,
	"maddr" varchar(200) DEFAULT '' NOT NULL,
	"checked" smallint DEFAULT 0 NOT NULL,
	"reason" varchar(200) DEFAULT '' NOT NULL,
	"reviewer_id" bigint,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "person_auths" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"realname" varchar(30) NOT NULL,
	"idcard" varchar(18) NOT NULL,
	"cardfrt" varchar(32) NOT NULL,
	"cardrvs" varchar(32) NOT NULL,
	"checked" smallint DEFAULT 0 NOT NULL,
	"reason" varchar(200) DEFAULT '' NOT NULL,
	"reviewer_id" bigint,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wechat_bind_tickets" (
	"ticket_hash" varchar(64) PRIMARY KEY NOT NULL,
	"openid" varchar(64) NOT NULL,
	"nickname" varchar(50) DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wechat_states" (
	"state_hash" varchar(64) PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "userlogo" varchar(40) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "company" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "myjob" varchar(50) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "birth" varchar(10) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "sex" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "qqnum" varchar(12) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "email" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "prov" varchar(20) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "city" varchar(20) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "strt" varchar(20) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "addr" varchar(200) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "descr" varchar(500) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "realname" varchar(30) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "idcard" varchar(18) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "paycode_hash" varchar(200);--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "payout_type" varchar(10) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "payout_name" varchar(30) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "payout_account" varchar(40) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "payout_bank" varchar(60) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "openid" varchar(64);--> statement-breakpoint
ALTER TABLE "admin_sessions" ADD CONSTRAINT "admin_sessions_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_auths" ADD CONSTRAINT "business_auths_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_auths" ADD CONSTRAINT "person_auths_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_sessions_admin_idx" ON "admin_sessions" USING btree ("admin_id");--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id","id");--> statement-breakpoint
CREATE INDEX "files_owner_member_idx" ON "files" USING btree ("owner_member_id","created_at");--> statement-breakpoint
CREATE INDEX "business_auths_member_idx" ON "business_auths" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "business_auths_checked_idx" ON "business_auths" USING btree ("checked","id");--> statement-breakpoint
CREATE INDEX "person_auths_member_idx" ON "person_auths" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "person_auths_checked_idx" ON "person_auths" USING btree ("checked","id");--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_openid_unique" UNIQUE("openid");