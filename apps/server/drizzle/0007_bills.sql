ALTER TABLE "ledger_postings" ADD COLUMN "balance_after" bigint;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD COLUMN "type" varchar(24);--> statement-breakpoint
CREATE INDEX "ledger_postings_account_type_idx" ON "ledger_postings" USING btree ("account_id","type","id");--> statement-breakpoint
CREATE INDEX "ledger_postings_account_created_idx" ON "ledger_postings" USING btree ("account_id","created_at");--> statement-breakpoint
-- ==== HAND-WRITTEN (bills, docs/bills.md): backfill of existing postings, then NOT NULL ====
-- The columns are added nullable above (drizzle would add them NOT NULL, which fails on a
-- non-empty table); existing postings get the transaction's type and the running sum of their
-- account in id order (accounts are locked while posting, so id order is posting order).
UPDATE "ledger_postings" p SET "type" = t."type"
  FROM "ledger_transactions" t WHERE t."id" = p."transaction_id";--> statement-breakpoint
UPDATE "ledger_postings" p SET "balance_after" = r."running"
  FROM (SELECT "id", sum("amount") OVER (PARTITION BY "account_id" ORDER BY "id") AS "running"
        FROM "ledger_postings") r
  WHERE r."id" = p."id";--> statement-breakpoint
ALTER TABLE "ledger_postings" ALTER COLUMN "balance_after" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_postings" ALTER COLUMN "type" SET NOT NULL;
-- ==== END HAND-WRITTEN ====
