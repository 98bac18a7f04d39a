import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { ledgerPostings, ledgerTransactions, projects, quotes } from '../db/schema/index.ts';

/**
 * The demo's bill history (demo-bills.ts) happens through the real movements; these move its
 * rows to the past days they stand for, so the monthly chart has months to show. Demo only.
 */
export async function countQuotesOf(db: DbOrTx, supplierId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(quotes)
    .where(eq(quotes.supplierId, supplierId));
  return Number(row?.n ?? 0);
}

export async function setProjectStatus(db: DbOrTx, projectId: number, status: number): Promise<void> {
  await db.update(projects).set({ status }).where(eq(projects.id, projectId));
}

export async function backdateProject(
  db: DbOrTx,
  projectId: number,
  at: { created: Date; biddl: Date; updated: Date },
): Promise<void> {
  await db
    .update(projects)
    .set({ createdAt: at.created, checkdate: at.created, biddl: at.biddl, updatedAt: at.updated })
    .where(eq(projects.id, projectId));
}

export async function backdateQuote(
  db: DbOrTx,
  quoteId: number,
  created: Date,
  updated: Date,
): Promise<void> {
  await db.update(quotes).set({ createdAt: created, updatedAt: updated }).where(eq(quotes.id, quoteId));
}

/** The transaction of an idempotency key and its postings, at `at` (amounts untouched). */
export async function backdateLedgerTransaction(db: DbOrTx, idempotencyKey: string, at: Date): Promise<void> {
  const [t] = await db
    .update(ledgerTransactions)
    .set({ createdAt: at })
    .where(eq(ledgerTransactions.idempotencyKey, idempotencyKey))
    .returning({ id: ledgerTransactions.id });
  if (!t) return;
  await db
    .update(ledgerPostings)
    .set({ createdAt: at })
    .where(and(eq(ledgerPostings.transactionId, t.id)));
  // the month figures of its members follow the postings (migration 0033)
  await db.execute(
    sql`select zl_member_months_rebuild(m.member_id) from (
          select distinct a.member_id from ledger_postings p join ledger_accounts a on a.id = p.account_id
          where p.transaction_id = ${t.id} and a.member_id is not null) m`,
  );
}
