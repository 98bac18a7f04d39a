import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';

export interface MetricsSnapshot {
  /** outbox events not yet delivered to every handler */
  pending: number;
  /** age of the oldest of them, seconds (0 when none) */
  oldest: number;
  /** outbox deliveries given up after their last attempt */
  failed: number;
  /** withdrawal requests waiting for a finance operator */
  withdrawals: number;
}

/**
 * What `GET /metrics` reads from the database (docs/operations.md § Metrics), in one statement per
 * scrape: the outbox's backlog (on the partial index of undelivered events) and the pending
 * withdrawals (on the status index).
 */
export async function metricsSnapshot(db: DbOrTx): Promise<MetricsSnapshot> {
  const res = (await db.execute(sql`
    select (select count(*)::int from outbox_events where done_at is null) as pending,
           (select coalesce(extract(epoch from now() - min(created_at)), 0)::float8
              from outbox_events where done_at is null) as oldest,
           (select count(*)::int from outbox_deliveries where status = 'failed') as failed,
           (select count(*)::int from withdrawals where status = 'pending') as withdrawals`)) as unknown as {
    rows: Array<Record<string, unknown>>;
  };
  const r = res.rows[0] ?? {};
  return {
    pending: Number(r.pending ?? 0),
    oldest: Number(r.oldest ?? 0),
    failed: Number(r.failed ?? 0),
    withdrawals: Number(r.withdrawals ?? 0),
  };
}
