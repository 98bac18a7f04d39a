import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';

/** The readiness probe's query: throws when the database does not answer. */
export async function pingDatabase(db: DbOrTx): Promise<void> {
  await db.execute(sql`select 1`);
}
