import { and, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.ts';

/** A table of tokens that work once: reset tickets, WeChat states, bind tickets. */
type SingleUseTable = PgTable & { usedAt: PgColumn; expiresAt: PgColumn };

/** The token with this hash, not used and not expired. */
export function liveToken(table: SingleUseTable, hashColumn: PgColumn, hash: string): SQL | undefined {
  return and(eq(hashColumn, hash), isNull(table.usedAt), gt(table.expiresAt, sql`now()`));
}

/**
 * Marks a live token used and answers the `returning` fields of the row, atomically: of two
 * requests racing with one token only one gets the row, the other an empty list.
 */
export async function consumeSingleUseToken<R extends SelectedFields>(
  db: DbOrTx,
  table: SingleUseTable,
  hashColumn: PgColumn,
  hash: string,
  returning: R,
) {
  return db
    .update(table)
    .set({ usedAt: sql`now()` } as never)
    .where(liveToken(table, hashColumn, hash))
    .returning(returning);
}
