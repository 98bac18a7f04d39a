import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';

/**
 * Serialises transactions on one named thing (a mobile's code sends, one favourite toggle): a
 * transaction-level advisory lock on the key's hash, released at commit or rollback.
 */
export async function lockForTransaction(tx: DbOrTx, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}
