import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';

/** The readiness probe's query: throws when the database does not answer. */
export async function pingDatabase(db: DbOrTx): Promise<void> {
  await db.execute(sql`select 1`);
}

/**
 * The readiness probe's verdict on the database: true when `select 1` answered within `ms`. A
 * database that hangs (a full pool, a server that stopped answering) counts as not ready; the
 * query left behind finishes or fails on its own.
 */
export async function databaseAnswers(db: DbOrTx, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
    timer.unref();
  });
  try {
    return await Promise.race([pingDatabase(db).then(() => true as const), late]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
