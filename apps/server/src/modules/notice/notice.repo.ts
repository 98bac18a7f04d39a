import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { members, type NoticeRow, notices, projects } from '../../db/schema/index.ts';

/** Notices outside the site (docs/notices.md). */

export type { NoticeRow };

export interface NewNotice {
  memberId: number;
  kind: string;
  channel: 'sms' | 'wechat';
  projectId: number | null;
  eventId: number;
  sendAfter: Date;
}

/** Writes notices; a redelivered event's notices are there already (nothing written twice). */
export async function insertNotices(tx: DbOrTx, rows: NewNotice[]): Promise<number> {
  if (rows.length === 0) return 0;
  const written = await tx.insert(notices).values(rows).onConflictDoNothing().returning({ id: notices.id });
  return written.length;
}

export interface NoticeContact {
  id: number;
  cardtype: string;
  mobile: string;
  openid: string | null;
  prefs: Record<string, string>;
}

/** The members' choices and where their notices go. */
export async function contactsOf(db: DbOrTx, ids: number[]): Promise<Map<number, NoticeContact>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: members.id,
      cardtype: members.cardtype,
      mobile: members.mobile,
      openid: members.openid,
      prefs: members.notifyPrefs,
    })
    .from(members)
    .where(inArray(members.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/** The project's number (P…), '' when none. */
export async function projectOrders(db: DbOrTx, projectId: number | null): Promise<string> {
  if (projectId === null) return '';
  const [row] = await db.select({ orders: projects.orders }).from(projects).where(eq(projects.id, projectId));
  return row?.orders ?? '';
}

/**
 * Claims up to `limit` notices due now, oldest first, in one statement: `FOR UPDATE SKIP LOCKED`
 * shares them among rounds running at once, and the claim moves `send_after` by `leaseMs` and
 * counts the attempt, so a round that dies mid-send leaves them to be tried again after the lease
 * — never twice at the same time.
 */
export async function claimDue(tx: Tx, limit: number, leaseMs: number): Promise<NoticeRow[]> {
  const due = await tx
    .select({ id: notices.id })
    .from(notices)
    .where(and(eq(notices.status, 'pending'), sql`${notices.sendAfter} <= now()`))
    .orderBy(asc(notices.sendAfter), asc(notices.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  if (due.length === 0) return [];
  return tx
    .update(notices)
    .set({
      attempts: sql`${notices.attempts} + 1`,
      sendAfter: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
    })
    .where(
      inArray(
        notices.id,
        due.map((d) => d.id),
      ),
    )
    .returning();
}

export async function markSent(db: DbOrTx, id: number): Promise<void> {
  await db
    .update(notices)
    .set({ status: 'sent', sentAt: sql`now()`, lastError: '' })
    .where(eq(notices.id, id));
}

/** Nothing to send it with (no template, WeChat not bound, the member switched it off since). */
export async function markSkipped(db: DbOrTx, id: number, why: string): Promise<void> {
  await db
    .update(notices)
    .set({ status: 'skipped', lastError: why.slice(0, 200) })
    .where(eq(notices.id, id));
}

/** A failed attempt: tried again after `retryInMs`, or `failed` for good when null. */
export async function markFailure(
  db: DbOrTx,
  id: number,
  error: string,
  retryInMs: number | null,
): Promise<void> {
  await db
    .update(notices)
    .set(
      retryInMs === null
        ? { status: 'failed', lastError: error.slice(0, 200) }
        : {
            lastError: error.slice(0, 200),
            sendAfter: sql`now() + make_interval(secs => ${retryInMs / 1000})`,
          },
    )
    .where(eq(notices.id, id));
}

/** 账号安全 → 通知设置: the kinds given are merged into the member's choices. */
export async function saveSettings(
  db: DbOrTx,
  memberId: number,
  patch: { kinds?: Record<string, string>; messageSms?: boolean },
): Promise<{ prefs: Record<string, string>; messageSms: boolean; openid: string | null }> {
  const [row] = await db
    .update(members)
    .set({
      ...(patch.kinds
        ? { notifyPrefs: sql`${members.notifyPrefs} || ${JSON.stringify(patch.kinds)}::jsonb` }
        : {}),
      ...(patch.messageSms === undefined ? {} : { messageSms: patch.messageSms }),
    })
    .where(eq(members.id, memberId))
    .returning({ prefs: members.notifyPrefs, messageSms: members.messageSms, openid: members.openid });
  return row!;
}

export async function settingsOf(
  db: DbOrTx,
  memberId: number,
): Promise<{ prefs: Record<string, string>; messageSms: boolean; openid: string | null } | undefined> {
  const [row] = await db
    .select({ prefs: members.notifyPrefs, messageSms: members.messageSms, openid: members.openid })
    .from(members)
    .where(eq(members.id, memberId));
  return row;
}

/** The console's list: notices of a status, newest first, with the member's number (no content). */
export async function noticePage(db: DbOrTx, status: string | undefined, limit: number, offset: number) {
  const where = status ? eq(notices.status, status) : undefined;
  const [rows, [count]] = await Promise.all([
    db
      .select({ n: notices, cardno: members.cardno })
      .from(notices)
      .innerJoin(members, eq(members.id, notices.memberId))
      .where(where)
      .orderBy(desc(notices.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(notices).where(where),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/** Per status, how many notices there are (the console's summary and the metrics). */
export async function noticeCounts(db: DbOrTx): Promise<Record<string, number>> {
  const rows = await db
    .select({ status: notices.status, n: sql<number>`count(*)::int` })
    .from(notices)
    .groupBy(notices.status);
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

/** A failed notice back to pending, due now (the console's 重试). */
export async function requeue(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .update(notices)
    .set({ status: 'pending', sendAfter: sql`now()`, attempts: 0 })
    .where(and(eq(notices.id, id), eq(notices.status, 'failed')))
    .returning({ id: notices.id });
  return rows.length > 0;
}
