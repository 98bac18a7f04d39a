import { PROJECT_CHECKED, PROJECT_STATUS } from '@zl/shared';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog, favorites, members, projects, quotes } from '../../db/schema/index.ts';
import { selectMember } from '../member/member.repo.ts';
import type { ProjectRow } from '../project/project-view.ts';
import { partyNameSql } from '../user/party-name.ts';
import { summaryColumns } from './search.repo.ts';

// Read by evaluation too, so they live with the projects (no projectcenter ↔ evaluation loop).
export { findProject, findWinner } from '../project/project.repo.ts';

export type QuoteRow = typeof quotes.$inferSelect;

/** What a caller's role and verification allow (the session knows only the card type). */
export function findCaller(db: DbOrTx, memberId: number) {
  return selectMember(db, memberId, ['id', 'cardtype', 'personauth', 'businsauth']);
}

/** Listed in the order centre: approved by an operator (rejected and pending postings are not). */
export function isPublic(p: Pick<ProjectRow, 'status' | 'checked'>): boolean {
  return p.status >= PROJECT_STATUS.BIDDING && p.checked === PROJECT_CHECKED.APPROVED;
}

export async function findOwnQuote(db: DbOrTx, projectId: number, supplierId: number) {
  const [row] = await db
    .select()
    .from(quotes)
    .where(and(eq(quotes.projectId, projectId), eq(quotes.supplierId, supplierId)))
    .limit(1);
  return row;
}

/** The supplier's quote on a project (its fee is posted by the caller in the same transaction). */
export async function insertQuote(db: DbOrTx, values: typeof quotes.$inferInsert): Promise<QuoteRow> {
  const [row] = await db.insert(quotes).values(values).returning();
  return row!;
}

/** A new bidder on the project: `peoples` counts one more. */
export async function countBidder(db: DbOrTx, projectId: number): Promise<void> {
  await db
    .update(projects)
    .set({ peoples: sql`${projects.peoples} + 1` })
    .where(eq(projects.id, projectId));
}

/** Replaces the lines, days, remark and attachments of the supplier's own quote. */
export async function updateOwnQuote(
  db: DbOrTx,
  quoteId: number,
  supplierId: number,
  patch: Pick<
    typeof quotes.$inferInsert,
    'lines' | 'subtotals' | 'total' | 'days' | 'remark' | 'attachments'
  >,
): Promise<QuoteRow> {
  const [row] = await db
    .update(quotes)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(and(eq(quotes.id, quoteId), eq(quotes.supplierId, supplierId)))
    .returning();
  return row!;
}

export async function isFavorite(db: DbOrTx, memberId: number, projectId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(favorites)
    .where(and(eq(favorites.memberId, memberId), eq(favorites.projectId, projectId)))
    .limit(1);
  return Boolean(row);
}

/** The project's status changes as the transition helper audited them ({from, to} in detail). */
export async function projectTimeline(db: DbOrTx, projectId: number) {
  return db
    .select({
      detail: auditLog.detail,
      at: auditLog.createdAt,
      action: auditLog.action,
      actorType: auditLog.actorType,
    })
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'project'), eq(auditLog.targetId, String(projectId))))
    .orderBy(asc(auditLog.id))
    .limit(100);
}

export function findMember(db: DbOrTx, id: number) {
  return selectMember(db, id, ['mobile', 'nickname', 'realname']);
}

/** A party's verified name (docs/members.md "Party names"). */
export async function findPartyName(db: DbOrTx, id: number): Promise<string> {
  const [row] = await db.select({ name: partyNameSql() }).from(members).where(eq(members.id, id)).limit(1);
  return row?.name ?? '';
}

/** The projects a supplier quoted on (optionally only quotes of one status), newest quote first. */
export async function listQuotedProjects(
  db: DbOrTx,
  supplierId: number,
  opts: { quoteStatus?: number | undefined; limit: number; offset: number },
) {
  const where = and(
    eq(quotes.supplierId, supplierId),
    opts.quoteStatus === undefined ? undefined : eq(quotes.status, opts.quoteStatus),
  );
  const [rows, [count]] = await Promise.all([
    db
      .select({
        ...summaryColumns(supplierId),
        quoteId: quotes.id,
        quoteTotal: quotes.total,
        quoteStatus: quotes.status,
        contctck: projects.contctck,
        ispaid: projects.ispaid,
        reportck: projects.reportck,
        complaintOpen: projects.complaintOpen,
        closedBy: projects.closedBy,
      })
      .from(quotes)
      .innerJoin(projects, eq(projects.id, quotes.projectId))
      .where(where)
      .orderBy(desc(quotes.createdAt), desc(quotes.id))
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(quotes).where(where),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}
