import { PROJECT_STATUS } from '@zl/shared';
import { and, asc, between, eq, gte, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { calendarFeeds, members, projectStages, projects, quotes } from '../../db/schema/index.ts';

/**
 * The project calendar's reads and the feed tokens (docs/calendar.md). A customer's calendar
 * holds its own projects (status 1–6: from 竞标中 to 已完成), a supplier's the projects it won
 * (status 2–6); nothing else of a project reaches the calendar than what these select.
 */
export type CalendarSide = 'customer' | 'supplier';
export interface CalendarOwner {
  memberId: number;
  side: CalendarSide;
}

/** The most projects and stages one calendar read takes (a year of a busy supplier fits). */
export const CALENDAR_ROW_LIMIT = 2000;

const projectColumns = {
  id: projects.id,
  orders: projects.orders,
  title: projects.title,
  city: projects.city,
  prov: projects.prov,
  hall: projects.hall,
  booth: projects.booth,
  sdate: projects.sdate,
  edate: projects.edate,
  buildStart: projects.buildStart,
  buildEnd: projects.buildEnd,
  teardownStart: projects.teardownStart,
  teardownEnd: projects.teardownEnd,
  filingDeadline: projects.filingDeadline,
};
export type CalendarProjectRow = Pick<typeof projects.$inferSelect, keyof typeof projectColumns>;

/**
 * Whose projects: the customer's own (projects_customer_idx), or the supplier's won ones — its
 * quotes (quotes_supplier_idx) that are the project's winning quote.
 */
function ownedBy(owner: CalendarOwner): SQL {
  return owner.side === 'customer'
    ? and(
        eq(projects.customerId, owner.memberId),
        between(projects.status, PROJECT_STATUS.BIDDING, PROJECT_STATUS.DONE),
      )!
    : and(
        eq(quotes.supplierId, owner.memberId),
        between(projects.status, PROJECT_STATUS.AWARDED, PROJECT_STATUS.DONE),
      )!;
}

/**
 * The owner's projects with a date in [start, end): the filing deadline or build-in before the
 * end and the teardown after the start, or the show's days (`fromDay` … `toDay`) in the range.
 */
export async function calendarProjects(
  db: DbOrTx,
  owner: CalendarOwner,
  range: { start: Date; end: Date; fromDay: string; toDay: string },
): Promise<CalendarProjectRow[]> {
  const inRange = or(
    and(
      lt(sql`least(${projects.buildStart}, ${projects.filingDeadline})`, range.end),
      gte(projects.teardownEnd, range.start),
    ),
    and(lte(projects.sdate, range.toDay), gte(projects.edate, range.fromDay)),
  );
  const base = db.select(projectColumns).from(projects);
  const joined =
    owner.side === 'customer' ? base : base.innerJoin(quotes, eq(quotes.id, projects.winnerQuoteId));
  return joined
    .where(and(ownedBy(owner), inRange))
    .orderBy(asc(projects.buildStart), asc(projects.id))
    .limit(CALENDAR_ROW_LIMIT);
}

export interface CalendarStageRow extends CalendarProjectRow {
  stageId: number;
  stageKind: (typeof projectStages.$inferSelect)['kind'];
  dueAt: Date;
}

/** The owner's payment stages still to pay (status `due`) falling due in [start, end). */
export async function calendarDueStages(
  db: DbOrTx,
  owner: CalendarOwner,
  range: { start: Date; end: Date },
): Promise<CalendarStageRow[]> {
  const base = db
    .select({
      ...projectColumns,
      stageId: projectStages.id,
      stageKind: projectStages.kind,
      dueAt: projectStages.dueAt,
    })
    .from(projectStages)
    .innerJoin(projects, eq(projects.id, projectStages.projectId));
  const joined =
    owner.side === 'customer' ? base : base.innerJoin(quotes, eq(quotes.id, projects.winnerQuoteId));
  return joined
    .where(
      and(
        ownedBy(owner),
        eq(projectStages.status, 'due'),
        gte(projectStages.dueAt, range.start),
        lt(projectStages.dueAt, range.end),
      ),
    )
    .orderBy(asc(projectStages.dueAt), asc(projectStages.id))
    .limit(CALENDAR_ROW_LIMIT);
}

/** The member's feed token, or undefined before the first ask. */
export async function findFeedToken(db: DbOrTx, memberId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ token: calendarFeeds.token })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.memberId, memberId))
    .limit(1);
  return row?.token;
}

/**
 * The member's token: `token` when it had none, else the one it has (a parallel first ask that
 * lost the race reads the winner's).
 */
export async function insertFeedToken(db: DbOrTx, memberId: number, token: string): Promise<string> {
  const [made] = await db
    .insert(calendarFeeds)
    .values({ memberId, token })
    .onConflictDoNothing({ target: calendarFeeds.memberId })
    .returning({ token: calendarFeeds.token });
  if (made) return made.token;
  const existing = await findFeedToken(db, memberId);
  if (!existing) throw new Error('calendar feed token vanished');
  return existing;
}

/** 重置: `token` replaces the member's token (or is its first), in one statement. */
export async function replaceFeedToken(db: DbOrTx, memberId: number, token: string): Promise<string> {
  const [row] = await db
    .insert(calendarFeeds)
    .values({ memberId, token })
    .onConflictDoUpdate({
      target: calendarFeeds.memberId,
      set: { token, createdAt: sql`now()` },
    })
    .returning({ token: calendarFeeds.token });
  return row!.token;
}

/** The owner of a feed token with its card type, or undefined for an unknown token. */
export async function findFeedOwner(
  db: DbOrTx,
  token: string,
): Promise<{ memberId: number; cardtype: 'workshop' | 'customer' } | undefined> {
  const [row] = await db
    .select({ memberId: calendarFeeds.memberId, cardtype: members.cardtype })
    .from(calendarFeeds)
    .innerJoin(members, eq(members.id, calendarFeeds.memberId))
    .where(eq(calendarFeeds.token, token))
    .limit(1);
  return row;
}
