import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { members, wechatBindTickets, wechatStates } from '../../db/schema/index.ts';
import { consumeSingleUseToken, liveToken } from '../../db/single-use-token.repo.ts';
import type { NewMember } from '../user/user.repo.ts';

export async function insertState(db: DbOrTx, stateHash: string, validSeconds: number): Promise<void> {
  await db.insert(wechatStates).values({
    stateHash,
    expiresAt: sql`now() + make_interval(secs => ${validSeconds})`,
  });
}

/** Marks a live state used; true only for the one request that did (a state works once). */
export async function consumeState(db: DbOrTx, stateHash: string): Promise<boolean> {
  const rows = await consumeSingleUseToken(db, wechatStates, wechatStates.stateHash, stateHash, {
    stateHash: wechatStates.stateHash,
  });
  return rows.length === 1;
}

export async function insertTicket(
  db: DbOrTx,
  values: { ticketHash: string; openid: string; nickname: string },
  validSeconds: number,
): Promise<void> {
  await db.insert(wechatBindTickets).values({
    ...values,
    expiresAt: sql`now() + make_interval(secs => ${validSeconds})`,
  });
}

const liveTicket = (ticketHash: string) =>
  liveToken(wechatBindTickets, wechatBindTickets.ticketHash, ticketHash);

export async function findLiveTicket(db: DbOrTx, ticketHash: string) {
  const [row] = await db
    .select({ openid: wechatBindTickets.openid, nickname: wechatBindTickets.nickname })
    .from(wechatBindTickets)
    .where(liveTicket(ticketHash))
    .limit(1);
  return row;
}

/** Marks a live ticket used and answers what it carried, atomically. */
export async function consumeTicket(db: DbOrTx, ticketHash: string) {
  const [row] = await consumeSingleUseToken(db, wechatBindTickets, wechatBindTickets.ticketHash, ticketHash, {
    openid: wechatBindTickets.openid,
    nickname: wechatBindTickets.nickname,
  });
  return row;
}

export async function findMemberByOpenid(db: DbOrTx, openid: string) {
  const [row] = await db.select().from(members).where(eq(members.openid, openid)).limit(1);
  return row;
}

/** Binds an openid to a member that has none (or already this one); false when it lost a race. */
export async function setOpenid(db: DbOrTx, memberId: number, openid: string): Promise<boolean> {
  const rows = await db
    .update(members)
    .set({ openid, updatedAt: sql`now()` })
    .where(and(eq(members.id, memberId), or(isNull(members.openid), eq(members.openid, openid))))
    .returning({ id: members.id });
  return rows.length === 1;
}

/**
 * A new member carrying its openid. `on conflict do nothing` keeps the transaction usable when
 * the random cardno collides or a concurrent registration took the mobile: the caller looks again.
 */
export async function insertMemberWithOpenid(db: DbOrTx, values: NewMember & { openid: string }) {
  const [row] = await db.insert(members).values(values).onConflictDoNothing().returning();
  return row;
}

/** Housekeeping on each Wechat/login: dead states and tickets are kept a day, then dropped. */
export async function sweepDead(db: DbOrTx): Promise<void> {
  await db.execute(sql`delete from wechat_states where expires_at < now() - interval '1 day'`);
  await db.execute(sql`delete from wechat_bind_tickets where expires_at < now() - interval '1 day'`);
}
