CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" varchar(20) NOT NULL,
	"currency" varchar(4) NOT NULL,
	"member_id" bigint,
	"project_id" bigint,
	"balance" bigint DEFAULT 0 NOT NULL,
	"allow_negative" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_no_overdraw" CHECK ("ledger_accounts"."allow_negative" or "ledger_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_postings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transaction_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"currency" varchar(4) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"type" varchar(24) NOT NULL,
	"memo" varchar(200) DEFAULT '' NOT NULL,
	"ref_type" varchar(20) DEFAULT '' NOT NULL,
	"ref_id" varchar(40) DEFAULT '' NOT NULL,
	"idempotency_key" varchar(80),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_transactions_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "favorites" (
	"member_id" bigint NOT NULL,
	"project_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorites_member_id_project_id_pk" PRIMARY KEY("member_id","project_id")
);
--> statement-breakpoint
CREATE TABLE "order_sequences" (
	"day" varchar(8) PRIMARY KEY NOT NULL,
	"seq" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"orders" varchar(20) NOT NULL,
	"customer_id" bigint NOT NULL,
	"mobile" varchar(11) NOT NULL,
	"groupid" smallint NOT NULL,
	"title" varchar(100) NOT NULL,
	"length" numeric(7, 2) NOT NULL,
	"width" numeric(7, 2) NOT NULL,
	"height" numeric(7, 2) NOT NULL,
	"areas" numeric(10, 2) NOT NULL,
	"opens" smallint NOT NULL,
	"prepay" bigint NOT NULL,
	"coins" integer DEFAULT 0 NOT NULL,
	"peoples" integer DEFAULT 0 NOT NULL,
	"picture" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"workpic" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attach" varchar(32) DEFAULT '' NOT NULL,
	"attachname" varchar(200) DEFAULT '' NOT NULL,
	"conts" text DEFAULT '' NOT NULL,
	"sdate" date NOT NULL,
	"edate" date NOT NULL,
	"biddl" timestamp with time zone NOT NULL,
	"prov" varchar(20) NOT NULL,
	"city" varchar(20) NOT NULL,
	"strt" varchar(20) DEFAULT '' NOT NULL,
	"addr" varchar(200) DEFAULT '' NOT NULL,
	"dimian" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"beiban" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"mentou" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"zhanshi" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"jiedai" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"meigong" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"zulin" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"checked" smallint DEFAULT 0 NOT NULL,
	"checkdate" timestamp with time zone,
	"reason" varchar(200) DEFAULT '' NOT NULL,
	"closed_by" varchar(12) DEFAULT '' NOT NULL,
	"winner_quote_id" bigint,
	"awarded_at" timestamp with time zone,
	"contract" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"contctck" smallint DEFAULT 0 NOT NULL,
	"contctckdt" timestamp with time zone,
	"reports" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reportck" smallint DEFAULT 0 NOT NULL,
	"reportdate" timestamp with time zone,
	"prepayp" bigint DEFAULT 0 NOT NULL,
	"ispaid" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "projects_orders_unique" UNIQUE("orders")
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project_id" bigint NOT NULL,
	"supplier_id" bigint NOT NULL,
	"lines" jsonb NOT NULL,
	"subtotals" jsonb NOT NULL,
	"total" bigint NOT NULL,
	"days" integer NOT NULL,
	"remark" varchar(1000) DEFAULT '' NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"coins_paid" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_customer_id_members_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_supplier_id_members_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_owner_uq" ON "ledger_accounts" USING btree ("kind","currency",coalesce("member_id", 0),coalesce("project_id", 0));--> statement-breakpoint
CREATE INDEX "ledger_postings_account_idx" ON "ledger_postings" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "ledger_postings_tx_idx" ON "ledger_postings" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_transactions_ref_idx" ON "ledger_transactions" USING btree ("ref_type","ref_id");--> statement-breakpoint
CREATE INDEX "favorites_member_idx" ON "favorites" USING btree ("member_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "projects_status_created_idx" ON "projects" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "projects_status_biddl_idx" ON "projects" USING btree ("status","biddl","id");--> statement-breakpoint
CREATE INDEX "projects_status_areas_idx" ON "projects" USING btree ("status","areas","id");--> statement-breakpoint
CREATE INDEX "projects_region_idx" ON "projects" USING btree ("prov","city","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "projects_group_idx" ON "projects" USING btree ("groupid","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "projects_customer_idx" ON "projects" USING btree ("customer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "projects_title_trgm_idx" ON "projects" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_project_supplier_uq" ON "quotes" USING btree ("project_id","supplier_id");--> statement-breakpoint
CREATE INDEX "quotes_supplier_idx" ON "quotes" USING btree ("supplier_id","created_at" DESC NULLS LAST);