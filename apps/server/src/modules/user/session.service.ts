import type { SessionMember } from '@zl/shared';
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../../config/env.ts';
import { type Db, type DbOrTx, queryRows } from '../../db/client.ts';
import { rememberTokens, sessions } from '../../db/schema/index.ts';
import { randomToken, safeEqualHex, sha256 } from '../../lib/crypto.ts';

export interface SessionContext extends SessionMember {
  memberId: number;
  sessionHash: string;
}

const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;
// last_seen_at is written at most once a minute per session, not on every request.
const TOUCH_AFTER_MS = 60_000;

/** A new session for a member: 256 random bits in the cookie, only its hash in the database. */
export async function createSession(
  db: DbOrTx,
  config: Config,
  memberId: number,
  meta: { ip: string; userAgent: string },
): Promise<string> {
  const token = randomToken(32);
  await db.insert(sessions).values({
    idHash: sha256(token),
    memberId,
    expiresAt: sql`now() + make_interval(secs => ${config.sessionAbsoluteMs / 1000})`,
    ip: meta.ip.slice(0, 64),
    userAgent: meta.userAgent.slice(0, 300),
  });
  return token;
}

/** The session of a cookie token, if it is live (idle and absolute timeouts both hold). */
export async function findSession(db: Db, config: Config, token: string): Promise<SessionContext | null> {
  if (!TOKEN_RE.test(token)) return null;
  const idHash = sha256(token);
  // Every authenticated request runs this: one hand-written indexed join (measured ~1.4× faster
  // than the query builder's on PGlite), the timeouts checked by the database clock.
  const [row] = await queryRows<SessionMember & { memberId: number | string; stale: boolean }>(
    db,
    sql`select m.id as "memberId", m.cardno, m.cardtype, m.mobile, m.nickname,
          s.last_seen_at < now() - make_interval(secs => ${TOUCH_AFTER_MS / 1000}) as stale
        from sessions s join members m on m.id = s.member_id
        where s.id_hash = ${idHash} and s.expires_at > now()
          and s.last_seen_at > now() - make_interval(secs => ${config.sessionIdleMs / 1000})`,
  );
  if (!row) return null;
  if (row.stale) await db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.idHash, idHash));
  const { stale: _stale, memberId, ...member } = row;
  return { ...member, memberId: Number(memberId), sessionHash: idHash };
}

export async function deleteSessionByToken(db: DbOrTx, token: string): Promise<void> {
  if (!TOKEN_RE.test(token)) return;
  await db.delete(sessions).where(eq(sessions.idHash, sha256(token)));
}

export async function deleteMemberSessions(db: DbOrTx, memberId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.memberId, memberId));
  await db.delete(rememberTokens).where(eq(rememberTokens.memberId, memberId));
}

/**
 * Remember-me tokens (selector.validator): the selector finds the row, the validator is compared
 * by hash in constant time. Each use replaces the token (rotation). A known selector with a wrong
 * validator means a stolen-and-used token: every remember token of that member is revoked.
 */
export async function issueRememberToken(db: DbOrTx, config: Config, memberId: number): Promise<string> {
  const selector = randomToken(16).slice(0, 22);
  const validator = randomToken(32);
  await db.insert(rememberTokens).values({
    selector,
    validatorHash: sha256(validator),
    memberId,
    expiresAt: sql`now() + make_interval(secs => ${config.rememberMs / 1000})`,
  });
  return `${selector}.${validator}`;
}

const REMEMBER_RE = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

/**
 * Uses a remember token and rotates it in place: the selector stays, the validator is replaced.
 * Answers the member id and the new cookie value, or null when the token is not valid. Because
 * the selector survives rotation, a replayed old token is caught as a known selector with a
 * wrong validator, and every remember token of that member is revoked.
 */
export async function rotateRememberToken(
  db: Db,
  config: Config,
  cookie: string,
): Promise<{ memberId: number; token: string } | null> {
  const m = REMEMBER_RE.exec(cookie);
  if (!m) return null;
  const [, selector, validator] = m as unknown as [string, string, string];
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        memberId: rememberTokens.memberId,
        validatorHash: rememberTokens.validatorHash,
        live: sql<boolean>`${rememberTokens.expiresAt} > now()`,
      })
      .from(rememberTokens)
      .where(eq(rememberTokens.selector, selector))
      .for('update');
    if (!row) return null;
    if (!safeEqualHex(row.validatorHash, sha256(validator))) {
      await tx.delete(rememberTokens).where(eq(rememberTokens.memberId, row.memberId));
      return null;
    }
    if (!row.live) {
      await tx.delete(rememberTokens).where(eq(rememberTokens.selector, selector));
      return null;
    }
    const next = randomToken(32);
    await tx
      .update(rememberTokens)
      .set({
        validatorHash: sha256(next),
        expiresAt: sql`now() + make_interval(secs => ${config.rememberMs / 1000})`,
      })
      .where(eq(rememberTokens.selector, selector));
    return { memberId: row.memberId, token: `${selector}.${next}` };
  });
}

export async function deleteRememberToken(db: DbOrTx, cookie: string): Promise<void> {
  const m = REMEMBER_RE.exec(cookie);
  if (m?.[1]) await db.delete(rememberTokens).where(eq(rememberTokens.selector, m[1]));
}

/** Housekeeping, safe to run from every process at once: it only deletes what is dead. */
export async function sweepExpired(db: Db, config: Config): Promise<void> {
  await db.execute(
    sql`delete from sessions where expires_at <= now()
        or last_seen_at <= now() - make_interval(secs => ${config.sessionIdleMs / 1000})`,
  );
  await db.execute(sql`delete from remember_tokens where expires_at <= now()`);
  await db.execute(sql`delete from reset_tokens where expires_at <= now() - interval '1 day'`);
  await db.execute(sql`delete from sms_codes where created_at <= now() - interval '2 days'`);
  await db.execute(sql`delete from rate_counters where window_start <= now() - interval '1 day'`);
  await db.execute(sql`delete from dev_sms_outbox where created_at <= now() - interval '2 days'`);
}
