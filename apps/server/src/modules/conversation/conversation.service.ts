import {
  type complaintMessagesResultSchema,
  contactKindLabels,
  fileThumbUrl,
  fileUrl,
  MESSAGES_PAGE,
  maskContacts,
  type openThreadSchema,
  PROJECT_STATUS,
  type readThreadSchema,
  type sendMessageSchema,
  THREADS_PAGE,
  type Thread,
  type ThreadList,
  type ThreadMessage,
  type ThreadMessages,
  type threadMessagesSchema,
  WITHDRAW_WINDOW_MS,
  type withdrawMessageSchema,
} from '@zl/shared';
import type { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import type { MessageFileRef } from '../../db/schema/index.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import { assertOwnFile } from '../file/file-access.ts';
import { notifyLive } from '../outbox/live-channel.repo.ts';
import type { ThreadInfo, ThreadMessageRow } from './conversation.repo.ts';
import * as repo from './conversation.repo.ts';

/** The project conversation: docs/conversation.md. */

type Side = 'customer' | 'supplier';

function sideOf(t: { customerId: number; supplierId: number }, memberId: number): Side | null {
  if (t.customerId === memberId) return 'customer';
  if (t.supplierId === memberId) return 'supplier';
  return null;
}

/** The thread is with the project's winner: contact details pass from then on. */
export function isAwarded(t: ThreadInfo): boolean {
  return t.winnerId !== null && t.winnerId === t.supplierId;
}

/**
 * New messages are accepted in the winner's thread for the project's life, and in a thread the
 * customer opened with a bidder while the project has no winner and is still open.
 */
export function isOpen(t: ThreadInfo): boolean {
  if (isAwarded(t)) return true;
  return t.winnerId === null && t.projectStatus === PROJECT_STATUS.BIDDING;
}

function fileView(f: MessageFileRef) {
  const image = f.mime.startsWith('image/');
  return {
    id: f.id,
    url: fileUrl(f.id),
    thumbUrl: image ? fileThumbUrl(f.id) : null,
    name: f.name,
    mime: f.mime,
  };
}

export function messageView(m: ThreadMessageRow, t: ThreadInfo, memberId: number): ThreadMessage {
  const sender: Side = m.senderId === t.customerId ? 'customer' : 'supplier';
  const otherReadUpTo = sender === 'customer' ? t.supplierReadUpTo : t.customerReadUpTo;
  const withdrawn = m.withdrawnAt !== null;
  return {
    id: m.id,
    threadId: m.threadId,
    sender,
    mine: m.senderId === memberId,
    content: withdrawn ? '' : m.content,
    files: withdrawn ? [] : m.files.map(fileView),
    at: m.createdAt.toISOString(),
    withdrawn,
    read: otherReadUpTo >= m.id,
    masked: m.masked,
  };
}

export function threadView(
  t: ThreadInfo,
  memberId: number,
  extra: { last: ThreadMessageRow | null; unread: number },
): Thread {
  const role = sideOf(t, memberId)!;
  return {
    id: t.id,
    projectId: t.projectId,
    projectOrders: t.projectOrders,
    projectTitle: t.projectTitle,
    role,
    counterpart: role === 'customer' ? t.supplierName : t.customerName,
    counterpartCardno: role === 'customer' ? t.supplierCardno : t.customerCardno,
    awarded: isAwarded(t),
    open: isOpen(t),
    last: extra.last ? messageView(extra.last, t, memberId) : null,
    unread: extra.unread,
    otherReadUpTo: role === 'customer' ? t.supplierReadUpTo : t.customerReadUpTo,
    created: t.createdAt.toISOString(),
  };
}

/** The thread if `memberId` is one of its two parties; NOT_FOUND for anyone else (never told apart). */
async function partyThread(db: DbOrTx, memberId: number, threadId: number): Promise<ThreadInfo> {
  const t = await repo.findThreadInfo(db, threadId);
  if (!t || sideOf(t, memberId) === null) throw new AppError('NOT_FOUND', { message: '会话不存在' });
  return t;
}

async function fullThreadView(db: DbOrTx, memberId: number, t: ThreadInfo): Promise<Thread> {
  const [last, unread] = await Promise.all([
    t.lastMessageId > 0 ? repo.findMessage(db, t.id, t.lastMessageId) : undefined,
    repo.unreadOfThread(db, t.id, memberId),
  ]);
  return threadView(t, memberId, { last: last ?? null, unread });
}

/** Conversation/list */
export async function listThreads(db: DbOrTx, memberId: number, page: number): Promise<ThreadList> {
  const [{ rows, total }, unread] = await Promise.all([
    repo.listThreads(db, memberId, page, THREADS_PAGE),
    repo.unreadMessagesOf(db, memberId),
  ]);
  return {
    listItem: rows.map((r) => threadView(r, memberId, { last: r.last, unread: r.unread })),
    total,
    page,
    unread,
  };
}

/** Conversation/messages */
export async function threadMessages(
  db: DbOrTx,
  memberId: number,
  input: z.output<typeof threadMessagesSchema>,
): Promise<ThreadMessages> {
  const t = await partyThread(db, memberId, input.threadId);
  const [{ rows, hasMore }, thread] = await Promise.all([
    repo.messagesOf(db, t.id, MESSAGES_PAGE, input.before),
    fullThreadView(db, memberId, t),
  ]);
  return { thread, listItem: rows.map((m) => messageView(m, t, memberId)), hasMore };
}

/** Tells both parties' open pages that the thread changed (docs/adr/0007-live-events.md). */
function tellParties(
  db: DbOrTx,
  t: { id: number; customerId: number; supplierId: number },
  what: 'message' | 'read' | 'withdraw' | 'open',
) {
  return notifyLive(db, { k: 'thread', t: t.id, w: what, m: [t.customerId, t.supplierId] });
}

/**
 * The thread a send by `projectId` goes to: the customer's is the winner's (created if the award's
 * handler has not yet); a supplier's is its own thread of the project — the winner's, or the one the
 * customer opened with it. A bidder cannot start one.
 */
async function threadForProject(tx: Tx, memberId: number, projectId: number): Promise<number> {
  const p = await repo.projectForThread(tx, projectId);
  if (!p) throw new AppError('NOT_FOUND');
  if (p.customerId === memberId) {
    if (p.winnerId === null)
      throw new AppError('INVALID_STATE', { message: '选标前请在报价列表中选择一位供应商发起会话' });
    const t = await repo.ensureThread(tx, {
      projectId,
      customerId: memberId,
      supplierId: p.winnerId,
      openedBy: 'award',
    });
    return t.id;
  }
  const own = await repo.threadOf(tx, projectId, memberId);
  if (own) return own.id;
  if (p.winnerId === memberId) {
    const t = await repo.ensureThread(tx, {
      projectId,
      customerId: p.customerId,
      supplierId: memberId,
      openedBy: 'award',
    });
    return t.id;
  }
  // a bidder may not start a conversation; anyone else does not learn more
  throw new AppError('NOT_FOUND', { message: '参展商发起会话后才能发送消息' });
}

/**
 * Conversation/send. The thread's row is locked first, so the sends of one thread are written one
 * after another: message ids follow the order they committed in, and the newest is the thread's.
 */
export async function sendMessage(
  db: Db,
  memberId: number,
  input: z.output<typeof sendMessageSchema>,
): Promise<{ message: ThreadMessage; thread: Thread; maskedKinds: string[] }> {
  const { msg, threadId, kinds } = await db.transaction(async (tx: Tx) => {
    const threadId = input.threadId ?? (await threadForProject(tx, memberId, input.projectId!));
    const locked = await repo.lockThread(tx, threadId);
    if (!locked || sideOf(locked, memberId) === null)
      throw new AppError('NOT_FOUND', { message: '会话不存在' });
    const t = (await repo.findThreadInfo(tx, threadId))!;
    if (!isOpen(t)) throw new AppError('INVALID_STATE', { message: '该项目已选定其他供应商，会话已关闭' });
    const files: MessageFileRef[] = [];
    for (const [i, id] of input.files.entries()) {
      const f = await assertOwnFile(tx, memberId, id, {
        purposes: ['attachment'],
        field: `files.${i}`,
        label: '文件',
      });
      files.push({ id: f.id, name: f.originalName, mime: f.mime });
    }
    const { text, kinds } = isAwarded(t) ? { text: input.content, kinds: [] } : maskContacts(input.content);
    const msg = await repo.insertMessage(tx, {
      threadId,
      senderId: memberId,
      content: text,
      files,
      masked: kinds.length > 0,
    });
    await repo.markSent(tx, locked, msg);
    await tellParties(tx, locked, 'message');
    return { msg, threadId, kinds };
  });
  const [t, unread] = await Promise.all([
    repo.findThreadInfo(db, threadId).then((x) => x!),
    repo.unreadOfThread(db, threadId, memberId),
  ]);
  // the message just sent is the thread's newest, unless another came since (then it is read)
  const last =
    msg.id === t.lastMessageId ? msg : ((await repo.findMessage(db, t.id, t.lastMessageId)) ?? msg);
  return {
    message: messageView(msg, t, memberId),
    thread: threadView(t, memberId, { last, unread }),
    maskedKinds: kinds.map((k) => contactKindLabels[k]),
  };
}

/** Conversation/read: the caller's read position moves forward (only), and both pages are told. */
export async function readThread(
  db: Db,
  memberId: number,
  input: z.output<typeof readThreadSchema>,
): Promise<{ upTo: number; unread: number }> {
  const r = await repo.markRead(db, input.threadId, memberId, input.upTo);
  if (!r) throw new AppError('NOT_FOUND', { message: '会话不存在' });
  await tellParties(db, { id: input.threadId, customerId: r.customerId, supplierId: r.supplierId }, 'read');
  return { upTo: r.upTo, unread: await repo.unreadMessagesOf(db, memberId) };
}

/** Conversation/withdraw: the sender's own message, within WITHDRAW_WINDOW_MS, once. */
export async function withdrawMessage(
  db: Db,
  memberId: number,
  input: z.output<typeof withdrawMessageSchema>,
): Promise<ThreadMessage> {
  const t = await partyThread(db, memberId, input.threadId);
  const row = await repo.withdrawOnce(db, t.id, input.messageId, memberId, WITHDRAW_WINDOW_MS);
  if (!row) {
    const m = await repo.findMessage(db, t.id, input.messageId);
    if (!m || m.senderId !== memberId) throw new AppError('NOT_FOUND', { message: '消息不存在' });
    if (m.withdrawnAt) throw new AppError('INVALID_STATE', { message: '消息已撤回' });
    throw new AppError('INVALID_STATE', { message: '发出超过 2 分钟的消息不能撤回' });
  }
  await tellParties(db, t, 'withdraw');
  return messageView(row, t, memberId);
}

/**
 * Customer/openThread: the project's customer opens its thread with one bidder while bidding (the
 * bidder cannot); after the award, the winner's thread; an existing thread is answered as it is.
 */
export async function openThread(
  db: Db,
  memberId: number,
  input: z.output<typeof openThreadSchema>,
): Promise<Thread> {
  const threadId = await db.transaction(async (tx: Tx) => {
    const p = await repo.projectForThread(tx, input.id);
    if (!p || p.customerId !== memberId) throw new AppError('NOT_FOUND');
    const supplierId = await repo.bidderByCardno(tx, p.id, input.supplierCardno);
    if (supplierId === undefined) throw fieldError('NOT_FOUND', 'supplierCardno', '该供应商未对此项目报价');
    const existing = await repo.threadOf(tx, p.id, supplierId);
    if (existing) return existing.id;
    if (p.winnerId !== null && p.winnerId !== supplierId)
      throw new AppError('INVALID_STATE', { message: '项目已选定中标供应商，不能再与其他供应商发起会话' });
    if (p.winnerId === null && p.status !== PROJECT_STATUS.BIDDING)
      throw new AppError('INVALID_STATE', { message: '项目不在竞标中，不能发起会话' });
    const t = await repo.ensureThread(tx, {
      projectId: p.id,
      customerId: memberId,
      supplierId,
      openedBy: p.winnerId === null ? 'customer' : 'award',
    });
    await tellParties(tx, t, 'open');
    return t.id;
  });
  return fullThreadView(db, memberId, (await repo.findThreadInfo(db, threadId))!);
}

/** The award's thread (the outbox handler of `project.award`): created once, both pages told. */
export async function openAwardThread(tx: Tx, projectId: number): Promise<void> {
  const p = await repo.projectForThread(tx, projectId);
  if (!p || p.winnerId === null) return;
  const t = await repo.ensureThread(tx, {
    projectId,
    customerId: p.customerId,
    supplierId: p.winnerId,
    openedBy: 'award',
  });
  await tellParties(tx, t, 'open');
}

/**
 * Every thread of a project with every message, withdrawn ones with their text: what the operator
 * ruling a complaint reads (Admin/complaintMessages, complaint.service.ts audits each read).
 */
export async function projectConversation(
  db: DbOrTx,
  projectId: number,
): Promise<z.infer<typeof complaintMessagesResultSchema>['listItem']> {
  const list = await repo.threadsOfProject(db, projectId);
  const out = [];
  for (const t of list) {
    const messages = await repo.allMessagesOf(db, t.id);
    out.push({
      id: t.id,
      supplier: t.supplierName,
      supplierCardno: t.supplierCardno,
      customer: t.customerName,
      awarded: isAwarded(t),
      messages: messages.map((m) => {
        const { mine: _m, read: _r, ...v } = messageView(m, t, 0);
        return {
          ...v,
          content: m.content,
          files: m.files.map(fileView),
          withdrawnAt: m.withdrawnAt ? m.withdrawnAt.toISOString() : null,
        };
      }),
    });
  }
  return out;
}
