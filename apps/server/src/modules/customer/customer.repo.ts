import { AUTH_STATUS, QUOTE_STATUS } from '@zl/shared';
import { and, asc, count, desc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { members, projects, quotes } from '../../db/schema/index.ts';
import { projectSummaryColumns } from '../project/project-columns.ts';
import { partyNameSql } from '../user/party-name.ts';

export type QuoteWithSupplier = typeof quotes.$inferSelect & {
  supplier: {
    cardno: string;
    /** the verified name (docs/members.md "Party names") */
    name: string;
    nickname: string;
    company: string;
    personauth: number;
    businsauth: number;
  };
};

/** One project of this customer; someone else's reads as missing. */
export async function findOwnProject(db: DbOrTx, customerId: number, id: number) {
  const [row] = await db
    .select()
    .from(projects)
    .where(and(eq(projects.id, id), eq(projects.customerId, customerId)))
    .limit(1);
  return row;
}

const summaryColumns = {
  ...projectSummaryColumns,
  checked: projects.checked,
  reason: projects.reason,
  closedBy: projects.closedBy,
};

export async function listOwnProjects(
  db: DbOrTx,
  customerId: number,
  q: { status?: number | undefined; page: number; pageSize: number },
) {
  const where: SQL[] = [eq(projects.customerId, customerId)];
  if (q.status !== undefined) where.push(eq(projects.status, q.status));
  const cond = and(...where);
  const rows = await db
    .select({
      ...summaryColumns,
      // Qualified by hand: drizzle renders a lone column unqualified, which here would bind to q.id.
      quoteCount: sql<number>`(select count(*)::int from quotes q where q.project_id = "projects"."id")`,
    })
    .from(projects)
    .where(cond)
    .orderBy(desc(projects.createdAt), desc(projects.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const [total] = await db.select({ n: count() }).from(projects).where(cond);
  return { rows, total: Number(total?.n ?? 0) };
}

const quoteSelect = {
  quote: quotes,
  cardno: members.cardno,
  name: partyNameSql(),
  nickname: members.nickname,
  company: members.company,
  personauth: members.personauth,
  businsauth: members.businsauth,
};

function withSupplier(r: {
  quote: typeof quotes.$inferSelect;
  cardno: string;
  name: string;
  nickname: string;
  company: string;
  personauth: number;
  businsauth: number;
}): QuoteWithSupplier {
  const { quote, ...s } = r;
  return { ...quote, supplier: s };
}

/** Every quote of a project (the caller has checked it is the customer's own). */
export async function quotesOfProject(db: DbOrTx, projectId: number): Promise<QuoteWithSupplier[]> {
  const rows = await db
    .select(quoteSelect)
    .from(quotes)
    .innerJoin(members, eq(members.id, quotes.supplierId))
    .where(eq(quotes.projectId, projectId))
    .orderBy(asc(quotes.createdAt), asc(quotes.id));
  return rows.map(withSupplier);
}

export async function quoteOfProject(
  db: DbOrTx,
  projectId: number,
  quoteId: number,
): Promise<QuoteWithSupplier | undefined> {
  const [row] = await db
    .select(quoteSelect)
    .from(quotes)
    .innerJoin(members, eq(members.id, quotes.supplierId))
    .where(and(eq(quotes.id, quoteId), eq(quotes.projectId, projectId)))
    .limit(1);
  return row ? withSupplier(row) : undefined;
}

/** An approved personal or business verification (docs/delivery-contract.md "Award"). */
export async function customerVerified(db: DbOrTx, memberId: number): Promise<boolean> {
  const [row] = await db
    .select({ personauth: members.personauth, businsauth: members.businsauth })
    .from(members)
    .where(eq(members.id, memberId))
    .limit(1);
  return row?.personauth === AUTH_STATUS.APPROVED || row?.businsauth === AUTH_STATUS.APPROVED;
}

/** The award: the chosen quote won, every other pending one lost. */
export async function settleQuotes(db: DbOrTx, projectId: number, winnerId: number): Promise<void> {
  await db
    .update(quotes)
    .set({ status: QUOTE_STATUS.WON, updatedAt: sql`now()` })
    .where(eq(quotes.id, winnerId));
  await db
    .update(quotes)
    .set({ status: QUOTE_STATUS.LOST, updatedAt: sql`now()` })
    .where(
      and(eq(quotes.projectId, projectId), ne(quotes.id, winnerId), eq(quotes.status, QUOTE_STATUS.PENDING)),
    );
}
