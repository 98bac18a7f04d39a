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
CREATE UNIQUE INDEX "ledger_postings_account_seq_uq" ON "ledger_postings" USING btree ("account_id","seq");--> statement-breakpoint
CREATE INDEX "ledger_postings_account_type_idx" ON "ledger_postings" USING btree ("account_id","type","seq");--> statement-breakpoint
CREATE INDEX "ledger_postings_account_created_idx" ON "ledger_postings" USING btree ("account_id","created_at","amount");
