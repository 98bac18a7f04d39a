import { and, count, desc, eq, inArray, lt, ne, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  complaints,
  members,
  projects,
  quotes,
  type TipRow,
  tips,
  withdrawals,
} from '../../db/schema/index.ts';

export type { TipRow };

export interface NewTip {
  memberId: number;
  type: TipRow['type'];
  title: string;
  content: string;
  link: string;
  eventId: number;
  /** when not now (the demo data's tips, dated as their events) */
  createdAt?: Date;
  isRead?: boolean;
}

/** Writes tips; a (member, event) pair already written is skipped. Answers the new ones. */
export async function insertTips(
  db: DbOrTx,
  rows: NewTip[],
): Promise<Array<{ id: number; memberId: number }>> {
  if (rows.length === 0) return [];
  return db
    .insert(tips)
    .values(rows)
    .onConflictDoNothing({ target: [tips.memberId, tips.eventId] })
    .returning({ id: tips.id, memberId: tips.memberId });
}

/** Whether any tip without an outbox event exists (the demo's, negative event ids: docs/messages.md "Demo"). */
export async function hasEventlessTips(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ id: tips.id }).from(tips).where(lt(tips.eventId, 0)).limit(1);
  return row !== undefined;
}

export interface TipFilter {
  type?: TipRow['type'];
  /** true: read only; false: unread only */
  read?: boolean;
}

function where(memberId: number, f: TipFilter): SQL | undefined {
  return and(
    eq(tips.memberId, memberId),
    f.type === undefined ? undefined : eq(tips.type, f.type),
    f.read === undefined ? undefined : eq(tips.isRead, f.read),
  );
}

/** One page of a member's tips, newest first. */
export function listTips(
  db: DbOrTx,
  memberId: number,
  f: TipFilter,
  limit: number,
  offset: number,
): Promise<TipRow[]> {
  return db
    .select()
    .from(tips)
    .where(where(memberId, f))
    .orderBy(desc(tips.createdAt), desc(tips.id))
    .limit(limit)
    .offset(offset);
}

export async function countTips(db: DbOrTx, memberId: number, f: TipFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(tips).where(where(memberId, f));
  return Number(row?.n ?? 0);
}

export function countUnread(db: DbOrTx, memberId: number): Promise<number> {
  return countTips(db, memberId, { read: false });
}

/** Marks the member's own tips read: these ids, or all when `ids` is undefined. Answers rows changed. */
export async function markRead(db: DbOrTx, memberId: number, ids: number[] | undefined): Promise<number> {
  const out = await db
    .update(tips)
    .set({ isRead: true })
    .where(
      and(
        eq(tips.memberId, memberId),
        eq(tips.isRead, false),
        ids === undefined ? undefined : inArray(tips.id, ids),
      ),
    )
    .returning({ id: tips.id });
  return out.length;
}

/** Deletes the member's own tips with these ids. Answers rows deleted. */
export async function deleteTips(db: DbOrTx, memberId: number, ids: number[]): Promise<number> {
  const out = await db
    .delete(tips)
    .where(and(eq(tips.memberId, memberId), inArray(tips.id, ids)))
    .returning({ id: tips.id });
  return out.length;
}

export interface ProjectParties {
  title: string;
  customerId: number;
  /** the supplier of the winning quote, when there is one */
  winnerId: number | null;
}

/** Who a project event concerns: its customer and winner. */
export async function projectParties(db: DbOrTx, projectId: number): Promise<ProjectParties | undefined> {
  const [row] = await db
    .select({ title: projects.title, customerId: projects.customerId, winnerId: quotes.supplierId })
    .from(projects)
    .leftJoin(quotes, eq(quotes.id, projects.winnerQuoteId))
    .where(eq(projects.id, projectId))
    .limit(1);
  return row ? { title: row.title, customerId: row.customerId, winnerId: row.winnerId ?? null } : undefined;
}

/** The suppliers who quoted on a project, but `exceptId` (the winner). */
export async function bidderIds(db: DbOrTx, projectId: number, exceptId?: number | null): Promise<number[]> {
  const rows = await db
    .select({ id: quotes.supplierId })
    .from(quotes)
    .where(
      and(eq(quotes.projectId, projectId), exceptId == null ? undefined : ne(quotes.supplierId, exceptId)),
    );
  return [...new Set(rows.map((r) => r.id))];
}

/** For tests and tools: the tips one event wrote. */
export function tipsOfEvent(db: DbOrTx, eventId: number): Promise<TipRow[]> {
  return db.select().from(tips).where(eq(tips.eventId, eventId)).orderBy(tips.id);
}

/** The kind of each member (customer or workshop), to link a tip to the right app. */
export async function cardtypesOf(db: DbOrTx, ids: number[]): Promise<Map<number, 'workshop' | 'customer'>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: members.id, cardtype: members.cardtype })
    .from(members)
    .where(inArray(members.id, ids));
  return new Map(rows.map((r) => [r.id, r.cardtype]));
}

/** The reason an operator gave for rejecting a withdrawal ('' when unknown). */
export async function withdrawalReason(db: DbOrTx, id: number): Promise<string> {
  const [row] = await db
    .select({ reason: withdrawals.reason })
    .from(withdrawals)
    .where(eq(withdrawals.id, id))
    .limit(1);
  return row?.reason ?? '';
}

/** The project a quote was made on, with its customer and title. */
export async function quoteProject(
  db: DbOrTx,
  quoteId: number,
): Promise<{ projectId: number; customerId: number; title: string } | undefined> {
  const [row] = await db
    .select({ projectId: projects.id, customerId: projects.customerId, title: projects.title })
    .from(quotes)
    .innerJoin(projects, eq(projects.id, quotes.projectId))
    .where(eq(quotes.id, quoteId))
    .limit(1);
  return row;
}

export interface ComplaintParties {
  projectId: number;
  title: string;
  customerId: number;
  complainantId: number;
  respondentId: number;
  createdAt: Date;
  decision: 'dismiss' | 'split' | null;
  refundFen: number;
  releasedFen: number;
  commissionFen: number;
  rulingText: string;
}

/** A complaint's parties, its project and (once ruled) its ruling, as a complaint tip needs them. */
export async function complaintParties(
  db: DbOrTx,
  complaintId: number,
): Promise<ComplaintParties | undefined> {
  const [row] = await db
    .select({
      projectId: complaints.projectId,
      title: projects.title,
      customerId: projects.customerId,
      complainantId: complaints.complainantId,
      respondentId: complaints.respondentId,
      createdAt: complaints.createdAt,
      decision: complaints.decision,
      refundFen: complaints.refundFen,
      releasedFen: complaints.releasedFen,
      commissionFen: complaints.commissionFen,
      rulingText: complaints.rulingText,
    })
    .from(complaints)
    .innerJoin(projects, eq(projects.id, complaints.projectId))
    .where(eq(complaints.id, complaintId))
    .limit(1);
  return row ? { ...row, decision: row.decision ?? null } : undefined;
}
