import { type FilingStatus, PROJECT_STATUS } from '@zl/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { type FilingHistoryEntry, type FilingRow, filings, projects } from '../../db/schema/index.ts';
import { partyNameSql } from '../user/party-name.ts';

/** The venue filing (报馆): docs/filing.md. */

export type { FilingHistoryEntry, FilingRow };

export async function findFiling(db: DbOrTx, projectId: number): Promise<FilingRow | undefined> {
  const [row] = await db.select().from(filings).where(eq(filings.projectId, projectId)).limit(1);
  return row;
}

export interface FilingPack {
  powerKw: number;
  powerBox: string;
  crew: FilingRow['crew'];
  materials: FilingRow['materials'];
  insurance: string;
}

/**
 * Saves the pack: inserts it, or updates it while it is editable (draft, changes) and back to
 * draft. Undefined when it is submitted or approved (a conditional write: no read-then-write).
 */
export async function savePack(
  tx: Tx,
  projectId: number,
  supplierId: number,
  pack: FilingPack,
  /** the demo's own time of a first save; now otherwise */
  savedAt?: Date,
): Promise<FilingRow | undefined> {
  const [row] = await tx
    .insert(filings)
    .values({ projectId, supplierId, status: 'draft', ...pack, ...(savedAt ? { savedAt } : {}) })
    .onConflictDoUpdate({
      target: filings.projectId,
      set: { ...pack, status: 'draft', savedAt: sql`now()`, updatedAt: sql`now()` },
      setWhere: sql`${filings.status} in ('draft', 'changes')`,
    })
    .returning();
  return row;
}

/** Records the venue's answer when the filing is in one of `from`; undefined otherwise. */
export async function recordAnswer(
  tx: Tx,
  projectId: number,
  from: readonly FilingStatus[],
  entry: FilingHistoryEntry,
): Promise<FilingRow | undefined> {
  const [row] = await tx
    .update(filings)
    .set({
      status: entry.status,
      history: sql`${filings.history} || ${JSON.stringify([entry])}::jsonb`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(filings.projectId, projectId), inArray(filings.status, [...from])))
    .returning();
  return row;
}

/** Whether a file is a filing's insurance policy or venue document of a project `memberId` is a party of. */
export async function isFilingFileOf(db: DbOrTx, fileId: string, memberId: number): Promise<boolean> {
  const rows = await db.execute(sql`
    select 1 from filings f join projects p on p.id = f.project_id
      left join quotes q on q.id = p.winner_quote_id
     where (f.insurance = ${fileId} or f.history @> ${JSON.stringify([{ file: fileId }])}::jsonb)
       and (p.customer_id = ${memberId} or q.supplier_id = ${memberId})
     limit 1`);
  return ((rows as unknown as { rows: unknown[] }).rows ?? []).length > 0;
}

export interface ConsoleFilingRow {
  id: number;
  orders: string;
  title: string;
  customerName: string;
  supplierName: string;
  deadline: Date;
  buildStart: Date;
  status: string | null;
}

/**
 * The console's 报馆 list: projects under way (已中标 … 施工中) with a filing deadline, those not
 * approved yet first, each group by its deadline (the late ones lead); `late` keeps those past it
 * and not approved. The rows come from projects_filing_deadline_idx (the state in its predicate).
 */
export async function consoleList(
  db: DbOrTx,
  late: boolean,
  limit: number,
  offset: number,
): Promise<{ rows: ConsoleFilingRow[]; total: number }> {
  const where = sql`p.filing_deadline is not null and p.status between ${PROJECT_STATUS.AWARDED} and ${PROJECT_STATUS.BUILDING}
    ${late ? sql`and p.filing_deadline < now() and coalesce(f.status, 'none') <> 'approved'` : sql``}`;
  const customerName = partyNameSql('c');
  const supplierName = partyNameSql('s');
  const [list, count] = await Promise.all([
    db.execute(sql`
      select p.id, p.orders, p.title, p.filing_deadline as deadline, p.build_start as "buildStart",
             f.status, ${customerName} as "customerName", ${supplierName} as "supplierName"
        from projects p
        left join filings f on f.project_id = p.id
        join members c on c.id = p.customer_id
        left join quotes q on q.id = p.winner_quote_id
        left join members s on s.id = q.supplier_id
       where ${where}
       order by coalesce(f.status, 'none') = 'approved', p.filing_deadline, p.id
       limit ${limit} offset ${offset}`),
    db.execute(
      sql`select count(*)::int as n from projects p left join filings f on f.project_id = p.id where ${where}`,
    ),
  ]);
  const rows = ((list as unknown as { rows: Record<string, unknown>[] }).rows ?? []).map((r) => ({
    id: Number(r.id),
    orders: String(r.orders),
    title: String(r.title),
    customerName: String(r.customerName ?? ''),
    supplierName: String(r.supplierName ?? ''),
    deadline: new Date(r.deadline as string),
    buildStart: new Date(r.buildStart as string),
    status: (r.status as string | null) ?? null,
  }));
  const n = ((count as unknown as { rows: Array<{ n: number }> }).rows ?? [])[0]?.n ?? 0;
  return { rows, total: Number(n) };
}

/** How many filings are late (the console's badge). */
export function lateCountSql() {
  return sql`(select count(*) from projects p left join filings f on f.project_id = p.id
     where p.filing_deadline is not null and p.filing_deadline < now()
       and p.status between ${PROJECT_STATUS.AWARDED} and ${PROJECT_STATUS.BUILDING}
       and coalesce(f.status, 'none') <> 'approved')`;
}

/** The demo's filing dates and place of a project (apps/server/src/demo/demo-filing.ts). */
export async function setDemoFilingPlace(
  tx: Tx,
  projectId: number,
  v: { filingDeadline: Date; hall: string; booth: string },
): Promise<void> {
  await tx.update(projects).set(v).where(eq(projects.id, projectId));
}

/** The demo's 效果图 on a winning quote (apps/server/src/demo/demo-filing.ts). */
export async function setDemoQuoteRenders(tx: Tx, projectId: number, files: string[]): Promise<void> {
  await tx.execute(
    sql`update quotes set attachments = ${JSON.stringify(files)}::jsonb
         where id = (select winner_quote_id from projects where id = ${projectId})`,
  );
}
