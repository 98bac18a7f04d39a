import { and, asc, desc, eq, getTableColumns, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  type ProjectStageRow,
  paymentOrders,
  paymentRefunds,
  projectStages,
  projects,
} from '../../db/schema/index.ts';

export type PaymentOrderRow = typeof paymentOrders.$inferSelect;
export type PaymentRefundRow = typeof paymentRefunds.$inferSelect;

export async function insertOrder(
  db: DbOrTx,
  values: typeof paymentOrders.$inferInsert,
): Promise<PaymentOrderRow> {
  const [row] = await db.insert(paymentOrders).values(values).returning();
  return row!;
}

export async function findOrder(db: DbOrTx, outTradeNo: string): Promise<PaymentOrderRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentOrders)
    .where(eq(paymentOrders.outTradeNo, outTradeNo))
    .limit(1);
  return row;
}

/** The pending prepayment order of a project (locked: one pending order per project). */
export async function lockPendingPrepayOrder(
  tx: DbOrTx,
  projectId: number,
): Promise<PaymentOrderRow | undefined> {
  const [row] = await tx
    .select()
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.projectId, projectId),
        eq(paymentOrders.purpose, 'prepay'),
        eq(paymentOrders.status, 'pending'),
      ),
    )
    .orderBy(asc(paymentOrders.id))
    .limit(1)
    .for('update');
  return row;
}

/** The paid prepayment order of a project (where a refund goes back to). */
export async function findPaidPrepayOrder(
  db: DbOrTx,
  projectId: number,
): Promise<PaymentOrderRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.projectId, projectId),
        eq(paymentOrders.purpose, 'prepay'),
        eq(paymentOrders.status, 'paid'),
      ),
    )
    .orderBy(asc(paymentOrders.id))
    .limit(1);
  return row;
}

/**
 * pending (or closed) → paid, once: the conditional UPDATE is the settlement's one gate. Two
 * notifications racing both reach it; the second waits for the first's row lock, then finds the
 * status changed and gets nothing back.
 */
export async function markPaid(
  tx: DbOrTx,
  outTradeNo: string,
  amount: number,
  tradeNo: string,
): Promise<PaymentOrderRow | undefined> {
  const [row] = await tx
    .update(paymentOrders)
    .set({ status: 'paid', tradeNo, paidAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(paymentOrders.outTradeNo, outTradeNo),
        eq(paymentOrders.amount, amount),
        inArray(paymentOrders.status, ['pending', 'closed']),
      ),
    )
    .returning();
  return row;
}

/**
 * The settlement's first statement: the row of the project an order pays for, locked (none for a
 * coins order) — the project before the order, the lock order of docs/payments.md "Lock order".
 */
export async function lockProjectOfOrder(tx: DbOrTx, outTradeNo: string) {
  const [row] = await tx
    .select()
    .from(projects)
    .where(
      eq(
        projects.id,
        sql`(select ${paymentOrders.projectId} from ${paymentOrders} where ${paymentOrders.outTradeNo} = ${outTradeNo})`,
      ),
    )
    .for('update');
  return row;
}

/**
 * The settlement's second statement (docs/payments.md "Settling in five round trips"): pending (or
 * closed) → paid once, as `markPaid`; in the same statement, for a later stage's order when
 * `stagePayable` (the project is live), that stage due → paid once (its amount must be the
 * order's); and the project's stages as they stood before it (the caller sets the one paid).
 * Answers no order when the conditional UPDATE found none to pay.
 */
export async function markPaidWithStage(
  tx: DbOrTx,
  v: { outTradeNo: string; amount: number; tradeNo: string; stagePayable: boolean },
): Promise<{ order: PaymentOrderRow | undefined; paidStageId: number | null; stages: ProjectStageRow[] }> {
  const o = tx.$with('o').as(
    tx
      .update(paymentOrders)
      .set({ status: 'paid', tradeNo: v.tradeNo, paidAt: sql`now()`, updatedAt: sql`now()` })
      .where(
        and(
          eq(paymentOrders.outTradeNo, v.outTradeNo),
          eq(paymentOrders.amount, v.amount),
          inArray(paymentOrders.status, ['pending', 'closed']),
        ),
      )
      .returning(),
  );
  const s = tx.$with('s').as(
    tx
      .update(projectStages)
      .set({ status: 'paid', paidAt: sql`now()` })
      .where(
        and(
          sql`${v.stagePayable}`,
          sql`(${projectStages.id}, ${projectStages.projectId}, ${projectStages.amount}) = (select ${o.stageId}, ${o.projectId}, ${o.amount} from ${o} where ${o.purpose} = 'stage')`,
          eq(projectStages.status, 'due'),
        ),
      )
      .returning({ id: projectStages.id }),
  );
  const rows = await tx
    .with(o, s)
    .select({
      order: {
        id: o.id,
        outTradeNo: o.outTradeNo,
        memberId: o.memberId,
        purpose: o.purpose,
        projectId: o.projectId,
        stageId: o.stageId,
        coins: o.coins,
        amount: o.amount,
        subject: o.subject,
        status: o.status,
        tradeNo: o.tradeNo,
        refunded: o.refunded,
        createdAt: o.createdAt,
        paidAt: o.paidAt,
        closedAt: o.closedAt,
        updatedAt: o.updatedAt,
      },
      stage: getTableColumns(projectStages),
      paidStageId: sql<string | null>`(select ${s.id} from ${s})`.mapWith((x) =>
        x === null ? null : Number(x),
      ),
    })
    .from(o)
    .leftJoin(projectStages, and(eq(projectStages.projectId, o.projectId), eq(o.purpose, 'stage')))
    .orderBy(asc(projectStages.seq));
  const first = rows[0];
  return {
    order: first?.order as PaymentOrderRow | undefined,
    paidStageId: first?.paidStageId ?? null,
    stages: rows.flatMap((r) => (r.stage ? [r.stage] : [])),
  };
}

/** pending → closed (the trade closed or never existed at Alipay). */
export async function markClosed(db: DbOrTx, outTradeNo: string): Promise<boolean> {
  const rows = await db
    .update(paymentOrders)
    .set({ status: 'closed', closedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(paymentOrders.outTradeNo, outTradeNo), eq(paymentOrders.status, 'pending')))
    .returning({ id: paymentOrders.id });
  return rows.length > 0;
}

/** Orders pending since before `before`, oldest first (the reconciliation job's work). */
export async function pendingOrdersBefore(
  db: DbOrTx,
  before: Date,
  limit: number,
): Promise<PaymentOrderRow[]> {
  return db
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.status, 'pending'), lt(paymentOrders.createdAt, before)))
    .orderBy(asc(paymentOrders.createdAt))
    .limit(limit);
}

/** Orders a member created since `since` that are still pending (abuse limit). */
export async function countRecentPending(db: DbOrTx, memberId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.memberId, memberId),
        eq(paymentOrders.status, 'pending'),
        sql`${paymentOrders.createdAt} >= ${since.toISOString()}`,
      ),
    );
  return Number(row?.n ?? 0);
}

/** Books a refund to be sent to Alipay; an existing request number is kept (answers undefined). */
export async function insertRefund(
  db: DbOrTx,
  values: typeof paymentRefunds.$inferInsert,
): Promise<PaymentRefundRow | undefined> {
  const [row] = await db
    .insert(paymentRefunds)
    .values(values)
    .onConflictDoNothing({ target: paymentRefunds.outRequestNo })
    .returning();
  return row;
}

export async function pendingRefunds(db: DbOrTx, limit: number): Promise<PaymentRefundRow[]> {
  return db
    .select()
    .from(paymentRefunds)
    .where(eq(paymentRefunds.status, 'pending'))
    .orderBy(asc(paymentRefunds.id))
    .limit(limit);
}

/** pending → done once, and the order's refunded total grows by the amount (same transaction). */
export async function markRefundDone(tx: DbOrTx, refund: PaymentRefundRow): Promise<boolean> {
  const rows = await tx
    .update(paymentRefunds)
    .set({ status: 'done', doneAt: sql`now()`, attempts: sql`${paymentRefunds.attempts} + 1`, lastError: '' })
    .where(and(eq(paymentRefunds.id, refund.id), eq(paymentRefunds.status, 'pending')))
    .returning({ id: paymentRefunds.id });
  if (rows.length === 0) return false;
  await tx
    .update(paymentOrders)
    .set({ refunded: sql`${paymentOrders.refunded} + ${refund.amount}`, updatedAt: sql`now()` })
    .where(eq(paymentOrders.outTradeNo, refund.outTradeNo));
  return true;
}

export async function markRefundFailed(db: DbOrTx, id: number, error: string): Promise<void> {
  await db
    .update(paymentRefunds)
    .set({ attempts: sql`${paymentRefunds.attempts} + 1`, lastError: error.slice(0, 200) })
    .where(and(eq(paymentRefunds.id, id), eq(paymentRefunds.status, 'pending')));
}

/** A customer's project by its title (the demo data's "already there?" check). */
export async function findProjectByTitle(
  db: DbOrTx,
  customerId: number,
  title: string,
): Promise<{ id: number } | undefined> {
  const [row] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.customerId, customerId), eq(projects.title, title)))
    .limit(1);
  return row;
}

/** The pending order of a stage (locked: one pending order per stage). */
export async function lockPendingStageOrder(
  tx: DbOrTx,
  stageId: number,
): Promise<PaymentOrderRow | undefined> {
  const [row] = await tx
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.stageId, stageId), eq(paymentOrders.status, 'pending')))
    .orderBy(asc(paymentOrders.id))
    .limit(1)
    .for('update');
  return row;
}

/**
 * The paid payments of a project (prepayment and stages), newest first, each with what is still
 * refundable: its amount less what was refunded and what refunds waiting to be sent will take.
 */
export async function refundablePayments(
  db: DbOrTx,
  projectId: number,
): Promise<Array<{ outTradeNo: string; stageId: number | null; refundable: number }>> {
  const rows = await db
    .select({
      outTradeNo: paymentOrders.outTradeNo,
      stageId: paymentOrders.stageId,
      refundable: sql<string>`${paymentOrders.amount} - ${paymentOrders.refunded} - coalesce((
        select sum(${paymentRefunds.amount}) from ${paymentRefunds}
        where ${paymentRefunds.outTradeNo} = ${paymentOrders.outTradeNo} and ${paymentRefunds.status} = 'pending'), 0)`,
    })
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.projectId, projectId),
        inArray(paymentOrders.purpose, ['prepay', 'stage']),
        eq(paymentOrders.status, 'paid'),
      ),
    )
    .orderBy(desc(paymentOrders.id));
  return rows.map((r) => ({ ...r, refundable: Number(r.refundable) }));
}
