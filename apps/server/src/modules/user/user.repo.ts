import type { CardType } from '@zl/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { members, resetTokens } from '../../db/schema/index.ts';
import { consumeSingleUseToken, liveToken } from '../../db/single-use-token.repo.ts';

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
