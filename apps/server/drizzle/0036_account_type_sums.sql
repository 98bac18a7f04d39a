-- Every account's postings per type with their sum (the console's commission: platform revenue's
-- escrow_release), kept by zl_ledger_post (docs/adr/0019-derived-figures-kept-when-written.md).
ALTER TABLE "ledger_account_types" ADD COLUMN "amount" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
INSERT INTO ledger_account_types (account_id, type, postings, amount)
SELECT p.account_id, p.type, count(*), sum(p.amount)
FROM ledger_postings p
GROUP BY 1, 2
ON CONFLICT (account_id, type) DO UPDATE SET postings = excluded.postings, amount = excluded.amount;
--> statement-breakpoint
-- zl_ledger_post as in migration 0034, keeping every account's postings per type and their sum
CREATE OR REPLACE FUNCTION zl_ledger_post(
	p_type text,
	p_memo text,
	p_ref_type text,
	p_ref_id text,
	p_key text,
	p_postings jsonb,
	p_system_kinds jsonb,
	p_event jsonb
) RETURNS jsonb
LANGUAGE plpgsql AS $fn$
DECLARE
	v_id bigint;
	v_short text;
	v_event bigint;
	v_acc record;
BEGIN
	-- (1) a used idempotency key answers the earlier transaction
	IF p_key IS NOT NULL THEN
		SELECT t.id INTO v_id FROM ledger_transactions t WHERE t.idempotency_key = p_key;
		IF FOUND THEN
			RETURN jsonb_build_object('id', v_id, 'duplicate', true);
		END IF;
	END IF;
	-- (2) the accounts created in a stable key order, then locked in ascending id order
	INSERT INTO ledger_accounts (kind, currency, member_id, project_id, allow_negative)
	SELECT k.kind, k.currency, k.member_id, k.project_id, p_system_kinds ? k.kind
	FROM (
		SELECT DISTINCT e->>'kind' AS kind, e->>'currency' AS currency,
			(e->>'member_id')::bigint AS member_id, (e->>'project_id')::bigint AS project_id
		FROM jsonb_array_elements(p_postings) AS e
	) k
	WHERE NOT EXISTS (
		SELECT 1 FROM ledger_accounts a
		WHERE a.kind = k.kind AND a.currency = k.currency
			AND coalesce(a.member_id, 0) = coalesce(k.member_id, 0)
			AND coalesce(a.project_id, 0) = coalesce(k.project_id, 0)
	)
	ORDER BY k.kind, k.currency, coalesce(k.member_id, 0), coalesce(k.project_id, 0)
	ON CONFLICT DO NOTHING;
	-- (3) every account locked (the loop reads the whole locking query: a filter or a LIMIT around
	-- it could let the planner skip rows before they are locked), then the new balances checked
	-- before anything is written
	FOR v_acc IN
		SELECT a.id, a.balance, a.allow_negative, a.currency, k.delta
		FROM ledger_accounts a
		JOIN (
			SELECT e->>'kind' AS kind, e->>'currency' AS currency,
				coalesce((e->>'member_id')::bigint, 0) AS m, coalesce((e->>'project_id')::bigint, 0) AS p,
				sum((e->>'amount')::bigint) AS delta
			FROM jsonb_array_elements(p_postings) AS e
			GROUP BY 1, 2, 3, 4
		) k ON a.kind = k.kind AND a.currency = k.currency
			AND coalesce(a.member_id, 0) = k.m AND coalesce(a.project_id, 0) = k.p
		ORDER BY a.id
		FOR UPDATE OF a
	LOOP
		IF v_short IS NULL AND NOT v_acc.allow_negative AND v_acc.balance + v_acc.delta < 0 THEN
			v_short := v_acc.currency;
		END IF;
	END LOOP;
	IF v_short IS NOT NULL THEN
		RETURN jsonb_build_object('short', v_short);
	END IF;
	-- (4) the transaction row (its unique key settles a same-key race), postings, balances
	INSERT INTO ledger_transactions (type, memo, ref_type, ref_id, idempotency_key)
	VALUES (p_type, p_memo, p_ref_type, p_ref_id, p_key)
	ON CONFLICT (idempotency_key) DO NOTHING
	RETURNING id INTO v_id;
	IF v_id IS NULL THEN
		SELECT t.id INTO v_id FROM ledger_transactions t WHERE t.idempotency_key = p_key;
		RETURN jsonb_build_object('id', v_id, 'duplicate', true);
	END IF;
	-- each posting carries its account's balance right after it and its number in the account
	INSERT INTO ledger_postings (transaction_id, account_id, amount, currency, balance_after, seq, type)
	SELECT v_id, a.id, x.amount, x.currency,
		a.balance + sum(x.amount) OVER (PARTITION BY a.id ORDER BY x.ord),
		a.posting_count + row_number() OVER (PARTITION BY a.id ORDER BY x.ord),
		p_type
	FROM (
		SELECT e->>'kind' AS kind, e->>'currency' AS currency, coalesce((e->>'member_id')::bigint, 0) AS m,
			coalesce((e->>'project_id')::bigint, 0) AS p, (e->>'amount')::bigint AS amount, o AS ord
		FROM jsonb_array_elements(p_postings) WITH ORDINALITY AS t(e, o)
	) x
	JOIN ledger_accounts a ON a.kind = x.kind AND a.currency = x.currency
		AND coalesce(a.member_id, 0) = x.m AND coalesce(a.project_id, 0) = x.p
	ORDER BY x.ord;
	-- the member's month figures (migration 0033): the transaction's net over each member's bill
	-- accounts of a currency, as in or out of its Asia/Shanghai month and type
	INSERT INTO ledger_member_months AS mm (member_id, currency, month, type, amount_in, amount_out)
	SELECT a.member_id, p.currency, to_char((p.created_at AT TIME ZONE 'UTC') + interval '8 hours', 'YYYY-MM'),
		p_type, greatest(sum(p.amount), 0), greatest(-sum(p.amount), 0)
	FROM ledger_postings p
	JOIN ledger_accounts a ON a.id = p.account_id
	WHERE p.transaction_id = v_id AND a.member_id IS NOT NULL
		AND a.kind IN ('member_cash', 'member_frozen', 'member_coins')
	GROUP BY a.member_id, p.currency, 3
	HAVING sum(p.amount) <> 0
	ON CONFLICT (member_id, currency, month, type) DO UPDATE
	SET amount_in = mm.amount_in + excluded.amount_in, amount_out = mm.amount_out + excluded.amount_out;
	-- every account's postings per type and their sum (migrations 0034, 0036); the accounts are
	-- locked above, so these rows add no lock of their own
	INSERT INTO ledger_account_types AS lt (account_id, type, postings, amount)
	SELECT p.account_id, p_type, count(*), sum(p.amount)
	FROM ledger_postings p
	WHERE p.transaction_id = v_id
	GROUP BY p.account_id
	ON CONFLICT (account_id, type) DO UPDATE
	SET postings = lt.postings + excluded.postings, amount = lt.amount + excluded.amount;
	UPDATE ledger_accounts a
	SET balance = a.balance + k.delta, posting_count = a.posting_count + k.n
	FROM (
		SELECT e->>'kind' AS kind, e->>'currency' AS currency,
			coalesce((e->>'member_id')::bigint, 0) AS m, coalesce((e->>'project_id')::bigint, 0) AS p,
			sum((e->>'amount')::bigint) AS delta, count(*) AS n
		FROM jsonb_array_elements(p_postings) AS e
		GROUP BY 1, 2, 3, 4
	) k
	WHERE a.kind = k.kind AND a.currency = k.currency
		AND coalesce(a.member_id, 0) = k.m AND coalesce(a.project_id, 0) = k.p;
	-- (5) the announced movements' event, in the same transaction, told at commit
	IF p_event IS NOT NULL THEN
		INSERT INTO outbox_events (type, aggregate_type, aggregate_id, payload)
		VALUES ('ledger.' || p_type, 'ledger_transaction', v_id::text, p_event || jsonb_build_object('transactionId', v_id))
		RETURNING id INTO v_event;
		PERFORM pg_notify('zl_outbox', v_event::text);
	END IF;
	RETURN jsonb_build_object('id', v_id, 'duplicate', false);
END
$fn$;
