import { CHANGE_STAGE_DUE_DAYS } from '@zl/shared';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  type ChangeOrderRow,
  changeOrders,
  members,
  type ProjectStageRow,
  projectStages,
  projects,
  quotes,
} from '../../db/schema/index.ts';
import { partyNameSql } from '../user/party-name.ts';

export type { ChangeOrderRow };
export type NewChangeOrder = Omit<typeof changeOrders.$inferInsert, 'id' | 'seq' | 'createdAt'>;

/** A project's change orders, newest first. */
export function listOrders(db: DbOrTx, projectId: number): Promise<ChangeOrderRow[]> {
  return db
    .select()
    .from(changeOrders)
    .where(eq(changeOrders.projectId, projectId))
    .orderBy(desc(changeOrders.seq));
}

/** The approved 增项 of a project, oldest first (their lines join the acceptance checklist). */
export function approvedAdds(db: DbOrTx, projectId: number): Promise<ChangeOrderRow[]> {
  return db
    .select()
    .from(changeOrders)
    .where(
      and(
        eq(changeOrders.projectId, projectId),
        eq(changeOrders.kind, 'add'),
        eq(changeOrders.status, 'approved'),
      ),
    )
    .orderBy(asc(changeOrders.seq));
}

export async function findOrder(
  db: DbOrTx,
  projectId: number,
  orderId: number,
): Promise<ChangeOrderRow | undefined> {
  const [row] = await db
    .select()
    .from(changeOrders)
    .where(and(eq(changeOrders.id, orderId), eq(changeOrders.projectId, projectId)))
    .limit(1);
  return row;
}

/** How many orders the project has, and how many wait for the customer. */
export async function countOrders(db: DbOrTx, projectId: number): Promise<{ all: number; pending: number }> {
  const [row] = await db
    .select({
      all: sql<number>`count(*)::int`,
      pending: sql<number>`(count(*) filter (where ${changeOrders.status} = 'pending'))::int`,
    })
    .from(changeOrders)
    .where(eq(changeOrders.projectId, projectId));
  return { all: Number(row?.all ?? 0), pending: Number(row?.pending ?? 0) };
}

/** A new order, numbered after the project's last (the caller holds the project's row lock). */
export async function insertOrder(tx: DbOrTx, v: NewChangeOrder): Promise<ChangeOrderRow> {
  const [row] = await tx
    .insert(changeOrders)
    .values({
      ...v,
      seq: sql`(select coalesce(max(${changeOrders.seq}), 0) + 1 from ${changeOrders} where ${changeOrders.projectId} = ${v.projectId})`,
    })
    .returning();
  return row!;
}

/** pending → approved / rejected once: the conditional UPDATE is the review's gate. */
export async function markReviewed(
  tx: DbOrTx,
  orderId: number,
  v: Pick<
    typeof changeOrders.$inferInsert,
    'status' | 'reviewReason' | 'contractBefore' | 'contractAfter' | 'stageId' | 'refunded'
  >,
): Promise<ChangeOrderRow | undefined> {
  const [row] = await tx
    .update(changeOrders)
    .set({ ...v, reviewedAt: sql`now()` })
    .where(and(eq(changeOrders.id, orderId), eq(changeOrders.status, 'pending')))
    .returning();
  return row;
}

/**
 * A stage's new amount (a change order's): its share is no longer a plan percentage (0); at 0 it
 * is `refunded` (nothing more to pay or hold).
 */
export async function setStageAmount(tx: DbOrTx, stageId: number, amount: number): Promise<void> {
  await tx
    .update(projectStages)
    .set(amount === 0 ? { amount, percent: 0, status: 'refunded' } : { amount, percent: 0 })
    .where(and(eq(projectStages.id, stageId), inArray(projectStages.status, ['due', 'paid'])));
}

/**
 * A `change` stage after the last (an approved 增项 with no unpaid stage left): payable at once,
 * overdue after CHANGE_STAGE_DUE_DAYS.
 */
export async function insertChangeStage(
  tx: DbOrTx,
  projectId: number,
  amount: number,
): Promise<ProjectStageRow> {
  const [row] = await tx
    .insert(projectStages)
    .values({
      projectId,
      seq: sql`(select coalesce(max(${projectStages.seq}), 0) + 1 from ${projectStages} where ${projectStages.projectId} = ${projectId})`,
      kind: 'change',
      percent: 0,
      amount,
      dueAt: sql`now() + make_interval(days => ${CHANGE_STAGE_DUE_DAYS})`,
    })
    .returning();
  return row!;
}

/** The contract amount and the seed's `prepay` (the first stage's amount) after a change order. */
export async function setContractAmount(
  tx: DbOrTx,
  projectId: number,
  v: { contractAmount: number; prepay?: number },
): Promise<void> {
  await tx
    .update(projects)
    .set({ ...v, updatedAt: sql`now()` })
    .where(eq(projects.id, projectId));
}

/** The winning supplier and the title the 补充协议 needs. */
export async function findWinner(
  db: DbOrTx,
  projectId: number,
): Promise<{ supplierId: number; total: number } | undefined> {
  const [row] = await db
    .select({ supplierId: quotes.supplierId, total: quotes.total })
    .from(projects)
    .innerJoin(quotes, eq(quotes.id, projects.winnerQuoteId))
    .where(eq(projects.id, projectId))
    .limit(1);
  return row;
}

/** Whether a private file is a photo of a change order of a project `memberId` is a party to. */
export async function isChangePhotoOf(db: DbOrTx, fileId: string, memberId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: changeOrders.id })
    .from(changeOrders)
    .innerJoin(projects, eq(projects.id, changeOrders.projectId))
    .where(
      and(
        sql`${changeOrders.photos} @> ${JSON.stringify([fileId])}::jsonb`,
        sql`(${projects.customerId} = ${memberId} or ${changeOrders.supplierId} = ${memberId})`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The verified name and mobile of a party, as the 补充协议 names it (docs/members.md "Party names"). */
export async function findParty(db: DbOrTx, memberId: number): Promise<{ name: string; mobile: string }> {
  const [row] = await db
    .select({ name: partyNameSql(), mobile: members.mobile })
    .from(members)
    .where(eq(members.id, memberId))
    .limit(1);
  return { name: row?.name ?? '', mobile: row?.mobile ?? '' };
}

/** A project row, without a lock (the 补充协议's read). */
export async function findProjectRow(db: DbOrTx, projectId: number) {
  const [row] = await db.select().from(projects).where(eq(projects.id, projectId)).limit(1);
  return row;
}

/** Whether a 增项 of the project waits for the customer (the completion report waits for it). */
export async function hasPendingAdd(db: DbOrTx, projectId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: changeOrders.id })
    .from(changeOrders)
    .where(
      and(
        eq(changeOrders.projectId, projectId),
        eq(changeOrders.kind, 'add'),
        eq(changeOrders.status, 'pending'),
      ),
    )
    .limit(1);
  return row !== undefined;
}
