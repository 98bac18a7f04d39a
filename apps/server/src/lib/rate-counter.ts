import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../db/client.ts';

/**
 * Fixed-window counters kept in PostgreSQL, so a limit holds across every server process.
 * `hit` counts one more and returns the count in the current window; `peek` only reads it.
 */
export async function hitCounter(db: DbOrTx, key: string, windowSeconds: number): Promise<number> {
  const rows = await queryRows<{ count: number }>(
    db,
    sql`
    insert into rate_counters (key, window_start, count) values (${key}, now(), 1)
    on conflict (key) do update set
      count = case when rate_counters.window_start <= now() - make_interval(secs => ${windowSeconds})
                   then 1 else rate_counters.count + 1 end,
      window_start = case when rate_counters.window_start <= now() - make_interval(secs => ${windowSeconds})
                   then now() else rate_counters.window_start end
    returning count`,
  );
  return Number(rows[0]?.count ?? 0);
}

export async function peekCounter(db: DbOrTx, key: string, windowSeconds: number): Promise<number> {
  const rows = await queryRows<{ count: number }>(
    db,
    sql`
    select count from rate_counters
    where key = ${key} and window_start > now() - make_interval(secs => ${windowSeconds})`,
  );
  return Number(rows[0]?.count ?? 0);
}

export async function resetCounter(db: DbOrTx, key: string): Promise<void> {
  await db.execute(sql`delete from rate_counters where key = ${key}`);
}
