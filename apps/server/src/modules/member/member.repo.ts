import { and, eq, getTableColumns, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { members, rememberTokens, sessions } from '../../db/schema/index.ts';

export type MemberPatch = Partial<
  Pick<
    typeof members.$inferInsert,
    | 'nickname'
    | 'userlogo'
    | 'company'
    | 'myjob'
    | 'birth'
    | 'sex'
    | 'qqnum'
    | 'email'
    | 'prov'
    | 'city'
    | 'strt'
    | 'addr'
    | 'descr'
    | 'paycodeHash'
    | 'payoutType'
    | 'payoutName'
    | 'payoutAccount'
    | 'payoutBank'
  >
>;

export async function updateMember(db: DbOrTx, memberId: number, patch: MemberPatch): Promise<void> {
  await db
    .update(members)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(members.id, memberId));
}

/** invitpples: members who registered with this member's number as their invite code. */
export async function countInvitees(db: DbOrTx, cardno: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(members)
    .where(eq(members.invitedBy, cardno));
  return Number(row?.n ?? 0);
}

/** Ends every session of the member but the current one, and every remember-me token. */
export async function endOtherSessions(db: DbOrTx, memberId: number, keepSessionHash: string): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.memberId, memberId), ne(sessions.idHash, keepSessionHash)));
  await db.delete(rememberTokens).where(eq(rememberTokens.memberId, memberId));
}

const MEMBER_COLUMNS = getTableColumns(members);

/** The named columns of one member, or undefined for an unknown id. */
export async function selectMember<K extends keyof typeof MEMBER_COLUMNS>(
  db: DbOrTx,
  memberId: number,
  keys: readonly K[],
): Promise<Pick<typeof members.$inferSelect, K> | undefined> {
  const columns = Object.fromEntries(keys.map((k) => [k, MEMBER_COLUMNS[k]]));
  const [row] = await db.select(columns).from(members).where(eq(members.id, memberId)).limit(1);
  return row as Pick<typeof members.$inferSelect, K> | undefined;
}

/** The member's card type (workshop / customer), or undefined for an unknown id. */
export async function findCardtype(db: DbOrTx, memberId: number) {
  return (await selectMember(db, memberId, ['cardtype']))?.cardtype;
}

export async function countMembers(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(members);
  return Number(row?.n ?? 0);
}

/** Members by mobile and member number; one taken already is left as it is. */
export async function insertMembersIfMissing(
  db: DbOrTx,
  rows: Array<typeof members.$inferInsert>,
): Promise<void> {
  await db.insert(members).values(rows).onConflictDoNothing();
}
