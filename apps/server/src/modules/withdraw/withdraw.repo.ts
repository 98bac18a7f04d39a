import { and, asc, count, desc, eq, gte, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import {
  admins,
  ledgerAccounts,
  members,
  type Withdrawal,
  type WithdrawStatus,
  withdrawals,
} from '../../db/schema/index.ts';
import { partyNameSql, verifiedCompanySql, verifiedRealnameSql } from '../user/party-name.ts';

/** Requests the member made since `since` (the start of today, Asia/Shanghai). */
export async function countSince(db: DbOrTx, memberId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(withdrawals)
    .where(and(eq(withdrawals.memberId, memberId), gte(withdrawals.createdAt, since)));
  return Number(row?.n ?? 0);
}

export async function insertWithdrawal(
  db: DbOrTx,
  w: Pick<
    Withdrawal,
    'memberId' | 'amount' | 'payoutType' | 'payoutAccount' | 'payoutName' | 'payoutBank'
  > & {
    /** the demo data's requests of earlier days; otherwise now */
    createdAt?: Date;
  },
): Promise<Withdrawal> {
  const [row] = await db.insert(withdrawals).values(w).returning();
  return row!;
}

export async function memberPage(db: DbOrTx, memberId: number, page: number, pageSize: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.memberId, memberId))
      .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(withdrawals).where(eq(withdrawals.memberId, memberId)),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function findWithdrawal(db: DbOrTx, id: number): Promise<Withdrawal | undefined> {
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id)).limit(1);
  return row;
}

/**
 * Decides a pending request: only a row still `pending` changes, so of any number of concurrent
 * reviews exactly one gets the row back (the others get undefined).
 */
export async function decide(
  db: DbOrTx,
  id: number,
  d: { status: Exclude<WithdrawStatus, 'pending'>; adminId: number; reason: string; reference: string },
): Promise<Withdrawal | undefined> {
  const [row] = await db
    .update(withdrawals)
    .set({
      status: d.status,
      reviewedBy: d.adminId,
      reviewedAt: sql`now()`,
      reason: d.reason,
      reference: d.reference,
    })
    .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'pending')))
    .returning();
  return row;
}

/** The 提现审核 queue: pending first, oldest first; decided ones after, newest first. */
export async function adminPage(
  db: DbOrTx,
  q: { status?: WithdrawStatus | undefined; page: number; pageSize: number },
) {
  const where = q.status ? eq(withdrawals.status, q.status) : undefined;
  const pendingFirst = sql`case when ${withdrawals.status} = 'pending' then 0 else 1 end`;
  const pendingOldest = sql`case when ${withdrawals.status} = 'pending' then ${withdrawals.createdAt} end`;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        w: withdrawals,
        cardno: members.cardno,
        mobile: members.mobile,
        name: partyNameSql(),
        nickname: members.nickname,
        cardtype: members.cardtype,
        verifiedRealname: verifiedRealnameSql(),
        verifiedCompany: verifiedCompanySql(),
        reviewer: admins.displayName,
        reviewerName: admins.username,
      })
      .from(withdrawals)
      .innerJoin(members, eq(members.id, withdrawals.memberId))
      .leftJoin(admins, eq(admins.id, withdrawals.reviewedBy))
      .where(where)
      .orderBy(asc(pendingFirst), asc(pendingOldest), desc(withdrawals.createdAt), desc(withdrawals.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(withdrawals).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

const num = (v: unknown) => Number(v ?? 0);

/**
 * The figures of 资金概览 (docs/withdrawals.md): computed from the ledger, except the pending
 * count, which is the withdrawals table's. `dayStart` / `monthStart` are Asia/Shanghai boundaries.
 */
export async function fundsFigures(db: DbOrTx, dayStart: Date, monthStart: Date) {
  // this month's postings of the clearing account, by the (account_id, created_at, amount) index:
  // the month's movements, never the ledger's history (docs/bench/growth.md)
  const clearing = sql`(select id from ledger_accounts where kind = 'payment_clearing' and currency = 'CNY'
    and member_id is null and project_id is null)`;
  const [inflow] = await queryRows<{ today: string; month: string }>(
    db,
    sql`select
          coalesce(-sum(p.amount) filter (where p.created_at >= ${dayStart}), 0) as today,
          coalesce(-sum(p.amount), 0) as month
        from ledger_postings p
        where p.account_id = ${clearing} and p.created_at >= ${monthStart}
          and p.type in ('coin_recharge', 'prepay_in', 'stage_in')`,
  );
  // the platform revenue's escrow_release sum, kept with each posting (ledger_account_types)
  const [commission] = await queryRows<{ sum: string }>(
    db,
    sql`select coalesce(sum(t.amount), 0) as sum
        from ledger_account_types t
        join ledger_accounts a on a.id = t.account_id
        where a.kind = 'platform_revenue' and a.currency = 'CNY' and t.type = 'escrow_release'`,
  );
  const [paid] = await queryRows<{ n: string; sum: string }>(
    db,
    sql`select count(distinct p.transaction_id) as n, coalesce(sum(p.amount), 0) as sum
        from ledger_postings p
        where p.account_id = ${clearing} and p.created_at >= ${monthStart} and p.type = 'withdraw_payout'`,
  );
  const [escrow] = await db
    .select({ sum: sql<string>`coalesce(sum(${ledgerAccounts.balance}), 0)` })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.kind, 'escrow'), eq(ledgerAccounts.currency, 'CNY')));
  const [pending] = await db
    .select({ n: count(), sum: sql<string>`coalesce(sum(${withdrawals.amount}), 0)` })
    .from(withdrawals)
    .where(eq(withdrawals.status, 'pending'));
  return {
    inflowToday: num(inflow?.today),
    inflowMonth: num(inflow?.month),
    commission: num(commission?.sum),
    paidMonthCount: num(paid?.n),
    paidMonth: num(paid?.sum),
    escrowHeld: num(escrow?.sum),
    pendingCount: num(pending?.n),
    pendingAmount: num(pending?.sum),
  };
}
