import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { ledgerAccounts, ledgerChecks } from '../../db/schema/index.ts';

/** An account by its owner: kind and currency, and the member or project it belongs to. */
export interface AccountKey {
  kind: string;
  currency: 'CNY' | 'COIN';
  memberId: number | null;
  projectId: number | null;
}

function ownerWhere(k: AccountKey): SQL {
  return and(
    eq(ledgerAccounts.kind, k.kind),
    eq(ledgerAccounts.currency, k.currency),
    k.memberId === null ? isNull(ledgerAccounts.memberId) : eq(ledgerAccounts.memberId, k.memberId),
    k.projectId === null ? isNull(ledgerAccounts.projectId) : eq(ledgerAccounts.projectId, k.projectId),
  )!;
}

export async function findAccountId(db: DbOrTx, k: AccountKey): Promise<number | undefined> {
  const [found] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(ownerWhere(k))
    .limit(1);
  return found?.id;
}

/** Creates the account unless it exists (a concurrent creator wins silently). */
export async function insertAccountIfMissing(
  db: DbOrTx,
  k: AccountKey,
  allowNegative: boolean,
): Promise<void> {
  await db
    .insert(ledgerAccounts)
    .values({
      kind: k.kind,
      currency: k.currency,
      memberId: k.memberId,
      projectId: k.projectId,
      allowNegative,
    })
    .onConflictDoNothing();
}

/** Locks the accounts `for update` in ascending id order (so two movements never deadlock). */
export async function lockAccounts(db: DbOrTx, ids: number[]) {
  return db
    .select({
      id: ledgerAccounts.id,
      balance: ledgerAccounts.balance,
      postingCount: ledgerAccounts.postingCount,
      allowNegative: ledgerAccounts.allowNegative,
      currency: ledgerAccounts.currency,
    })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, ids))
    .orderBy(asc(ledgerAccounts.id))
    .for('update');
}

/** What `zl_ledger_post` answers: the transaction (new or the key's earlier one), or a short currency. */
export type PostAnswer = { id: number; duplicate: boolean; short?: undefined } | { short: 'CNY' | 'COIN' };

/**
 * One movement in one round trip: the `zl_ledger_post` function (migration 0023,
 * docs/adr/0015-ledger-in-one-call.md) does what postTransaction describes — the key, the accounts
 * found or created and locked in id order, the balances checked before anything is written, the
 * transaction, its postings with their running balances and numbers, the balances, the event.
 */
export async function postInOneCall(
  db: DbOrTx,
  v: {
    type: string;
    memo: string;
    refType: string;
    refId: string;
    idempotencyKey: string | null;
    postings: Array<{
      kind: string;
      currency: string;
      member_id: number | null;
      project_id: number | null;
      amount: number;
    }>;
    systemKinds: readonly string[];
    /** the outbox event's payload (without its transactionId), null when the type is not announced */
    event: Record<string, unknown> | null;
  },
): Promise<PostAnswer> {
  const [row] = await queryRows<{ r: PostAnswer }>(
    db,
    sql`select zl_ledger_post(${v.type}, ${v.memo}, ${v.refType}, ${v.refId}, ${v.idempotencyKey},
      ${JSON.stringify(v.postings)}::jsonb, ${JSON.stringify(v.systemKinds)}::jsonb,
      ${v.event === null ? null : JSON.stringify(v.event)}::jsonb) as r`,
  );
  const r = row!.r;
  return r.short === undefined ? { id: Number(r.id), duplicate: r.duplicate } : r;
}

/** The balance of an account; an account never used has 0. */
export async function accountBalance(db: DbOrTx, k: AccountKey): Promise<number> {
  const [row] = await db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(ownerWhere(k))
    .limit(1);
  return row?.balance ?? 0;
}

/** Accounts whose stored balance differs from the sum of their postings. */
export async function balanceMismatches(db: DbOrTx) {
  const rows = await queryRows<{ account_id: string; balance: string; postings: string }>(
    db,
    sql`
      select a.id as account_id, a.balance, coalesce(sum(p.amount), 0) as postings
      from ledger_accounts a left join ledger_postings p on p.account_id = a.id
      group by a.id, a.balance
      having a.balance <> coalesce(sum(p.amount), 0)`,
  );
  return rows.map((r) => ({
    accountId: Number(r.account_id),
    balance: Number(r.balance),
    postings: Number(r.postings),
  }));
}

/** Transactions whose postings do not sum to zero in some currency. */
export async function unbalancedTransactions(db: DbOrTx) {
  const rows = await queryRows<{ transaction_id: string; currency: string; sum: string }>(
    db,
    sql`
      select transaction_id, currency, sum(amount) as sum from ledger_postings
      group by transaction_id, currency having sum(amount) <> 0`,
  );
  return rows.map((r) => ({
    transactionId: Number(r.transaction_id),
    currency: r.currency,
    sum: Number(r.sum),
  }));
}

/** Accounts below zero that may not be. */
export async function overdrawnAccounts(db: DbOrTx) {
  const rows = await queryRows<{ id: string; balance: string }>(
    db,
    sql`
      select id, balance from ledger_accounts where not allow_negative and balance < 0`,
  );
  return rows.map((r) => ({ accountId: Number(r.id), balance: Number(r.balance) }));
}

/** Postings whose currency differs from their account's. */
export async function currencyMismatchCount(db: DbOrTx): Promise<number> {
  const [cm] = await queryRows<{ n: string }>(
    db,
    sql`
      select count(*) as n from ledger_postings p join ledger_accounts a on a.id = p.account_id
      where p.currency <> a.currency`,
  );
  return Number(cm?.n ?? 0);
}

/**
 * Postings whose `balance_after` is not the running sum of their account (in id order), whose
 * `seq` is not their number in it, or whose copied type is not their transaction's; and accounts
 * whose latest posting's `balance_after` and `seq` are not the stored balance and posting count
 * (postingId 0 there when the account has no posting).
 */
export async function runningBalanceMismatches(db: DbOrTx) {
  const rows = await queryRows<{
    posting_id: string;
    account_id: string;
    balance_after: string;
    expected: string;
  }>(
    db,
    sql`
      select id as posting_id, account_id, balance_after, running as expected from (
        select p.id, p.account_id, p.balance_after, p.seq, p.type, t.type as tx_type,
          sum(p.amount) over (partition by p.account_id order by p.id) as running,
          row_number() over (partition by p.account_id order by p.id) as n
        from ledger_postings p join ledger_transactions t on t.id = p.transaction_id
      ) r where r.balance_after <> r.running or r.seq <> r.n or r.type <> r.tx_type
      union all
      select coalesce(last.id, 0), a.id, coalesce(last.balance_after, 0), a.balance
      from ledger_accounts a
      left join lateral (
        select p.id, p.balance_after, p.seq from ledger_postings p where p.account_id = a.id
        order by p.id desc limit 1
      ) last on true
      where coalesce(last.balance_after, 0) <> a.balance or coalesce(last.seq, 0) <> a.posting_count`,
  );
  return rows.map((r) => ({
    postingId: Number(r.posting_id),
    accountId: Number(r.account_id),
    balanceAfter: Number(r.balance_after),
    expected: Number(r.expected),
  }));
}

/** The ledger's size as a check reads it: every account and every transaction. */
export async function ledgerSize(db: DbOrTx) {
  const [row] = await queryRows<{ accounts: string; transactions: string }>(
    db,
    sql`select (select count(*) from ledger_accounts) as accounts,
               (select count(*) from ledger_transactions) as transactions`,
  );
  return { accounts: Number(row?.accounts ?? 0), transactions: Number(row?.transactions ?? 0) };
}

/** Records a check's result and forgets those older than `keepDays`. */
export async function insertLedgerCheck(
  db: DbOrTx,
  c: { ok: boolean; problems: number; accounts: number; transactions: number },
  keepDays: number,
) {
  const [row] = await db.insert(ledgerChecks).values(c).returning();
  await db
    .delete(ledgerChecks)
    .where(sql`${ledgerChecks.checkedAt} < now() - make_interval(days => ${keepDays})`);
  return row as typeof ledgerChecks.$inferSelect;
}

/** The newest check's result, if any. */
export async function latestLedgerCheck(db: DbOrTx) {
  const [row] = await db.select().from(ledgerChecks).orderBy(desc(ledgerChecks.id)).limit(1);
  return row;
}

/**
 * Rebuilds the month figures of a member (every member's when null) from the postings, for what
 * moves postings in time (the demo data's dates; migration 0033's `zl_member_months_rebuild`).
 */
export async function rebuildMemberMonths(db: DbOrTx, memberId: number | null) {
  await db.execute(sql`select zl_member_months_rebuild(${memberId}::bigint)`);
}

/** Month figures that differ from what the postings give (the ledger check). */
export async function memberMonthMismatches(db: DbOrTx): Promise<number> {
  const [row] = await queryRows<{ n: string }>(
    db,
    sql`with t as (
          select a.member_id, p.currency,
            to_char((min(p.created_at) at time zone 'UTC') + interval '8 hours', 'YYYY-MM') as month,
            min(p.type) as type, sum(p.amount) as net
          from ledger_postings p join ledger_accounts a on a.id = p.account_id
          where a.member_id is not null and a.kind in ('member_cash', 'member_frozen', 'member_coins')
          group by a.member_id, p.currency, p.transaction_id
        ), m as (
          select member_id, currency, month, type,
            sum(greatest(net, 0)) as amount_in, sum(greatest(-net, 0)) as amount_out
          from t where net <> 0 group by 1, 2, 3, 4
        )
        select count(*) as n
        from m full join ledger_member_months s using (member_id, currency, month, type)
        where m.amount_in is distinct from s.amount_in or m.amount_out is distinct from s.amount_out`,
  );
  return Number(row?.n ?? 0);
}

/** Per-type posting counters and sums that differ from the postings (the ledger check). */
export async function accountTypeMismatches(db: DbOrTx): Promise<number> {
  const [row] = await queryRows<{ n: string }>(
    db,
    sql`with c as (
          select p.account_id, p.type, count(*) as postings, sum(p.amount) as amount
          from ledger_postings p group by 1, 2
        )
        select count(*) as n from c full join ledger_account_types s using (account_id, type)
        where c.postings is distinct from s.postings or c.amount is distinct from s.amount`,
  );
  return Number(row?.n ?? 0);
}
