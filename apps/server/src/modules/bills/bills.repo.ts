import { and, eq, gte, inArray, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { ledgerAccounts, ledgerAccountTypes, ledgerMemberMonths } from '../../db/schema/index.ts';

/**
 * The bills' reads (docs/bills.md "Indexes"). Every scan is of ONE account, ordered by its
 * posting number `seq` — an order only the `(account_id, seq)` and `(account_id, type, seq)`
 * indexes give, so the planner never walks the whole ledger's primary key backwards looking for
 * a rare account's rows. `seq` order is id order inside an account (postings are numbered under
 * the account lock); several accounts are merged by id.
 */

/** The member's own accounts a bill can be on, with their posting counters. */
export async function memberBillAccounts(db: DbOrTx, memberId: number, kinds: string[]) {
  return db
    .select({
      id: ledgerAccounts.id,
      kind: ledgerAccounts.kind,
      currency: ledgerAccounts.currency,
      postingCount: ledgerAccounts.postingCount,
    })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.memberId, memberId), inArray(ledgerAccounts.kind, kinds)));
}

export interface PostingFilter {
  type: string;
  /** inclusive lower bound of created_at, or null */
  since: Date | null;
  /** exclusive upper bound of created_at, or null */
  until: Date | null;
}

export interface PostingRow {
  id: number;
  seq: number;
  created_at: Date | string;
  type: string;
  account_id: number;
  currency: 'CNY' | 'COIN';
  amount: number;
  balance_after: number;
  memo: string;
  ref_type: string;
  ref_id: string;
}

function conditions(accountId: number, f: PostingFilter, belowSeq: number | null = null): SQL {
  const parts: SQL[] = [sql`p.account_id = ${accountId}`];
  if (f.type) parts.push(sql`p.type = ${f.type}`);
  if (f.since) parts.push(sql`p.created_at >= ${f.since.toISOString()}`);
  if (f.until) parts.push(sql`p.created_at < ${f.until.toISOString()}`);
  if (belowSeq !== null) parts.push(sql`p.seq < ${belowSeq}`);
  return sql.join(parts, sql` and `);
}

/** The newest `limit` matching posting ids of one account (below `belowSeq` when given). */
const newestOf = (accountId: number, f: PostingFilter, limit: number, belowSeq: number | null = null) =>
  sql`(select p.id from ledger_postings p where ${conditions(accountId, f, belowSeq)}
       order by p.seq desc limit ${limit})`;

/** A page of the given accounts' matching postings, newest first (offset paging). */
export async function listPostings(
  db: DbOrTx,
  accountIds: number[],
  f: PostingFilter,
  offset: number,
  limit: number,
): Promise<PostingRow[]> {
  if (accountIds.length === 0) return [];
  const parts = accountIds.map((id) => newestOf(id, f, offset + limit));
  return pageRows(
    db,
    sql`select id from (${sql.join(parts, sql` union all `)}) u order by id desc offset ${offset} limit ${limit}`,
  );
}

/**
 * One account without a filter: the page straight from its posting numbers (`seq` ≤ maxSeq, on
 * the unique (account_id, seq) index), however deep — no rows skipped over.
 */
export async function listPostingsBySeq(
  db: DbOrTx,
  accountId: number,
  maxSeq: number,
  limit: number,
): Promise<PostingRow[]> {
  return pageRows(
    db,
    sql`select id from ledger_postings where account_id = ${accountId} and seq <= ${maxSeq}
        order by seq desc limit ${limit}`,
  );
}

/**
 * How many postings of each account have an id ≤ `maxId`: the `seq` of the account's last such
 * posting (one lookup on `(account_id, id)` per account), 0 when none.
 */
export async function seqsAtOrBelow(db: DbOrTx, accountIds: number[], maxId: number): Promise<number[]> {
  const parts = accountIds.map(
    (id, i) => sql`(select ${i}::int as i, coalesce((select p.seq from ledger_postings p
      where p.account_id = ${id} and p.id <= ${maxId} order by p.id desc limit 1), 0) as seq)`,
  );
  const rows = await queryRows<{ i: number; seq: string }>(db, sql.join(parts, sql` union all `));
  const out = accountIds.map(() => 0);
  for (const r of rows) out[Number(r.i)] = Number(r.seq);
  return out;
}

/** The newest id of the given accounts (0 when none). */
export async function newestId(db: DbOrTx, accountIds: number[]): Promise<number> {
  const parts = accountIds.map(
    (id) => sql`(select p.id from ledger_postings p where p.account_id = ${id} order by p.seq desc limit 1)`,
  );
  const [row] = await queryRows<{ id: string | null }>(
    db,
    sql`select max(id) as id from (${sql.join(parts, sql` union all `)}) u`,
  );
  return Number(row?.id ?? 0);
}

/** The newest `limit` postings of each account at or below its posting number, merged by id. */
export async function listPostingsBelowSeqs(
  db: DbOrTx,
  accountIds: number[],
  maxSeqs: number[],
  limit: number,
): Promise<PostingRow[]> {
  const parts = accountIds.map(
    (id, i) => sql`(select p.id from ledger_postings p where p.account_id = ${id} and p.seq <= ${maxSeqs[i]}
       order by p.seq desc limit ${limit})`,
  );
  return pageRows(
    db,
    sql`select id from (${sql.join(parts, sql` union all `)}) u order by id desc limit ${limit}`,
  );
}

/** The next `limit` matching postings of one account below posting number `belowSeq` (the export). */
export function nextPostingsOf(
  db: DbOrTx,
  accountId: number,
  f: PostingFilter,
  belowSeq: number | null,
  limit: number,
): Promise<PostingRow[]> {
  return pageRows(db, newestOf(accountId, f, limit, belowSeq));
}

async function pageRows(db: DbOrTx, ids: SQL): Promise<PostingRow[]> {
  const rows = await queryRows<Record<keyof PostingRow, string>>(
    db,
    sql`
      select p.id, p.seq, p.created_at, p.type, p.account_id, p.currency, p.amount, p.balance_after,
        t.memo, t.ref_type, t.ref_id
      from (${ids}) page
      join ledger_postings p on p.id = page.id
      join ledger_transactions t on t.id = p.transaction_id
      order by p.id desc`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    seq: Number(r.seq),
    created_at: r.created_at,
    type: r.type,
    account_id: Number(r.account_id),
    currency: r.currency as 'CNY' | 'COIN',
    amount: Number(r.amount),
    balance_after: Number(r.balance_after),
    memo: r.memo,
    ref_type: r.ref_type,
    ref_id: r.ref_id,
  }));
}

/** Postings of a movement type on the accounts, from their per-type counters (no rows counted). */
export async function countPostingsOfType(db: DbOrTx, accountIds: number[], type: string): Promise<number> {
  if (accountIds.length === 0) return 0;
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${ledgerAccountTypes.postings}), 0)` })
    .from(ledgerAccountTypes)
    .where(and(inArray(ledgerAccountTypes.accountId, accountIds), eq(ledgerAccountTypes.type, type)));
  return Number(row?.n ?? 0);
}

/** How many postings of the given accounts match (an index-only count where the index allows). */
export async function countPostings(db: DbOrTx, accountIds: number[], f: PostingFilter): Promise<number> {
  if (accountIds.length === 0) return 0;
  const parts = accountIds.map(
    (id) => sql`(select count(*) as n from ledger_postings p where ${conditions(id, f)})`,
  );
  const [row] = await queryRows<{ n: string }>(
    db,
    sql`select coalesce(sum(n), 0) as n from (${sql.join(parts, sql` union all `)}) c`,
  );
  return Number(row?.n ?? 0);
}

/**
 * In and out per Asia/Shanghai month (`YYYY-MM`) from `sinceMonth` on, of one currency (¥: cash and
 * frozen together; 金币), of one movement type when given: the member's month figures
 * (`ledger_member_months`, written with each posting), where each transaction counted once with
 * its net over the member's accounts of that currency — a move between them (cash → frozen) is
 * neither in nor out. A few rows a month whatever the member's history (docs/bills.md "Monthly").
 */
export async function monthlyInOut(
  db: DbOrTx,
  memberId: number,
  currency: 'CNY' | 'COIN',
  sinceMonth: string,
  type?: string,
) {
  const rows = await db
    .select({
      month: ledgerMemberMonths.month,
      in: sql<string>`sum(${ledgerMemberMonths.amountIn})`,
      out: sql<string>`sum(${ledgerMemberMonths.amountOut})`,
    })
    .from(ledgerMemberMonths)
    .where(
      and(
        eq(ledgerMemberMonths.memberId, memberId),
        eq(ledgerMemberMonths.currency, currency),
        gte(ledgerMemberMonths.month, sinceMonth),
        type ? eq(ledgerMemberMonths.type, type) : undefined,
      ),
    )
    .groupBy(ledgerMemberMonths.month);
  return rows.map((r) => ({ month: r.month, in: Number(r.in), out: Number(r.out) }));
}
