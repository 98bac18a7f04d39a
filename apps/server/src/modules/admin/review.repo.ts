import { AUTH_STATUS, type AuthKind } from '@zl/shared';
import { and, asc, desc, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { admins, businessAuths, members, personAuths } from '../../db/schema/index.ts';
import { selectMember } from '../member/member.repo.ts';
import { cappedCount, likeEscape } from './audit.repo.ts';

export function tableOf(kind: AuthKind) {
  return kind === 'person' ? personAuths : businessAuths;
}

/** When a submission came and how its review went, with the reviewer's username (left-joined admins). */
function reviewFields(t: ReturnType<typeof tableOf>) {
  return {
    createdAt: t.createdAt,
    checked: t.checked,
    reason: t.reason,
    reviewedAt: t.reviewedAt,
    reviewer: admins.username,
  };
}

export async function queue(
  db: DbOrTx,
  q: { kind: AuthKind; checked: 0 | 1 | 2; keyword?: string | undefined; page: number; pageSize: number },
) {
  const t = tableOf(q.kind);
  const where: SQL[] = [eq(t.checked, q.checked)];
  if (q.keyword) {
    const k = likeEscape(q.keyword);
    const nameCol = q.kind === 'person' ? personAuths.realname : businessAuths.btitle;
    where.push(
      or(
        ilike(members.mobile, `${k}%`),
        ilike(members.cardno, `${k}%`),
        ilike(nameCol, `%${k}%`),
        ...(q.kind === 'business' ? [ilike(businessAuths.name, `%${k}%`)] : []),
      )!,
    );
  }
  const cond = and(...where);
  const base = db
    .select({
      id: t.id,
      cardno: members.cardno,
      mobile: members.mobile,
      nickname: members.nickname,
      title: q.kind === 'person' ? personAuths.realname : businessAuths.btitle,
      idno: q.kind === 'person' ? personAuths.idcard : businessAuths.taxorder,
      ...reviewFields(t),
    })
    .from(t)
    .innerJoin(members, eq(members.id, t.memberId))
    .leftJoin(admins, eq(admins.id, t.reviewerId))
    .where(cond);
  // The queue is worked oldest first; decided lists show the latest decisions first.
  const rows = await base
    .orderBy(q.checked === AUTH_STATUS.PENDING ? asc(t.id) : desc(t.reviewedAt), desc(t.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const total = await cappedCount(
    db,
    sql`select 1 from ${t} inner join ${members} on ${members.id} = ${t.memberId} where ${cond}`,
  );
  return { rows, total };
}

export async function findPerson(db: DbOrTx, id: number) {
  const [row] = await db.select().from(personAuths).where(eq(personAuths.id, id)).limit(1);
  return row;
}

export async function findBusiness(db: DbOrTx, id: number) {
  const [row] = await db.select().from(businessAuths).where(eq(businessAuths.id, id)).limit(1);
  return row;
}

/** What a reviewer sees of the member who submitted. */
const SUMMARY_COLUMNS = [
  'cardno',
  'mobile',
  'cardtype',
  'nickname',
  'createdAt',
  'personauth',
  'businsauth',
  'realname',
  'company',
] as const;

export function memberSummary(db: DbOrTx, memberId: number) {
  return selectMember(db, memberId, SUMMARY_COLUMNS);
}

/** The member's other submissions of the same kind, newest first. */
export async function history(db: DbOrTx, kind: AuthKind, memberId: number, exceptId: number) {
  const t = tableOf(kind);
  return db
    .select({
      id: t.id,
      ...reviewFields(t),
    })
    .from(t)
    .leftJoin(admins, eq(admins.id, t.reviewerId))
    .where(and(eq(t.memberId, memberId), ne(t.id, exceptId)))
    .orderBy(desc(t.id))
    .limit(50);
}

export async function adminName(db: DbOrTx, id: number | null): Promise<string | null> {
  if (id === null) return null;
  const [row] = await db.select({ u: admins.username }).from(admins).where(eq(admins.id, id)).limit(1);
  return row?.u ?? null;
}

/** The submission, locked until the deciding transaction ends: two reviewers cannot both decide it. */
export async function lockForReview(db: DbOrTx, kind: AuthKind, id: number) {
  const t = tableOf(kind);
  const [row] = await db
    .select({ id: t.id, memberId: t.memberId, checked: t.checked })
    .from(t)
    .where(eq(t.id, id))
    .for('update');
  return row;
}

export async function decide(
  db: DbOrTx,
  kind: AuthKind,
  id: number,
  values: { checked: 1 | 2; reason: string; reviewerId: number },
): Promise<void> {
  const t = tableOf(kind);
  await db
    .update(t)
    .set({ ...values, reviewedAt: sql`now()` })
    .where(eq(t.id, id));
}

export async function setMemberAuth(
  db: DbOrTx,
  memberId: number,
  values: { personauth?: number; businsauth?: number; realname?: string; idcard?: string },
): Promise<void> {
  await db
    .update(members)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(members.id, memberId));
}
