CREATE TABLE "project_stages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project_id" bigint NOT NULL,
	"seq" smallint NOT NULL,
	"kind" varchar(10) NOT NULL,
	"percent" smallint DEFAULT 0 NOT NULL,
	"amount" bigint NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"status" varchar(10) DEFAULT 'due' NOT NULL,
	"paid_at" timestamp with time zone,
	"released_at" timestamp with time zone,
	"overdue_at" timestamp with time zone,
	"commission" bigint DEFAULT 0 NOT NULL,
	"refunded" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_stages_amount_positive" CHECK ("project_stages"."amount" > 0),
	CONSTRAINT "project_stages_status_known" CHECK ("project_stages"."status" in ('due', 'paid', 'released', 'refunded')),
	CONSTRAINT "project_stages_refunded_range" CHECK ("project_stages"."refunded" >= 0 and "project_stages"."refunded" <= "project_stages"."amount")
);
--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "stage_id" bigint;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "pay_plan" jsonb DEFAULT '{"prepay":30,"progress":40,"final":30,"retention":0}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "contract_amount" bigint;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "buildin_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "project_stages" ADD CONSTRAINT "project_stages_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "project_stages_project_seq_uq" ON "project_stages" USING btree ("project_id","seq");--> statement-breakpoint
CREATE INDEX "project_stages_due_idx" ON "project_stages" USING btree ("status","due_at");--> statement-breakpoint
CREATE INDEX "payment_orders_stage_idx" ON "payment_orders" USING btree ("stage_id");--> statement-breakpoint
-- Existing projects past the award (docs/staged-escrow.md "Projects awarded before stages"):
-- a live one (2–5) keeps its prepayment as stage 1 and owes the rest of the winning total as a
-- final stage due at the end of the show; an ended one (6, 7) has as contract amount what went
-- through escrow, one stage, released or refunded as its ledger says. Nothing already released moves.
WITH base AS (
	SELECT p.id, p.status, p.prepay, p.prepayp, p.ispaid, p.sdate, p.edate,
		coalesce(p.reportdate, p.updated_at) AS ended_at,
		greatest(q.total, p.prepay) AS live_amount,
		coalesce((SELECT a.balance FROM ledger_accounts a
			WHERE a.kind = 'escrow' AND a.project_id = p.id AND a.currency = 'CNY'), 0) AS held,
		coalesce((SELECT -sum(lp.amount) FROM ledger_postings lp
			JOIN ledger_accounts a ON a.id = lp.account_id
			JOIN ledger_transactions t ON t.id = lp.transaction_id
			WHERE a.kind = 'escrow' AND a.project_id = p.id AND t.type = 'escrow_refund'), 0) AS refunded
	FROM projects p JOIN quotes q ON q.id = p.winner_quote_id
	WHERE p.status >= 2
),
amounts AS (
	SELECT b.*, CASE WHEN b.status <= 5 THEN b.live_amount WHEN b.ispaid THEN b.prepayp ELSE 0 END AS contract
	FROM base b
),
upd AS (
	UPDATE projects p SET contract_amount = a.contract FROM amounts a WHERE p.id = a.id RETURNING p.id
),
first_stage AS (
	INSERT INTO project_stages (project_id, seq, kind, percent, amount, due_at, status, paid_at, released_at, refunded)
	SELECT a.id, 1, 'prepay', 0,
		CASE WHEN a.status <= 5 THEN a.prepay ELSE a.prepayp END,
		((a.sdate - 2)::timestamp - interval '8 hours') AT TIME ZONE 'UTC',
		CASE
			WHEN NOT a.ispaid THEN 'due'
			WHEN a.status <= 5 OR a.held > 0 THEN 'paid'
			WHEN a.refunded >= a.prepayp THEN 'refunded'
			ELSE 'released'
		END,
		CASE WHEN a.ispaid THEN a.ended_at END,
		CASE WHEN a.ispaid AND a.status > 5 AND a.held = 0 AND a.refunded < a.prepayp THEN a.ended_at END,
		CASE WHEN a.ispaid AND a.status > 5 THEN least(a.refunded, a.prepayp) ELSE 0 END
	FROM amounts a
	WHERE (a.status <= 5 AND a.prepay > 0) OR (a.status > 5 AND a.ispaid AND a.prepayp > 0)
	RETURNING project_id
)
INSERT INTO project_stages (project_id, seq, kind, percent, amount, due_at, status)
SELECT a.id, CASE WHEN a.prepay > 0 THEN 2 ELSE 1 END, 'final', 0, a.contract - a.prepay,
	((a.edate + 1)::timestamp - interval '8 hours') AT TIME ZONE 'UTC', 'due'
FROM amounts a
WHERE a.status <= 5 AND a.contract - a.prepay > 0;
--> statement-breakpoint
UPDATE payment_orders o SET stage_id = s.id
FROM project_stages s
WHERE o.purpose = 'prepay' AND o.project_id = s.project_id AND s.seq = 1 AND s.kind = 'prepay';
