import { PROJECT_STATUS, QUOTE_STATUS, shanghaiToday } from '@zl/shared';
import { and, asc, eq, lt, notInArray, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { members, projects, quotes } from '../../db/schema/index.ts';
import { partyNameSql } from '../user/party-name.ts';

type ProjectRow = typeof projects.$inferSelect;

export async function findProject(db: DbOrTx, id: number): Promise<ProjectRow | undefined> {
  const [row] = await db.select().from(projects).where(eq(projects.id, id)).limit(1);
  return row;
}

/** The supplier of the winning quote, if the project was awarded. */
export async function findWinner(db: DbOrTx, quoteId: number | null) {
  if (quoteId === null) return undefined;
  const [row] = await db
    .select({
      supplierId: quotes.supplierId,
      cardno: members.cardno,
      name: partyNameSql(),
      nickname: members.nickname,
      company: members.company,
      mobile: members.mobile,
      realname: members.realname,
    })
    .from(quotes)
    .innerJoin(members, eq(members.id, quotes.supplierId))
    .where(eq(quotes.id, quoteId))
    .limit(1);
  return row;
}

/** Locks one project row for the rest of the caller's transaction. */
export async function lockProject(tx: DbOrTx, projectId: number): Promise<ProjectRow | undefined> {
  const [row] = await tx.select().from(projects).where(eq(projects.id, projectId)).limit(1).for('update');
  return row;
}

/** Writes a new status plus the transition's other changes; answers the updated row. */
export async function setProjectStatus(
  tx: DbOrTx,
  projectId: number,
  status: number,
  changes: Partial<Omit<typeof projects.$inferInsert, 'id' | 'status' | 'customerId'>>,
): Promise<ProjectRow> {
  const [updated] = await tx
    .update(projects)
    .set({ ...changes, status, updatedAt: sql`now()` })
    .where(eq(projects.id, projectId))
    .returning();
  return updated!;
}

export async function insertProject(db: DbOrTx, values: typeof projects.$inferInsert): Promise<ProjectRow> {
  const [created] = await db.insert(projects).values(values).returning();
  return created!;
}

export async function countProjectsOf(db: DbOrTx, customerId: number): Promise<number> {
  const [has] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(projects)
    .where(eq(projects.customerId, customerId));
  return Number(has?.n ?? 0);
}

/**
 * The next order number `P` + yyyymmdd (Asia/Shanghai) + a daily sequence of at least 4 digits.
 * One upsert on the day's counter row: concurrent publishers queue on that row, never collide.
 */
export async function nextOrderNumber(db: DbOrTx, now: Date = new Date()): Promise<string> {
  const day = shanghaiToday(now).replaceAll('-', '');
  const [row] = await queryRows<{ seq: number }>(
    db,
    sql`insert into order_sequences (day, seq) values (${day}, 1)
        on conflict (day) do update set seq = order_sequences.seq + 1
        returning seq`,
  );
  return `P${day}${String(row!.seq).padStart(4, '0')}`;
}

/**
 * The oldest bidding project past its deadline, locked `for update skip locked` (one another
 * runner holds is left to it); `skip` are ids this run gave up on.
 */
export async function lockNextDueProject(tx: DbOrTx, skip: number[]): Promise<{ id: number } | undefined> {
  const [due] = await tx
    .select({ id: projects.id })
    .from(projects)
    .where(
      and(
        eq(projects.status, PROJECT_STATUS.BIDDING),
        lt(projects.biddl, sql`now()`),
        skip.length ? notInArray(projects.id, skip) : undefined,
      ),
    )
    .orderBy(asc(projects.biddl), asc(projects.id))
    .limit(1)
    .for('update', { skipLocked: true });
  return due;
}

/** The project's pending quotes, locked `for update`, oldest first. */
export async function lockPendingQuotes(tx: DbOrTx, projectId: number) {
  return tx
    .select({ id: quotes.id, supplierId: quotes.supplierId, coinsPaid: quotes.coinsPaid })
    .from(quotes)
    .where(and(eq(quotes.projectId, projectId), eq(quotes.status, QUOTE_STATUS.PENDING)))
    .orderBy(asc(quotes.id))
    .for('update');
}

export async function closeQuote(tx: DbOrTx, quoteId: number): Promise<void> {
  await tx
    .update(quotes)
    .set({ status: QUOTE_STATUS.CLOSED, updatedAt: sql`now()` })
    .where(eq(quotes.id, quoteId));
}
