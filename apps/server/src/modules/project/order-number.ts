import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';

/**
 * The next order number `P` + yyyymmdd (Asia/Shanghai) + a daily sequence of at least 4 digits.
 * One upsert on the day's counter row: concurrent publishers queue on that row, never collide.
 */
export async function nextOrderNumber(db: DbOrTx, now: Date = new Date()): Promise<string> {
  const day = new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10).replaceAll('-', '');
  const [row] = await queryRows<{ seq: number }>(
    db,
    sql`insert into order_sequences (day, seq) values (${day}, 1)
        on conflict (day) do update set seq = order_sequences.seq + 1
        returning seq`,
  );
  return `P${day}${String(row!.seq).padStart(4, '0')}`;
}
