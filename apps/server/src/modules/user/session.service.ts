import type { SessionMember } from '@zl/shared';
import type { Config } from '../../config/env.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { randomToken, safeEqualHex, sha256 } from '../../lib/crypto.ts';
import * as repo from './session.repo.ts';
import type { SessionCache } from './session-cache.ts';

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
  const { token, row } = newSession(config, meta);
  await repo.insertSession(db, { ...row, memberId });
  return token;
}

/** A new session's cookie token and the row to store (written by the caller, e.g. a login). */
export function newSession(
  config: Config,
  meta: { ip: string; userAgent: string },
): { token: string; row: { idHash: string; absoluteSeconds: number; ip: string; userAgent: string } } {
  const token = randomToken(32);
  return {
    token,
    row: {
      idHash: sha256(token),
      absoluteSeconds: config.sessions.absoluteMs / 1000,
      ip: meta.ip.slice(0, 64),
      userAgent: meta.userAgent.slice(0, 300),
    },
  };
}

/** The stored hash of a cookie's session token; null when it cannot be one. */
export function sessionHashOf(token: string | undefined): string | null {
  return token && TOKEN_RE.test(token) ? sha256(token) : null;
}

/**
 * The session of a cookie token, if it is live (idle and absolute timeouts both hold): from this
 * process's session cache when it read it within the cache's time, else from the database.
 */
export async function findSession(
  db: Db,
  config: Config,
  token: string,
  cache?: SessionCache,
): Promise<SessionContext | null> {
  if (!TOKEN_RE.test(token)) return null;
  const idHash = sha256(token);
  const cached = cache?.get(idHash);
  if (cached) return cached;
  const row = await repo.findLiveSession(db, idHash, config.sessions.idleMs / 1000, TOUCH_AFTER_MS / 1000);
  if (!row) return null;
  if (row.stale) await repo.touchSession(db, idHash);
  const { stale: _stale, memberId, ...member } = row;
  const ctx = { ...member, memberId: Number(memberId), sessionHash: idHash };
  cache?.set(ctx);
  return ctx;
}

/**
 * Ends one session (logout, a new login in the same browser). Every process's session cache
 * forgets it: this one now, the others when the notification sent with the delete is committed.
 */
export async function deleteSessionByToken(db: DbOrTx, token: string, cache?: SessionCache): Promise<void> {
  if (!TOKEN_RE.test(token)) return;
  const idHash = sha256(token);
  cache?.evictHash(idHash);
  await repo.deleteSession(db, idHash);
  await repo.notifySessionsEnded(db, `h:${idHash}`);
}

/** Ends every session and remember token of a member (password reset); every cache forgets them. */
export async function deleteMemberSessions(
  db: DbOrTx,
  memberId: number,
  cache?: SessionCache,
): Promise<void> {
  cache?.evictMember(memberId);
  await repo.deleteSessionsOfMember(db, memberId);
  await repo.deleteRememberTokensOfMember(db, memberId);
  await repo.notifySessionsEnded(db, `m:${memberId}`);
}

/**
 * After sessions of a member were ended by other code in `db`'s transaction (a password change
 * keeps only the current one): every process's cache forgets the member's sessions.
 */
export async function forgetMemberSessions(
  db: DbOrTx,
  memberId: number,
  cache?: SessionCache,
): Promise<void> {
  cache?.evictMember(memberId);
  await repo.notifySessionsEnded(db, `m:${memberId}`);
}

/**
 * Remember-me tokens (selector.validator): the selector finds the row, the validator is compared
 * by hash in constant time. Each use replaces the token (rotation). A known selector with a wrong
 * validator means a stolen-and-used token: every remember token of that member is revoked.
 * A new one: the cookie value and the row to store (written by the caller).
 */
export function newRememberToken(config: Config): {
  cookie: string;
  row: { selector: string; validatorHash: string; validSeconds: number };
} {
  const selector = randomToken(16).slice(0, 22);
  const validator = randomToken(32);
  return {
    cookie: `${selector}.${validator}`,
    row: { selector, validatorHash: sha256(validator), validSeconds: config.sessions.rememberMs / 1000 },
  };
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
    const row = await repo.lockRememberToken(tx, selector);
    if (!row) return null;
    if (!safeEqualHex(row.validatorHash, sha256(validator))) {
      await repo.deleteRememberTokensOfMember(tx, row.memberId);
      return null;
    }
    if (!row.live) {
      await repo.deleteRememberTokenBySelector(tx, selector);
      return null;
    }
    const next = randomToken(32);
    await repo.rotateRememberValidator(tx, selector, sha256(next), config.sessions.rememberMs / 1000);
    return { memberId: row.memberId, token: `${selector}.${next}` };
  });
}

export async function deleteRememberToken(db: DbOrTx, cookie: string): Promise<void> {
  const m = REMEMBER_RE.exec(cookie);
  if (m?.[1]) await repo.deleteRememberTokenBySelector(db, m[1]);
}

/** Housekeeping, safe to run from every process at once: it only deletes what is dead. */
export async function sweepExpired(db: Db, config: Config): Promise<void> {
  await repo.deleteExpiredRows(db, config.sessions.idleMs / 1000);
}
