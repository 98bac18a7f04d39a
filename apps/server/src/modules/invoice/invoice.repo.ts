import { and, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  businessAuths,
  type InvoiceRow,
  invoices,
  ledgerAccounts,
  ledgerPostings,
  members,
  paymentOrders,
  paymentRefunds,
  projects,
  quotes,
} from '../../db/schema/index.ts';
import { partyNameSql } from '../user/party-name.ts';

/** Invoices' reads and writes (docs/invoices.md). */

export type NewInvoice = typeof invoices.$inferInsert;

export async function insertInvoice(tx: DbOrTx, v: NewInvoice): Promise<InvoiceRow> {
  const [row] = await tx.insert(invoices).values(v).returning();
  return row!;
}

/** 分 requested or issued on a project (a rejected request frees its amount). */
export async function claimedOn(db: DbOrTx, projectId: number): Promise<number> {
  const [row] = await db
    .select({ s: sql<string>`coalesce(sum(${invoices.amount}), 0)` })
    .from(invoices)
    .where(and(eq(invoices.projectId, projectId), inArray(invoices.status, ['requested', 'issued'])));
  return Number(row?.s ?? 0);
}

/**
 * What the customer has paid for a project through the platform, net of what was refunded to it
 * (分): its paid project payments less the refunds booked against them. Every payment into the
 * project's escrow is a paid order with the project's id, whatever its purpose.
 */
export async function paidNet(db: DbOrTx, projectId: number): Promise<number> {
  const [row] = await db
    .select({
      paid: sql<string>`coalesce((select sum(${paymentOrders.amount}) from ${paymentOrders}
        where ${paymentOrders.projectId} = ${projectId} and ${paymentOrders.status} = 'paid'), 0)`,
      refunded: sql<string>`coalesce((select sum(${paymentRefunds.amount}) from ${paymentRefunds}
        where ${paymentRefunds.projectId} = ${projectId}), 0)`,
    })
    .from(sql`(select 1) as one`);
  return Math.max(0, Number(row?.paid ?? 0) - Number(row?.refunded ?? 0));
}

/** The project's winning supplier (member id), or undefined before the award. */
export async function winnerOf(db: DbOrTx, projectId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: quotes.supplierId })
    .from(projects)
    .innerJoin(quotes, eq(quotes.id, projects.winnerQuoteId))
    .where(eq(projects.id, projectId))
    .limit(1);
  return row?.id;
}

/** One invoice, locked for its decision (`for update`). */
export async function lockInvoice(tx: DbOrTx, id: number): Promise<InvoiceRow | undefined> {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update').limit(1);
  return row;
}

/** requested → issued | rejected, once: undefined when it was decided already. */
export async function decide(
  tx: DbOrTx,
  id: number,
  set: { status: 'issued'; fileId: string; number: string } | { status: 'rejected'; reason: string },
): Promise<InvoiceRow | undefined> {
  const [row] = await tx
    .update(invoices)
    .set({ ...set, decidedAt: new Date() })
    .where(and(eq(invoices.id, id), eq(invoices.status, 'requested')))
    .returning();
  return row;
}

const counterpartCustomer = sql<string>`(select ${partyNameSql('c')} from members c where c.id = ${invoices.customerId})`;
const counterpartSupplier = sql<string>`(select ${partyNameSql('s')} from members s where s.id = ${invoices.supplierId})`;

export type InvoiceWithProject = InvoiceRow & {
  orders: string;
  projectTitle: string;
  customerName: string;
  supplierName: string;
};

/** An invoice with its project's number and title and both parties' verified names. */
function withProject(db: DbOrTx) {
  return db
    .select({
      invoice: invoices,
      orders: projects.orders,
      projectTitle: projects.title,
      customerName: counterpartCustomer,
      supplierName: counterpartSupplier,
    })
    .from(invoices)
    .innerJoin(projects, eq(projects.id, invoices.projectId));
}

type WithProjectRow = Awaited<ReturnType<ReturnType<typeof withProject>['execute']>>[number];

function flat(r: WithProjectRow): InvoiceWithProject {
  return {
    ...r.invoice,
    orders: r.orders,
    projectTitle: r.projectTitle,
    customerName: r.customerName,
    supplierName: r.supplierName,
  };
}

/** One invoice as the lists show it, or undefined. */
export async function findWithProject(db: DbOrTx, id: number): Promise<InvoiceWithProject | undefined> {
  const [row] = await withProject(db).where(eq(invoices.id, id)).limit(1);
  return row ? flat(row) : undefined;
}

/** The caller's invoices (as customer or supplier), one project's (`projectId`) or all, newest first. */
export async function listFor(
  db: DbOrTx,
  memberId: number,
  opts: { projectId?: number | undefined; limit: number; offset: number },
): Promise<{ rows: InvoiceWithProject[]; total: number }> {
  const mine = or(eq(invoices.customerId, memberId), eq(invoices.supplierId, memberId));
  const where = opts.projectId === undefined ? mine : and(eq(invoices.projectId, opts.projectId), mine);
  const [rows, [n]] = await Promise.all([
    withProject(db).where(where).orderBy(desc(invoices.id)).limit(opts.limit).offset(opts.offset),
    db.select({ n: count() }).from(invoices).where(where),
  ]);
  return { rows: rows.map(flat), total: Number(n?.n ?? 0) };
}

/** The invoice details of the member's latest approved business verification, or blanks. */
export async function businessInvoiceDetails(db: DbOrTx, memberId: number) {
  const [row] = await db
    .select({
      fultitle: businessAuths.fultitle,
      btitle: businessAuths.btitle,
      taxorder: businessAuths.taxorder,
      bkname: businessAuths.bkname,
      bkorder: businessAuths.bkorder,
    })
    .from(businessAuths)
    .where(and(eq(businessAuths.memberId, memberId), eq(businessAuths.checked, 1)))
    .orderBy(desc(businessAuths.id))
    .limit(1);
  if (!row) {
    const [m] = await db
      .select({ name: partyNameSql() })
      .from(members)
      .where(eq(members.id, memberId))
      .limit(1);
    return { title: m?.name ?? '', taxNo: '', bank: '', bankAccount: '' };
  }
  return {
    title: row.fultitle || row.btitle,
    taxNo: row.taxorder,
    bank: row.bkname,
    bankAccount: row.bkorder,
  };
}

/** An issued invoice's file is read by the invoice's two parties (docs/invoices.md § Files). */
export async function isInvoiceFileOf(db: DbOrTx, fileId: string, memberId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        eq(invoices.fileId, fileId),
        or(eq(invoices.customerId, memberId), eq(invoices.supplierId, memberId)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export interface CommissionLine {
  transactionId: number;
  at: Date;
  memo: string;
  projectId: number;
  /** released from escrow, 分 */
  gross: number;
  commission: number;
  payout: number;
}

/**
 * The supplier's escrow releases in [from, to): for each, what left the escrow, the platform's
 * commission and what reached the supplier's cash. Starts from the supplier's own cash postings of
 * type `escrow_release` (one index range), then reads the other postings of those transactions.
 */
export async function commissionLines(
  db: DbOrTx,
  memberId: number,
  from: Date,
  to: Date,
): Promise<CommissionLine[]> {
  const res = (await db.execute(sql`
    with mine as (
      select p.transaction_id
        from ${ledgerPostings} p
        join ${ledgerAccounts} a on a.id = p.account_id
       where a.kind = 'member_cash' and a.currency = 'CNY' and a.member_id = ${memberId}
         and p.type = 'escrow_release'
         and p.created_at >= ${from.toISOString()}::timestamptz and p.created_at < ${to.toISOString()}::timestamptz
    )
    select t.id as transaction_id, t.created_at as at, t.memo, t.ref_id,
           coalesce(sum(case when a.kind = 'escrow' then -p.amount end), 0) as gross,
           coalesce(sum(case when a.kind = 'platform_revenue' then p.amount end), 0) as commission,
           coalesce(sum(case when a.kind = 'member_cash' then p.amount end), 0) as payout
      from mine
      join ledger_transactions t on t.id = mine.transaction_id
      join ${ledgerPostings} p on p.transaction_id = t.id
      join ${ledgerAccounts} a on a.id = p.account_id
     group by t.id, t.created_at, t.memo, t.ref_id
     order by t.id`)) as unknown as { rows: Array<Record<string, unknown>> };
  const list = res.rows;
  return list.map((r) => ({
    transactionId: Number(r.transaction_id),
    at: new Date(r.at as string),
    memo: String(r.memo),
    projectId: Number(r.ref_id),
    gross: Number(r.gross),
    commission: Number(r.commission),
    payout: Number(r.payout),
  }));
}

export async function memberName(db: DbOrTx, memberId: number): Promise<string> {
  const [m] = await db
    .select({ name: partyNameSql() })
    .from(members)
    .where(eq(members.id, memberId))
    .limit(1);
  return m?.name ?? '';
}
