import type { CardType } from '@zl/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { members, resetTokens } from '../../db/schema/index.ts';
import { consumeSingleUseToken, liveToken } from '../../db/single-use-token.ts';

export async function findMemberByMobile(db: DbOrTx, mobile: string) {
  const [row] = await db.select().from(members).where(eq(members.mobile, mobile)).limit(1);
  return row;
}

export async function findMemberById(db: DbOrTx, id: number) {
  const [row] = await db.select().from(members).where(eq(members.id, id)).limit(1);
  return row;
}

export async function cardnoExists(db: DbOrTx, cardno: string): Promise<boolean> {
  const [row] = await db.select({ id: members.id }).from(members).where(eq(members.cardno, cardno)).limit(1);
  return Boolean(row);
}

/** What every new member is created with (registration, WeChat binding). */
export interface NewMember {
  cardno: string;
  mobile: string;
  passwordHash: string;
  cardtype: CardType;
  nickname: string;
}

export async function insertMember(db: DbOrTx, values: NewMember & { invitedBy: string | null }) {
  const [row] = await db.insert(members).values(values).returning();
  return row!;
}

/** Counts a failed login; the fifth in a row locks the account for `lockMinutes`. */
export async function recordLoginFailure(
  db: DbOrTx,
  memberId: number,
  maxFailures: number,
  lockMinutes: number,
): Promise<{ locked: boolean; left: number }> {
  const [row] = await db
    .update(members)
    .set({
      failedLogins: sql`case when ${members.failedLogins} + 1 >= ${maxFailures} then 0 else ${members.failedLogins} + 1 end`,
      lockedUntil: sql`case when ${members.failedLogins} + 1 >= ${maxFailures}
        then now() + make_interval(mins => ${lockMinutes}) else ${members.lockedUntil} end`,
    })
    .where(eq(members.id, memberId))
    .returning({ failed: members.failedLogins, locked: sql<boolean>`${members.lockedUntil} > now()` });
  const locked = Boolean(row?.locked);
  return { locked, left: locked ? 0 : maxFailures - (row?.failed ?? 0) };
}

export async function clearLoginFailures(db: DbOrTx, memberId: number): Promise<void> {
  await db
    .update(members)
    .set({ failedLogins: 0, lockedUntil: null })
    .where(
      and(eq(members.id, memberId), sql`(${members.failedLogins} > 0 or ${members.lockedUntil} is not null)`),
    );
}

export async function setPasswordHash(db: DbOrTx, memberId: number, passwordHash: string): Promise<void> {
  await db
    .update(members)
    .set({ passwordHash, failedLogins: 0, lockedUntil: null, updatedAt: sql`now()` })
    .where(eq(members.id, memberId));
}

export async function insertResetToken(
  db: DbOrTx,
  memberId: number,
  tokenHash: string,
  validSeconds: number,
) {
  // One live reset ticket per member: a newer verification replaces the older one.
  await db.delete(resetTokens).where(eq(resetTokens.memberId, memberId));
  await db.insert(resetTokens).values({
    tokenHash,
    memberId,
    expiresAt: sql`now() + make_interval(secs => ${validSeconds})`,
  });
}

/** Whether a reset ticket is live and belongs to the member (a read only: it uses nothing). */
export async function resetTokenLive(db: DbOrTx, tokenHash: string, memberId: number): Promise<boolean> {
  const [row] = await db
    .select({ memberId: resetTokens.memberId })
    .from(resetTokens)
    .where(and(liveToken(resetTokens, resetTokens.tokenHash, tokenHash), eq(resetTokens.memberId, memberId)))
    .limit(1);
  return Boolean(row);
}

/** Marks a live reset ticket used and answers its member, atomically (a ticket works once). */
export async function consumeResetToken(db: DbOrTx, tokenHash: string): Promise<number | undefined> {
  const [row] = await consumeSingleUseToken(db, resetTokens, resetTokens.tokenHash, tokenHash, {
    memberId: resetTokens.memberId,
  });
  return row?.memberId;
}
