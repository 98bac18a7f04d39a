import type { SessionMember } from '@zl/shared';
import { eq, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { rememberTokens, sessions } from '../../db/schema/index.ts';

export async function insertSession(
  db: DbOrTx,
  values: { idHash: string; memberId: number; absoluteSeconds: number; ip: string; userAgent: string },
): Promise<void> {
  await db.insert(sessions).values({
    idHash: values.idHash,
    memberId: values.memberId,
    expiresAt: sql`now() + make_interval(secs => ${values.absoluteSeconds})`,
    ip: values.ip,
    userAgent: values.userAgent,
  });
}

/**
 * The live session of a hash and its member (idle and absolute timeouts checked by the database
 * clock); `stale` when last_seen_at is older than `touchAfterSeconds`. Every authenticated request
 * runs this: one hand-written indexed join (measured ~1.4× faster than the query builder's on PGlite).
 */
export async function findLiveSession(
  db: DbOrTx,
  idHash: string,
  idleSeconds: number,
  touchAfterSeconds: number,
) {
  const [row] = await queryRows<SessionMember & { memberId: number | string; stale: boolean }>(
    db,
    sql`select m.id as "memberId", m.cardno, m.cardtype, m.mobile, m.nickname,
          s.last_seen_at < now() - make_interval(secs => ${touchAfterSeconds}) as stale
        from sessions s join members m on m.id = s.member_id
        where s.id_hash = ${idHash} and s.expires_at > now()
          and s.last_seen_at > now() - make_interval(secs => ${idleSeconds})`,
  );
  return row;
}

export async function touchSession(db: DbOrTx, idHash: string): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.idHash, idHash));
}

export async function deleteSession(db: DbOrTx, idHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
}

/**
 * Tells every process's session cache (docs/members.md § Session cache) which sessions ended:
 * `h:<hash>` or `m:<member id>`. Inside a transaction it is delivered only when that commits.
 */
export async function notifySessionsEnded(db: DbOrTx, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify('zl_session', ${payload})`);
}

export async function deleteSessionsOfMember(db: DbOrTx, memberId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.memberId, memberId));
}

export async function insertRememberToken(
  db: DbOrTx,
  values: { selector: string; validatorHash: string; memberId: number; validSeconds: number },
): Promise<void> {
  await db.insert(rememberTokens).values({
    selector: values.selector,
    validatorHash: values.validatorHash,
    memberId: values.memberId,
    expiresAt: sql`now() + make_interval(secs => ${values.validSeconds})`,
  });
}

/** The remember token of a selector, locked `for update` (its use and rotation are one step). */
export async function lockRememberToken(db: DbOrTx, selector: string) {
  const [row] = await db
    .select({
      memberId: rememberTokens.memberId,
      validatorHash: rememberTokens.validatorHash,
      live: sql<boolean>`${rememberTokens.expiresAt} > now()`,
    })
    .from(rememberTokens)
    .where(eq(rememberTokens.selector, selector))
    .for('update');
  return row;
}

/** Rotation: the selector stays, the validator and the expiry are replaced. */
export async function rotateRememberValidator(
  db: DbOrTx,
  selector: string,
  validatorHash: string,
  validSeconds: number,
): Promise<void> {
  await db
    .update(rememberTokens)
    .set({ validatorHash, expiresAt: sql`now() + make_interval(secs => ${validSeconds})` })
    .where(eq(rememberTokens.selector, selector));
}

export async function deleteRememberTokenBySelector(db: DbOrTx, selector: string): Promise<void> {
  await db.delete(rememberTokens).where(eq(rememberTokens.selector, selector));
}

export async function deleteRememberTokensOfMember(db: DbOrTx, memberId: number): Promise<void> {
  await db.delete(rememberTokens).where(eq(rememberTokens.memberId, memberId));
}

/** Housekeeping: deletes dead sessions, tokens, codes, counters, dev outbox rows and old search counts. */
export async function deleteExpiredRows(db: DbOrTx, sessionIdleSeconds: number): Promise<void> {
  await db.execute(
    sql`delete from sessions where expires_at <= now()
        or last_seen_at <= now() - make_interval(secs => ${sessionIdleSeconds})`,
  );
  await db.execute(sql`delete from remember_tokens where expires_at <= now()`);
  await db.execute(sql`delete from reset_tokens where expires_at <= now() - interval '1 day'`);
  await db.execute(sql`delete from sms_codes where created_at <= now() - interval '2 days'`);
  await db.execute(sql`delete from rate_counters where window_start <= now() - interval '1 day'`);
  await db.execute(sql`delete from dev_sms_outbox where created_at <= now() - interval '2 days'`);
  await db.execute(sql`delete from search_counts where counted_at <= now() - interval '1 hour'`);
}
