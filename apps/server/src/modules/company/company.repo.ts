import { and, desc, eq, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  evaluations,
  members,
  projects,
  type ShowroomCaseRow,
  type ShowroomRow,
  showroomCases,
  showrooms,
} from '../../db/schema/index.ts';

export type { ShowroomCaseRow, ShowroomRow };

/** The showroom's owner as the showroom needs it (names and verification, nothing private). */
const ownerColumns = {
  id: members.id,
  cardno: members.cardno,
  cardtype: members.cardtype,
  company: members.company,
  nickname: members.nickname,
  personauth: members.personauth,
  businsauth: members.businsauth,
};
export interface ShowroomOwner {
  id: number;
  cardno: string;
  cardtype: 'workshop' | 'customer';
  company: string;
  nickname: string;
  personauth: number;
  businsauth: number;
}

export async function ownerById(db: DbOrTx, memberId: number): Promise<ShowroomOwner | undefined> {
  const [row] = await db.select(ownerColumns).from(members).where(eq(members.id, memberId)).limit(1);
  return row;
}

export async function ownerByCardno(db: DbOrTx, cardno: string): Promise<ShowroomOwner | undefined> {
  const [row] = await db.select(ownerColumns).from(members).where(eq(members.cardno, cardno)).limit(1);
  return row;
}

/**
 * Locks the member row: the case writes of one supplier run one at a time, so the count checked
 * against the limit is the count the insert lands on.
 */
export async function lockOwner(db: DbOrTx, memberId: number): Promise<void> {
  await db.select({ id: members.id }).from(members).where(eq(members.id, memberId)).for('update');
}

export async function findShowroom(db: DbOrTx, memberId: number): Promise<ShowroomRow | undefined> {
  const [row] = await db.select().from(showrooms).where(eq(showrooms.memberId, memberId)).limit(1);
  return row;
}

export type ShowroomValues = Omit<typeof showrooms.$inferInsert, 'memberId' | 'createdAt' | 'updatedAt'>;

/** One statement: creates the showroom or replaces its fields (concurrent saves: the last wins). */
export async function upsertShowroom(db: DbOrTx, memberId: number, v: ShowroomValues): Promise<ShowroomRow> {
  const [row] = await db
    .insert(showrooms)
    .values({ ...v, memberId })
    .onConflictDoUpdate({ target: showrooms.memberId, set: { ...v, updatedAt: new Date() } })
    .returning();
  return row!;
}

export async function countCases(db: DbOrTx, memberId: number): Promise<number> {
  const [n] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(showroomCases)
    .where(eq(showroomCases.memberId, memberId));
  return Number(n?.n ?? 0);
}

export type CaseValues = Pick<typeof showroomCases.$inferInsert, 'title' | 'descr' | 'faceimg' | 'pictures'>;

export async function insertCase(db: DbOrTx, memberId: number, v: CaseValues): Promise<ShowroomCaseRow> {
  const [row] = await db
    .insert(showroomCases)
    .values({ ...v, memberId })
    .returning();
  return row!;
}

/** Changes one of the member's own cases; another member's id (or a made-up one) changes nothing. */
export async function updateOwnCase(
  db: DbOrTx,
  memberId: number,
  id: number,
  v: CaseValues,
): Promise<ShowroomCaseRow | undefined> {
  const [row] = await db
    .update(showroomCases)
    .set({ ...v, updatedAt: new Date() })
    .where(and(eq(showroomCases.id, id), eq(showroomCases.memberId, memberId)))
    .returning();
  return row;
}

export async function deleteOwnCase(db: DbOrTx, memberId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(showroomCases)
    .where(and(eq(showroomCases.id, id), eq(showroomCases.memberId, memberId)))
    .returning({ id: showroomCases.id });
  return rows.length > 0;
}

/** The member's cases, newest first. */
export async function listCases(
  db: DbOrTx,
  memberId: number,
  opts: { limit: number; offset: number },
): Promise<ShowroomCaseRow[]> {
  return db
    .select()
    .from(showroomCases)
    .where(eq(showroomCases.memberId, memberId))
    .orderBy(desc(showroomCases.createdAt), desc(showroomCases.id))
    .limit(opts.limit)
    .offset(opts.offset);
}

/** Public at `now` (docs/delivery-evaluation.md): revealed, or its window over. */
const revealedCustomerEvaluationsOf = (supplierId: number, now: Date) =>
  and(
    eq(evaluations.side, 'customer'),
    eq(evaluations.targetId, supplierId),
    or(isNotNull(evaluations.revealedAt), lte(evaluations.windowEndsAt, now)),
  );

/** The customers' public evaluations of this supplier, newest first, with the author's names. */
export async function revealedEvaluations(db: DbOrTx, supplierId: number, now: Date, limit: number) {
  const where = revealedCustomerEvaluationsOf(supplierId, now);
  const list = await db
    .select({
      row: evaluations,
      projectTitle: projects.title,
      authorNickname: members.nickname,
      authorCompany: members.company,
    })
    .from(evaluations)
    .innerJoin(projects, eq(projects.id, evaluations.projectId))
    .innerJoin(members, eq(members.id, evaluations.authorId))
    .where(where)
    .orderBy(desc(evaluations.createdAt), desc(evaluations.id))
    .limit(limit);
  const [n] = await db.select({ n: sql<number>`count(*)::int` }).from(evaluations).where(where);
  return { list, total: Number(n?.n ?? 0) };
}
