import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { alipaySandboxKeys, alipaySandboxRequests, alipaySandboxTrades } from '../../db/schema/index.ts';

export type SandboxKeysRow = typeof alipaySandboxKeys.$inferSelect;
export type SandboxTradeRow = typeof alipaySandboxTrades.$inferSelect;

export async function findSandboxKeys(db: DbOrTx): Promise<SandboxKeysRow | undefined> {
  const [row] = await db.select().from(alipaySandboxKeys).where(eq(alipaySandboxKeys.id, 1)).limit(1);
  return row;
}

/** The first process to get here stores its keys; every other keeps the stored ones. */
export async function insertSandboxKeys(
  db: DbOrTx,
  values: Omit<typeof alipaySandboxKeys.$inferInsert, 'id'>,
): Promise<void> {
  await db
    .insert(alipaySandboxKeys)
    .values({ id: 1, ...values })
    .onConflictDoNothing();
}

export async function findTrade(db: DbOrTx, outTradeNo: string): Promise<SandboxTradeRow | undefined> {
  const [row] = await db
    .select()
    .from(alipaySandboxTrades)
    .where(eq(alipaySandboxTrades.outTradeNo, outTradeNo))
    .limit(1);
  return row;
}

/** A page-pay request creates the trade; the same out_trade_no again keeps the first one. */
export async function insertTrade(
  db: DbOrTx,
  values: typeof alipaySandboxTrades.$inferInsert,
): Promise<SandboxTradeRow> {
  await db.insert(alipaySandboxTrades).values(values).onConflictDoNothing();
  return (await findTrade(db, values.outTradeNo))!;
}

/** WAIT_BUYER_PAY → TRADE_SUCCESS once (the buyer pressed 确认支付). */
export async function markTradePaid(db: DbOrTx, outTradeNo: string): Promise<SandboxTradeRow | undefined> {
  const [row] = await db
    .update(alipaySandboxTrades)
    .set({ status: 'TRADE_SUCCESS', paidAt: sql`now()` })
    .where(
      and(eq(alipaySandboxTrades.outTradeNo, outTradeNo), eq(alipaySandboxTrades.status, 'WAIT_BUYER_PAY')),
    )
    .returning();
  return row;
}

/** Records a refund or transfer request once; undefined when its key was seen before. */
export async function insertRequest(
  db: DbOrTx,
  values: typeof alipaySandboxRequests.$inferInsert,
): Promise<boolean> {
  const rows = await db
    .insert(alipaySandboxRequests)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: alipaySandboxRequests.id });
  return rows.length > 0;
}

export async function findRequest(db: DbOrTx, kind: string, requestKey: string) {
  const [row] = await db
    .select()
    .from(alipaySandboxRequests)
    .where(and(eq(alipaySandboxRequests.kind, kind), eq(alipaySandboxRequests.requestKey, requestKey)))
    .limit(1);
  return row;
}

/** Adds a refund to the trade when it fits (refunded never exceeds the total). */
export async function addTradeRefund(
  db: DbOrTx,
  outTradeNo: string,
  amount: number,
): Promise<SandboxTradeRow | undefined> {
  const [row] = await db
    .update(alipaySandboxTrades)
    .set({ refunded: sql`${alipaySandboxTrades.refunded} + ${amount}` })
    .where(
      and(
        eq(alipaySandboxTrades.outTradeNo, outTradeNo),
        eq(alipaySandboxTrades.status, 'TRADE_SUCCESS'),
        sql`${alipaySandboxTrades.refunded} + ${amount} <= ${alipaySandboxTrades.totalAmount}`,
      ),
    )
    .returning();
  return row;
}
