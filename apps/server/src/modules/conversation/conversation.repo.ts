import { and, asc, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../../db/client.ts';
import {
  type MessageFileRef,
  members,
  projects,
  quotes,
  type ThreadMessageRow,
  type ThreadRow,
  threadMessages,
  threads,
} from '../../db/schema/index.ts';
import { partyNameSql } from '../user/party-name.ts';

/** The project conversation's rows (docs/conversation.md). */

export type { ThreadMessageRow, ThreadRow };

/** A thread with what its views need: the project, its winner, both parties' names. */
export interface ThreadInfo extends ThreadRow {
  projectOrders: string;
  projectTitle: string;
  projectStatus: number;
  /** the project's winning supplier, null before the award */
  winnerId: number | null;
  customerName: string;
  customerCardno: string;
  supplierName: string;
  supplierCardno: string;
}

const cust = alias(members, 'cust');
const supp = alias(members, 'supp');

function infoQuery(db: DbOrTx) {
  return db
    .select({
      t: threads,
      projectOrders: projects.orders,
      projectTitle: projects.title,
      projectStatus: projects.status,
      winnerId: quotes.supplierId,
      customerName: sql<string>`${partyNameSql('cust')}`,
      customerCardno: cust.cardno,
      supplierName: sql<string>`${partyNameSql('supp')}`,
      supplierCardno: supp.cardno,
    })
    .from(threads)
    .innerJoin(projects, eq(projects.id, threads.projectId))
    .leftJoin(quotes, eq(quotes.id, projects.winnerQuoteId))
    .innerJoin(cust, eq(cust.id, threads.customerId))
    .innerJoin(supp, eq(supp.id, threads.supplierId));
}

type InfoRow = Awaited<ReturnType<ReturnType<typeof infoQuery>['execute']>>[number];
function toInfo(r: InfoRow): ThreadInfo {
  return {
    ...r.t,
    projectOrders: r.projectOrders,
    projectTitle: r.projectTitle,
    projectStatus: r.projectStatus,
    winnerId: r.winnerId ?? null,
    customerName: r.customerName ?? '',
    customerCardno: r.customerCardno,
    supplierName: r.supplierName ?? '',
    supplierCardno: r.supplierCardno,
  };
}

/** One thread with its details, or undefined. */
export async function findThreadInfo(db: DbOrTx, threadId: number): Promise<ThreadInfo | undefined> {
  const [row] = await infoQuery(db).where(eq(threads.id, threadId)).limit(1);
  return row ? toInfo(row) : undefined;
}

/** Locks a thread's row for the rest of `tx` (sends of one thread are written one after another). */
export async function lockThread(tx: Tx, threadId: number): Promise<ThreadRow | undefined> {
  const [row] = await tx.select().from(threads).where(eq(threads.id, threadId)).for('update');
  return row;
}

/** The thread of a project with a supplier, if any. */
export async function threadOf(
  db: DbOrTx,
  projectId: number,
  supplierId: number,
): Promise<ThreadRow | undefined> {
  const [row] = await db
    .select()
    .from(threads)
    .where(and(eq(threads.projectId, projectId), eq(threads.supplierId, supplierId)))
    .limit(1);
  return row;
}

/** Creates the thread of a project with a supplier unless it exists; answers the thread either way. */
export async function ensureThread(
  db: DbOrTx,
  v: { projectId: number; customerId: number; supplierId: number; openedBy: 'award' | 'customer' },
): Promise<ThreadRow> {
  await db.insert(threads).values(v).onConflictDoNothing();
  return (await threadOf(db, v.projectId, v.supplierId))!;
}

/** The project, its customer and its winning supplier (null before the award). */
export async function projectForThread(
  db: DbOrTx,
  projectId: number,
): Promise<{ id: number; customerId: number; status: number; winnerId: number | null } | undefined> {
  const [row] = await db
    .select({
      id: projects.id,
      customerId: projects.customerId,
      status: projects.status,
      winnerId: quotes.supplierId,
    })
    .from(projects)
    .leftJoin(quotes, eq(quotes.id, projects.winnerQuoteId))
    .where(eq(projects.id, projectId))
    .limit(1);
  return row ? { ...row, winnerId: row.winnerId ?? null } : undefined;
}

/** The member of this number who quoted on the project, or undefined. */
export async function bidderByCardno(
  db: DbOrTx,
  projectId: number,
  cardno: string,
): Promise<number | undefined> {
  const [row] = await db
    .select({ id: members.id })
    .from(quotes)
    .innerJoin(members, eq(members.id, quotes.supplierId))
    .where(and(eq(quotes.projectId, projectId), eq(members.cardno, cardno)))
    .limit(1);
  return row?.id;
}

export async function insertMessage(
  tx: Tx,
  v: { threadId: number; senderId: number; content: string; files: MessageFileRef[]; masked: boolean },
): Promise<ThreadMessageRow> {
  const [row] = await tx.insert(threadMessages).values(v).returning();
  return row!;
}

/** After a send: the thread's newest message, and the sender has read up to it. */
export async function markSent(tx: Tx, t: ThreadRow, msg: ThreadMessageRow): Promise<void> {
  const own = msg.senderId === t.customerId ? threads.customerReadUpTo : threads.supplierReadUpTo;
  await tx
    .update(threads)
    .set({
      lastMessageId: msg.id,
      lastMessageAt: msg.createdAt,
      [msg.senderId === t.customerId ? 'customerReadUpTo' : 'supplierReadUpTo']:
        sql`greatest(${own}, ${msg.id})`,
    })
    .where(eq(threads.id, t.id));
}

/**
 * Moves `memberId`'s read position of the thread forward to `upTo` (never past the newest message,
 * never back), in one conditional statement: concurrent reads end at the highest. Answers the
 * position, or undefined when the member is not a party.
 */
export async function markRead(
  db: DbOrTx,
  threadId: number,
  memberId: number,
  upTo: number,
): Promise<{ upTo: number; customerId: number; supplierId: number } | undefined> {
  const [row] = await db
    .update(threads)
    .set({
      customerReadUpTo: sql`case when ${threads.customerId} = ${memberId}
        then greatest(${threads.customerReadUpTo}, least(${upTo}::bigint, ${threads.lastMessageId})) else ${threads.customerReadUpTo} end`,
      supplierReadUpTo: sql`case when ${threads.supplierId} = ${memberId}
        then greatest(${threads.supplierReadUpTo}, least(${upTo}::bigint, ${threads.lastMessageId})) else ${threads.supplierReadUpTo} end`,
    })
    .where(
      and(eq(threads.id, threadId), or(eq(threads.customerId, memberId), eq(threads.supplierId, memberId))),
    )
    .returning({
      customerId: threads.customerId,
      supplierId: threads.supplierId,
      customerReadUpTo: threads.customerReadUpTo,
      supplierReadUpTo: threads.supplierReadUpTo,
    });
  if (!row) return undefined;
  return {
    upTo: row.customerId === memberId ? row.customerReadUpTo : row.supplierReadUpTo,
    customerId: row.customerId,
    supplierId: row.supplierId,
  };
}

/** The messages of `memberId`'s side not yet read, by thread: `sql` for one thread or all. */
function unreadSql(memberId: number) {
  return sql`(select count(*)::int from ${threadMessages} m
    where m.thread_id = ${threads.id}
      and m.id > case when ${threads.customerId} = ${memberId} then ${threads.customerReadUpTo} else ${threads.supplierReadUpTo} end
      and m.sender_id <> ${memberId} and m.withdrawn_at is null)`;
}

function mineSql(memberId: number) {
  return or(eq(threads.customerId, memberId), eq(threads.supplierId, memberId))!;
}

/** Unread messages over all the member's threads (the header badge). */
export async function unreadMessagesOf(db: DbOrTx, memberId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${unreadSql(memberId)}), 0)::int` })
    .from(threads)
    .where(and(mineSql(memberId), sql`${threads.lastMessageId} > 0`));
  return Number(row?.n ?? 0);
}

export interface ThreadListRow extends ThreadInfo {
  unread: number;
  last: ThreadMessageRow | null;
}

/** A page of the member's threads, the newest message first (threads without one last, newest first). */
export async function listThreads(
  db: DbOrTx,
  memberId: number,
  page: number,
  size: number,
): Promise<{ rows: ThreadListRow[]; total: number }> {
  const [list, [count]] = await Promise.all([
    infoQuery(db)
      .where(mineSql(memberId))
      .orderBy(sql`${threads.lastMessageAt} desc nulls last`, desc(threads.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ n: sql<number>`count(*)::int` }).from(threads).where(mineSql(memberId)),
  ]);
  const infos = list.map(toInfo);
  const ids = infos.map((t) => t.id);
  const lastIds = infos.map((t) => t.lastMessageId).filter((id) => id > 0);
  const [lasts, unread] = await Promise.all([
    lastIds.length === 0 ? [] : db.select().from(threadMessages).where(inArray(threadMessages.id, lastIds)),
    ids.length === 0
      ? []
      : db
          .select({ id: threads.id, n: sql<number>`${unreadSql(memberId)}` })
          .from(threads)
          .where(inArray(threads.id, ids)),
  ]);
  const lastById = new Map(lasts.map((m) => [m.id, m]));
  const unreadById = new Map(unread.map((u) => [u.id, Number(u.n)]));
  return {
    rows: infos.map((t) => ({
      ...t,
      unread: unreadById.get(t.id) ?? 0,
      last: lastById.get(t.lastMessageId) ?? null,
    })),
    total: Number(count?.n ?? 0),
  };
}

/** One thread's unread count for `memberId`. */
export async function unreadOfThread(db: DbOrTx, threadId: number, memberId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`${unreadSql(memberId)}` })
    .from(threads)
    .where(eq(threads.id, threadId));
  return Number(row?.n ?? 0);
}

/** Messages of a thread: the newest `size` (before message `before`), oldest first. */
export async function messagesOf(
  db: DbOrTx,
  threadId: number,
  size: number,
  before?: number,
): Promise<{ rows: ThreadMessageRow[]; hasMore: boolean }> {
  const rows = await db
    .select()
    .from(threadMessages)
    .where(
      and(
        eq(threadMessages.threadId, threadId),
        before === undefined ? undefined : lt(threadMessages.id, before),
      ),
    )
    .orderBy(desc(threadMessages.id))
    .limit(size + 1);
  const hasMore = rows.length > size;
  return { rows: rows.slice(0, size).reverse(), hasMore };
}

/** Every message of a thread, oldest first (the complaint operator's view). */
export function allMessagesOf(db: DbOrTx, threadId: number): Promise<ThreadMessageRow[]> {
  return db
    .select()
    .from(threadMessages)
    .where(eq(threadMessages.threadId, threadId))
    .orderBy(asc(threadMessages.id));
}

/** Threads of a project with details (the complaint operator's view). */
export async function threadsOfProject(db: DbOrTx, projectId: number): Promise<ThreadInfo[]> {
  const rows = await infoQuery(db).where(eq(threads.projectId, projectId)).orderBy(asc(threads.id));
  return rows.map(toInfo);
}

/**
 * Withdraws the sender's own message if it is still within `windowMs`, in one conditional
 * statement. Answers the row, or undefined (not its own, already withdrawn, or too late).
 */
export async function withdrawOnce(
  db: DbOrTx,
  threadId: number,
  messageId: number,
  senderId: number,
  windowMs: number,
): Promise<ThreadMessageRow | undefined> {
  const [row] = await db
    .update(threadMessages)
    .set({ withdrawnAt: sql`now()` })
    .where(
      and(
        eq(threadMessages.id, messageId),
        eq(threadMessages.threadId, threadId),
        eq(threadMessages.senderId, senderId),
        sql`${threadMessages.withdrawnAt} is null`,
        sql`${threadMessages.createdAt} > now() - make_interval(secs => ${windowMs / 1000})`,
      ),
    )
    .returning();
  return row;
}

export async function findMessage(
  db: DbOrTx,
  threadId: number,
  messageId: number,
): Promise<ThreadMessageRow | undefined> {
  const [row] = await db
    .select()
    .from(threadMessages)
    .where(and(eq(threadMessages.id, messageId), eq(threadMessages.threadId, threadId)))
    .limit(1);
  return row;
}

/** The message file `fileId` was sent in a thread `memberId` is a party of. */
export async function isMessageFileOf(db: DbOrTx, fileId: string, memberId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: threadMessages.id })
    .from(threadMessages)
    .innerJoin(threads, eq(threads.id, threadMessages.threadId))
    .where(
      and(
        mineSql(memberId),
        sql`${threadMessages.files} @> ${JSON.stringify([{ id: fileId }])}::jsonb`,
        sql`${threadMessages.withdrawnAt} is null`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * The demo data's projects of a customer on which a supplier won or quoted (docs/conversation.md
 * "Demo"): id, title, status and whether the supplier won.
 */
export async function projectsBetween(
  db: DbOrTx,
  customerId: number,
  supplierId: number,
): Promise<Array<{ id: number; title: string; status: number; won: boolean; hasThread: boolean }>> {
  const rows = await db
    .select({
      id: projects.id,
      title: projects.title,
      status: projects.status,
      won: sql<boolean>`${projects.winnerQuoteId} = ${quotes.id}`,
      hasThread: sql<boolean>`exists (select 1 from ${threads} t where t.project_id = ${projects.id} and t.supplier_id = ${supplierId})`,
    })
    .from(quotes)
    .innerJoin(projects, eq(projects.id, quotes.projectId))
    .where(and(eq(quotes.supplierId, supplierId), eq(projects.customerId, customerId)))
    .orderBy(asc(projects.id));
  return rows.map((r) => ({ ...r, won: Boolean(r.won), hasThread: Boolean(r.hasThread) }));
}

/** A demo message written at `at` (the thread's newest and read positions are set by the caller). */
export async function insertDemoMessage(
  tx: Tx,
  v: {
    threadId: number;
    senderId: number;
    content: string;
    files: MessageFileRef[];
    masked: boolean;
    createdAt: Date;
  },
): Promise<ThreadMessageRow> {
  const [row] = await tx.insert(threadMessages).values(v).returning();
  return row!;
}

/** The demo thread's newest message and each side's read position. */
export async function setThreadPositions(
  tx: Tx,
  threadId: number,
  v: {
    lastMessageId: number;
    lastMessageAt: Date;
    customerReadUpTo: number;
    supplierReadUpTo: number;
    createdAt: Date;
  },
): Promise<void> {
  await tx.update(threads).set(v).where(eq(threads.id, threadId));
}

/**
 * Claims the offline nudges due to one side of every thread (docs/conversation.md "Offline"), in
 * one conditional UPDATE: a thread whose member has the nudge on, with a message of the other side
 * unread for at least `afterMs` and sent since that side's last nudge, which was at least `everyMs`
 * ago. The nudge time is set in the same statement, so two rounds at once claim each nudge once.
 * Only threads with a message in the last day are looked at (the index on last_message_at).
 */
export async function claimNudges(
  tx: Tx,
  side: 'customer' | 'supplier',
  afterMs: number,
  everyMs: number,
): Promise<Array<{ threadId: number; memberId: number }>> {
  const me = sql.raw(side === 'customer' ? 'customer' : 'supplier');
  const other = sql.raw(side === 'customer' ? 'supplier' : 'customer');
  const r = (await tx.execute(sql`
    update threads t set ${me}_nudged_at = now()
     where t.last_message_at > now() - interval '1 day'
       and (t.${me}_nudged_at is null or t.${me}_nudged_at <= now() - make_interval(secs => ${everyMs / 1000}))
       and exists (select 1 from members m where m.id = t.${me}_id and m.message_sms)
       and exists (
         select 1 from thread_messages msg
          where msg.thread_id = t.id and msg.id > t.${me}_read_up_to
            and msg.sender_id = t.${other}_id and msg.withdrawn_at is null
            and msg.created_at <= now() - make_interval(secs => ${afterMs / 1000})
            and (t.${me}_nudged_at is null or msg.created_at > t.${me}_nudged_at))
    returning t.id::int as "threadId", t.${me}_id::int as "memberId"`)) as unknown as {
    rows: Array<{ threadId: number; memberId: number }>;
  };
  return r.rows.map((x) => ({
    threadId: Number(x.threadId),
    memberId: Number(x.memberId),
  }));
}

/** The mobile a nudge goes to: the member's, while its nudge is switched on. */
export async function nudgeMobileOf(db: DbOrTx, memberId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ mobile: members.mobile })
    .from(members)
    .where(and(eq(members.id, memberId), eq(members.messageSms, true)))
    .limit(1);
  return row?.mobile;
}
