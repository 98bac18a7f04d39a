import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';
import { type IdempotencyKey, idempotencyKeys } from './schema/index.ts';

/** How long a key answers its first result (docs/adr/0010-idempotency-keys.md). */
export const IDEMPOTENCY_TTL_HOURS = 24;

/**
 * Claims `key` for `memberId`: one statement, so of any number of concurrent requests with the
 * same key exactly one gets `true`. A key older than the TTL is taken over (the old answer is gone).
 */
export async function claimKey(
  db: DbOrTx,
  memberId: number,
  key: string,
  fingerprint: string,
): Promise<boolean> {
  const rows = await db
    .insert(idempotencyKeys)
    .values({ memberId, key, fingerprint })
    .onConflictDoUpdate({
      target: [idempotencyKeys.memberId, idempotencyKeys.key],
      set: { fingerprint, state: 'running', httpStatus: null, body: null, createdAt: sql`now()` },
      setWhere: sql`${idempotencyKeys.createdAt} < now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})`,
    })
    .returning({ key: idempotencyKeys.key });
  return rows.length === 1;
}

export async function findKey(
  db: DbOrTx,
  memberId: number,
  key: string,
): Promise<IdempotencyKey | undefined> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.memberId, memberId), eq(idempotencyKeys.key, key)));
  return row;
}

/** The call's answer, kept for the repeats. */
export async function finishKey(
  db: DbOrTx,
  memberId: number,
  key: string,
  httpStatus: number,
  body: string,
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ state: 'done', httpStatus, body })
    .where(and(eq(idempotencyKeys.memberId, memberId), eq(idempotencyKeys.key, key)));
}

/** The call failed inside (5xx): the key is released so a retry runs it again. */
export async function releaseKey(db: DbOrTx, memberId: number, key: string): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.memberId, memberId),
        eq(idempotencyKeys.key, key),
        eq(idempotencyKeys.state, 'running'),
      ),
    );
}

/** The member's expired keys (cheap: the primary key's prefix), removed as new ones arrive. */
export async function dropExpiredKeys(db: DbOrTx, memberId: number): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.memberId, memberId),
        sql`${idempotencyKeys.createdAt} < now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})`,
      ),
    );
}
