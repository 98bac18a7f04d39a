import { PROJECT_STATUS } from '@zl/shared';
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { members, type ProjectStageRow, projectStages, projects, quotes } from '../../db/schema/index.ts';

export type { ProjectStageRow };
export type NewStage = Omit<typeof projectStages.$inferInsert, 'id' | 'createdAt'>;

/** A project's stages in plan order. */
export function listStages(db: DbOrTx, projectId: number): Promise<ProjectStageRow[]> {
  return db
    .select()
    .from(projectStages)
    .where(eq(projectStages.projectId, projectId))
    .orderBy(asc(projectStages.seq));
}

/** Several projects' stages at once (the lists' escrow columns), in plan order. */
export function listStagesOf(db: DbOrTx, projectIds: readonly number[]): Promise<ProjectStageRow[]> {
  if (projectIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(projectStages)
    .where(inArray(projectStages.projectId, [...projectIds]))
    .orderBy(asc(projectStages.projectId), asc(projectStages.seq));
}

export async function insertStages(tx: DbOrTx, rows: NewStage[]): Promise<ProjectStageRow[]> {
  if (rows.length === 0) return [];
  return tx.insert(projectStages).values(rows).returning();
}

/** The contract amount and the seed's `prepay` (the first stage's amount), set at the award. */
export async function setContract(
  tx: DbOrTx,
  projectId: number,
  v: { contractAmount: number; prepay: number },
): Promise<void> {
  await tx
    .update(projects)
    .set({ contractAmount: v.contractAmount, prepay: v.prepay, updatedAt: sql`now()` })
    .where(eq(projects.id, projectId));
}

/** The winning quote's total (undefined before the award). */
export async function findWinningTotal(db: DbOrTx, projectId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ total: quotes.total })
    .from(projects)
    .innerJoin(quotes, eq(quotes.id, projects.winnerQuoteId))
    .where(eq(projects.id, projectId))
    .limit(1);
  return row?.total;
}

/** due → paid once: the conditional UPDATE is the stage's settlement gate. */
export async function markStagePaid(
  tx: DbOrTx,
  stageId: number,
  amount: number,
): Promise<ProjectStageRow | undefined> {
  const [row] = await tx
    .update(projectStages)
    .set({ status: 'paid', paidAt: sql`now()` })
    .where(
      and(eq(projectStages.id, stageId), eq(projectStages.amount, amount), eq(projectStages.status, 'due')),
    )
    .returning();
  return row;
}

/** paid → released once, with the commission taken. */
export async function markStageReleased(tx: DbOrTx, stageId: number, commission: number): Promise<boolean> {
  const rows = await tx
    .update(projectStages)
    .set({ status: 'released', releasedAt: sql`now()`, commission })
    .where(and(eq(projectStages.id, stageId), eq(projectStages.status, 'paid')))
    .returning({ id: projectStages.id });
  return rows.length > 0;
}

/** A ruling's outcome for one held stage: `refunded` of it back to the customer, the rest released. */
export async function markStageSplit(
  tx: DbOrTx,
  stageId: number,
  v: { refunded: number; commission: number; fullyRefunded: boolean },
): Promise<boolean> {
  const rows = await tx
    .update(projectStages)
    .set({
      status: v.fullyRefunded ? 'refunded' : 'released',
      releasedAt: v.fullyRefunded ? null : sql`now()`,
      refunded: v.refunded,
      commission: v.commission,
    })
    .where(and(eq(projectStages.id, stageId), eq(projectStages.status, 'paid')))
    .returning({ id: projectStages.id });
  return rows.length > 0;
}

/** The customer's 确认进场 (or the job's), once. */
export async function confirmBuildIn(tx: DbOrTx, projectId: number): Promise<boolean> {
  const rows = await tx
    .update(projects)
    .set({ buildinConfirmedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(projects.id, projectId), isNull(projects.buildinConfirmedAt)))
    .returning({ id: projects.id });
  return rows.length > 0;
}

const LIVE = [
  PROJECT_STATUS.AWARDED,
  PROJECT_STATUS.SIGNING,
  PROJECT_STATUS.BUILDING,
  PROJECT_STATUS.ACCEPTING,
];

/**
 * The next building project whose build-in nobody confirmed although it started before `before`
 * (the job confirms it), locked and skipped by other schedulers; `failed` ones are passed by.
 */
export async function lockNextUnconfirmedBuildIn(
  tx: DbOrTx,
  sdateBefore: string,
  failed: readonly number[],
): Promise<{ id: number } | undefined> {
  const [row] = await tx
    .select({ id: projects.id })
    .from(projects)
    .where(
      and(
        inArray(projects.status, [PROJECT_STATUS.BUILDING, PROJECT_STATUS.ACCEPTING]),
        isNull(projects.buildinConfirmedAt),
        eq(projects.complaintOpen, false),
        lte(projects.sdate, sdateBefore),
        failed.length ? sql`${projects.id} not in ${failed}` : undefined,
      ),
    )
    .orderBy(asc(projects.id))
    .limit(1)
    .for('update', { skipLocked: true });
  return row;
}

/** The next accepted project holding a paid retention whose hold ended (its show ended before `edateBefore`). */
export async function lockNextRetentionDue(
  tx: DbOrTx,
  edateBefore: string,
  failed: readonly number[],
): Promise<{ id: number } | undefined> {
  const [row] = await tx
    .select({ id: projects.id })
    .from(projectStages)
    .innerJoin(projects, eq(projects.id, projectStages.projectId))
    .where(
      and(
        eq(projectStages.kind, 'retention'),
        eq(projectStages.status, 'paid'),
        eq(projects.status, PROJECT_STATUS.DONE),
        eq(projects.complaintOpen, false),
        lte(projects.edate, edateBefore),
        failed.length ? sql`${projects.id} not in ${failed}` : undefined,
      ),
    )
    .orderBy(asc(projects.id))
    .limit(1)
    .for('update', { of: projects, skipLocked: true });
  return row;
}

/**
 * Unpaid stages of live projects past their due time that the overdue job has not marked yet:
 * marked now, in one conditional UPDATE (two schedulers mark each once), answered with their
 * projects' parties for the tips.
 */
export async function markOverdue(
  tx: DbOrTx,
  now: Date,
  limit: number,
): Promise<Array<{ stageId: number; projectId: number; kind: string; amount: number }>> {
  const picked = tx
    .select({ id: projectStages.id })
    .from(projectStages)
    .innerJoin(projects, eq(projects.id, projectStages.projectId))
    .where(
      and(
        eq(projectStages.status, 'due'),
        lte(projectStages.dueAt, now),
        isNull(projectStages.overdueAt),
        inArray(projects.status, LIVE),
      ),
    )
    .orderBy(asc(projectStages.dueAt))
    .limit(limit);
  return tx
    .update(projectStages)
    .set({ overdueAt: now })
    .where(and(inArray(projectStages.id, picked), isNull(projectStages.overdueAt)))
    .returning({
      stageId: projectStages.id,
      projectId: projectStages.projectId,
      kind: projectStages.kind,
      amount: projectStages.amount,
    });
}

const overdueWhere = (now: Date) =>
  and(eq(projectStages.status, 'due'), lte(projectStages.dueAt, now), inArray(projects.status, LIVE));

/** Overdue stages of live projects, oldest due first, with who owes them (the console's 资金概览). */
export function listOverdue(db: DbOrTx, now: Date, limit: number) {
  return db
    .select({
      stageId: projectStages.id,
      projectId: projects.id,
      orders: projects.orders,
      title: projects.title,
      customerId: projects.customerId,
      customerName: sql<string>`coalesce(nullif(${members.realname}, ''), ${members.nickname})`,
      customerMobile: members.mobile,
      kind: projectStages.kind,
      amount: projectStages.amount,
      dueAt: projectStages.dueAt,
    })
    .from(projectStages)
    .innerJoin(projects, eq(projects.id, projectStages.projectId))
    .innerJoin(members, eq(members.id, projects.customerId))
    .where(overdueWhere(now))
    .orderBy(asc(projectStages.dueAt), asc(projectStages.id))
    .limit(limit);
}

/** How many stages are overdue and how much they are, 分. */
export async function overdueTotals(db: DbOrTx, now: Date): Promise<{ count: number; amount: number }> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      amount: sql<string>`coalesce(sum(${projectStages.amount}), 0)`,
    })
    .from(projectStages)
    .innerJoin(projects, eq(projects.id, projectStages.projectId))
    .where(overdueWhere(now));
  return { count: Number(row?.count ?? 0), amount: Number(row?.amount ?? 0) };
}

/** The winning supplier of a project (undefined before the award). */
export async function findWinnerId(db: DbOrTx, projectId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ supplierId: quotes.supplierId })
    .from(projects)
    .innerJoin(quotes, eq(quotes.id, projects.winnerQuoteId))
    .where(eq(projects.id, projectId))
    .limit(1);
  return row?.supplierId;
}

/** Whether a stage of the project is still to pay. */
export async function hasUnpaidStage(db: DbOrTx, projectId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: projectStages.id })
    .from(projectStages)
    .where(and(eq(projectStages.projectId, projectId), eq(projectStages.status, 'due')))
    .limit(1);
  return row !== undefined;
}

/** A project row, without a lock (the plan's read). */
export async function findProject(db: DbOrTx, projectId: number) {
  const [row] = await db.select().from(projects).where(eq(projects.id, projectId)).limit(1);
  return row;
}
