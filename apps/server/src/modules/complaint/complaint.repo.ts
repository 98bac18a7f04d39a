import { and, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { type ComplaintRow, complaints, members, projects } from '../../db/schema/index.ts';
import { partyNameSql } from '../user/party-name.ts';

export type { ComplaintRow };

export async function insertComplaint(
  db: DbOrTx,
  values: typeof complaints.$inferInsert,
): Promise<ComplaintRow> {
  const [row] = await db.insert(complaints).values(values).returning();
  return row!;
}

/** The project's `complaint_open` flag (the caller holds the project's row lock). */
export async function setComplaintOpen(db: DbOrTx, projectId: number, open: boolean): Promise<void> {
  await db
    .update(projects)
    .set({ complaintOpen: open, updatedAt: new Date() })
    .where(eq(projects.id, projectId));
}

export async function findComplaint(db: DbOrTx, id: number): Promise<ComplaintRow | undefined> {
  const [row] = await db.select().from(complaints).where(eq(complaints.id, id)).limit(1);
  return row;
}

export async function lockComplaint(db: DbOrTx, id: number): Promise<ComplaintRow | undefined> {
  const [row] = await db.select().from(complaints).where(eq(complaints.id, id)).limit(1).for('update');
  return row;
}

/** The complainant rewrites its complaint: only while it is open (not answered, not ruled). */
export async function editOwn(
  db: DbOrTx,
  id: number,
  memberId: number,
  values: { content: string; evidence: string[] },
): Promise<ComplaintRow | undefined> {
  const [row] = await db
    .update(complaints)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(complaints.id, id), eq(complaints.complainantId, memberId), eq(complaints.state, 'open')))
    .returning();
  return row;
}

/** The respondent's statement: written or rewritten until the ruling. */
export async function answer(
  db: DbOrTx,
  id: number,
  memberId: number,
  values: { answer: string; answerEvidence: string[] },
): Promise<ComplaintRow | undefined> {
  const now = new Date();
  const [row] = await db
    .update(complaints)
    .set({ ...values, state: 'answered', answeredAt: now, updatedAt: now })
    .where(
      and(
        eq(complaints.id, id),
        eq(complaints.respondentId, memberId),
        inArray(complaints.state, ['open', 'answered']),
      ),
    )
    .returning();
  return row;
}

/** Writes the ruling once: answers undefined when it was ruled already. */
export async function rule(
  db: DbOrTx,
  id: number,
  values: Pick<
    typeof complaints.$inferInsert,
    'decision' | 'refundFen' | 'releasedFen' | 'commissionFen' | 'ruledBy' | 'rulingText'
  >,
): Promise<ComplaintRow | undefined> {
  const now = new Date();
  const [row] = await db
    .update(complaints)
    .set({ ...values, state: 'ruled', ruledAt: now, updatedAt: now })
    .where(and(eq(complaints.id, id), inArray(complaints.state, ['open', 'answered'])))
    .returning();
  return row;
}

const complainant = alias(members, 'complainant');
const respondent = alias(members, 'respondent');

const listColumns = {
  c: complaints,
  projectTitle: projects.title,
  orders: projects.orders,
  projectStatus: projects.status,
  customerId: projects.customerId,
  prepay: projects.prepay,
  sdate: projects.sdate,
  edate: projects.edate,
  complainantName: partyNameSql('complainant'),
  respondentName: partyNameSql('respondent'),
};

function listQuery(db: DbOrTx) {
  return db
    .select(listColumns)
    .from(complaints)
    .innerJoin(projects, eq(projects.id, complaints.projectId))
    .innerJoin(complainant, eq(complainant.id, complaints.complainantId))
    .innerJoin(respondent, eq(respondent.id, complaints.respondentId));
}

export type ComplaintListRow = Awaited<ReturnType<typeof listQuery>>[number];

async function page(db: DbOrTx, where: SQL | undefined, limit: number, offset: number, order: SQL[]) {
  const [rows, [total]] = await Promise.all([
    listQuery(db)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(complaints).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** The member's complaints: filed by it or against it, newest first. */
export function memberPage(
  db: DbOrTx,
  memberId: number,
  projectId: number | undefined,
  limit: number,
  offset: number,
) {
  return page(
    db,
    and(
      or(eq(complaints.complainantId, memberId), eq(complaints.respondentId, memberId)),
      projectId === undefined ? undefined : eq(complaints.projectId, projectId),
    ),
    limit,
    offset,
    [desc(complaints.createdAt), desc(complaints.id)],
  );
}

/** The console queue: by state, the oldest unruled first (ruled ones newest first). */
export function adminPage(db: DbOrTx, state: string | undefined, limit: number, offset: number) {
  return page(db, state ? eq(complaints.state, state as ComplaintRow['state']) : undefined, limit, offset, [
    sql`case when ${complaints.state} = 'ruled' then 1 else 0 end`,
    sql`case when ${complaints.state} = 'ruled' then -extract(epoch from ${complaints.createdAt}) else extract(epoch from ${complaints.createdAt}) end`,
    desc(complaints.id),
  ]);
}

export async function findListRow(db: DbOrTx, id: number): Promise<ComplaintListRow | undefined> {
  const [row] = await listQuery(db).where(eq(complaints.id, id)).limit(1);
  return row;
}

/** Whether this private file is evidence in a complaint the member is a party of. */
export async function isEvidenceForParty(db: DbOrTx, memberId: number, fileId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: complaints.id })
    .from(complaints)
    .where(
      and(
        or(eq(complaints.complainantId, memberId), eq(complaints.respondentId, memberId)),
        or(sql`${complaints.evidence} ? ${fileId}`, sql`${complaints.answerEvidence} ? ${fileId}`),
      ),
    )
    .limit(1);
  return row !== undefined;
}
