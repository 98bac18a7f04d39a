import { AUTH_STATUS, type QueueKey } from '@zl/shared';
import { count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { businessAuths, complaints, personAuths, projects, withdrawals } from '../../db/schema/index.ts';
import { pendingProjectCondition } from './admin-project.repo.ts';

/**
 * What waits in each console queue (docs/admin.md "Queue badges"), with the WHERE of the queue's
 * own list: 认证审核 `checked = 0` (review.repo.ts), 项目审核 pendingProjectCondition
 * (admin-project.repo.ts), 提现审核 `status = 'pending'` (withdraw.repo.ts), 投诉处理 the states
 * not ruled yet (complaint.repo.ts). Only the queues asked for are counted, in one round trip.
 */
const COUNTS: Record<QueueKey, (db: DbOrTx) => SQL> = {
  verify: (db) =>
    sql`(${db.select({ n: count() }).from(personAuths).where(eq(personAuths.checked, AUTH_STATUS.PENDING))})
      + (${db.select({ n: count() }).from(businessAuths).where(eq(businessAuths.checked, AUTH_STATUS.PENDING))})`,
  projects: (db) => sql`(${db.select({ n: count() }).from(projects).where(pendingProjectCondition())})`,
  withdrawals: (db) =>
    sql`(${db.select({ n: count() }).from(withdrawals).where(eq(withdrawals.status, 'pending'))})`,
  complaints: (db) =>
    sql`(${db
      .select({ n: count() })
      .from(complaints)
      .where(inArray(complaints.state, ['open', 'answered']))})`,
};

export async function queueCounts(db: DbOrTx, keys: readonly QueueKey[]): Promise<Map<QueueKey, number>> {
  if (keys.length === 0) return new Map();
  const columns = Object.fromEntries(keys.map((k) => [k, sql<number>`(${COUNTS[k](db)})::int`]));
  const [row] = await db.select(columns).from(sql`(select 1) as one`);
  return new Map(keys.map((k) => [k, Number((row as Record<string, unknown> | undefined)?.[k] ?? 0)]));
}
