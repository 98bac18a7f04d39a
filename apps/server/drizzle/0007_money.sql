CREATE TABLE "alipay_sandbox_keys" (
	"id" smallint PRIMARY KEY NOT NULL,
	"app_id" varchar(32) NOT NULL,
	"app_private_key" text NOT NULL,
	"app_public_key" text NOT NULL,
	"alipay_private_key" text NOT NULL,
	"alipay_public_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alipay_sandbox_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" varchar(8) NOT NULL,
	"request_key" varchar(140) NOT NULL,
	"amount" bigint NOT NULL,
	"order_id" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alipay_sandbox_trades" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"out_trade_no" varchar(64) NOT NULL,
	"trade_no" varchar(64) NOT NULL,
	"subject" varchar(256) NOT NULL,
	"total_amount" bigint NOT NULL,
	"notify_url" varchar(512) DEFAULT '' NOT NULL,
	"return_url" varchar(512) DEFAULT '' NOT NULL,
	"status" varchar(16) DEFAULT 'WAIT_BUYER_PAY' NOT NULL,
	"refunded" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"out_trade_no" varchar(64) NOT NULL,
	"member_id" bigint NOT NULL,
	"purpose" varchar(8) NOT NULL,
	"project_id" bigint,
	"coins" integer DEFAULT 0 NOT NULL,
	"amount" bigint NOT NULL,
	"subject" varchar(128) NOT NULL,
	"status" varchar(8) DEFAULT 'pending' NOT NULL,
	"trade_no" varchar(64),
	"refunded" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_orders_amount_positive" CHECK ("payment_orders"."amount" > 0),
	CONSTRAINT "payment_orders_refunded_range" CHECK ("payment_orders"."refunded" >= 0 and "payment_orders"."refunded" <= "payment_orders"."amount")
);
--> statement-breakpoint
CREATE TABLE "payment_refunds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"out_request_no" varchar(64) NOT NULL,
	"out_trade_no" varchar(64) NOT NULL,
	"project_id" bigint,
	"amount" bigint NOT NULL,
	"reason" varchar(128) DEFAULT '' NOT NULL,
	"status" varchar(8) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"payout_type" varchar(10) NOT NULL,
	"payout_account" varchar(40) NOT NULL,
	"payout_name" varchar(30) NOT NULL,
	"payout_bank" varchar(60) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_by" bigint,
	"reviewed_at" timestamp with time zone,
	"reason" varchar(200) DEFAULT '' NOT NULL,
	"reference" varchar(64) DEFAULT '' NOT NULL,
	CONSTRAINT "withdrawals_amount_positive" CHECK ("withdrawals"."amount" > 0),
	CONSTRAINT "withdrawals_status_known" CHECK ("withdrawals"."status" in ('pending', 'paid', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "posting_count" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- (bills) the three posting columns are added nullable here, not NOT NULL as drizzle generates
-- them (that fails on a ledger with postings): the hand-written block below fills them first.
ALTER TABLE "ledger_postings" ADD COLUMN "balance_after" bigint;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD COLUMN "seq" bigint;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD COLUMN "type" varchar(24);--> statement-breakpoint
-- ==== HAND-WRITTEN (bills, docs/bills.md): backfill of existing postings, then NOT NULL ====
-- Existing postings get their transaction's type, their number and the running sum of their
-- account in id order (accounts are locked while posting, so id order is posting order), and
-- each account its number of postings.
UPDATE "ledger_postings" p SET "type" = t."type"
  FROM "ledger_transactions" t WHERE t."id" = p."transaction_id";--> statement-breakpoint
UPDATE "ledger_postings" p SET "balance_after" = r."running", "seq" = r."n"
  FROM (SELECT "id",
          sum("amount") OVER (PARTITION BY "account_id" ORDER BY "id") AS "running",
          row_number() OVER (PARTITION BY "account_id" ORDER BY "id") AS "n"
        FROM "ledger_postings") r
  WHERE r."id" = p."id";--> statement-breakpoint
UPDATE "ledger_accounts" a SET "posting_count" = c."n"
  FROM (SELECT "account_id", count(*) AS "n" FROM "ledger_postings" GROUP BY "account_id") c
  WHERE c."account_id" = a."id";--> statement-breakpoint
ALTER TABLE "ledger_postings" ALTER COLUMN "balance_after" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_postings" ALTER COLUMN "seq" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_postings" ALTER COLUMN "type" SET NOT NULL;--> statement-breakpoint
-- ==== END HAND-WRITTEN ====
ALTER TABLE "members" ADD COLUMN "pay_failed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "pay_locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "pay_tries_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_reviewed_by_admins_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alipay_sandbox_requests_uq" ON "alipay_sandbox_requests" USING btree ("kind","request_key");--> statement-breakpoint
CREATE UNIQUE INDEX "alipay_sandbox_trades_out_uq" ON "alipay_sandbox_trades" USING btree ("out_trade_no");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_out_trade_no_uq" ON "payment_orders" USING btree ("out_trade_no");--> statement-breakpoint
CREATE INDEX "payment_orders_member_idx" ON "payment_orders" USING btree ("member_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payment_orders_pending_idx" ON "payment_orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "payment_orders_project_idx" ON "payment_orders" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_request_uq" ON "payment_refunds" USING btree ("out_request_no");--> statement-breakpoint
CREATE INDEX "payment_refunds_pending_idx" ON "payment_refunds" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_member_idx" ON "withdrawals" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_status_idx" ON "withdrawals" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_postings_account_seq_uq" ON "ledger_postings" USING btree ("account_id","seq");--> statement-breakpoint
CREATE INDEX "ledger_postings_account_type_idx" ON "ledger_postings" USING btree ("account_id","type","seq");--> statement-breakpoint
CREATE INDEX "ledger_postings_account_created_idx" ON "ledger_postings" USING btree ("account_id","created_at","amount");