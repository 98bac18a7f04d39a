import { z } from 'zod';
import { fileIdSchema } from '../file/file.schema.ts';
import { projectIdSchema } from '../project/search.schema.ts';
import { labelledText, textSchema } from '../text/text.schema.ts';
import { CARDNO_RE } from '../user/user-constants.ts';

/**
 * The project conversation (会话, docs/conversation.md): one private thread per project between
 * the customer and a supplier — the winner's from the award on, and before the award one the
 * customer opens with one of its bidders. Text, pictures and files, read receipts, live.
 */
export const MESSAGE_MAX = 2000;
export const MESSAGE_FILES_MAX = 9;
/** a member may withdraw (撤回) its own message this long after sending it */
export const WITHDRAW_WINDOW_MS = 2 * 60_000;
/** messages per page of Conversation/messages */
export const MESSAGES_PAGE = 30;
/** threads per page of Conversation/list */
export const THREADS_PAGE = 20;

const positiveId = (error: string) =>
  z.number({ error }).int({ error }).min(1, { error }).max(Number.MAX_SAFE_INTEGER, { error });

export const threadIdSchema = positiveId('会话编号不正确');
export const messageIdSchema = positiveId('消息编号不正确');

/** Conversation/list */
export const threadListSchema = z.strictObject({
  page: z
    .number({ error: '页码不正确' })
    .int({ error: '页码不正确' })
    .min(1, { error: '页码不正确' })
    .max(10_000, { error: '页码不正确' })
    .default(1),
});

/** Conversation/messages: the newest page, or the page before message `before`. */
export const threadMessagesSchema = z.strictObject({
  threadId: threadIdSchema,
  before: messageIdSchema.optional(),
});

/**
 * Conversation/send: to a thread, or to the caller's thread of a project (the award thread; for a
 * supplier, the thread the customer opened with it). Text, files, or both; not neither.
 */
export const sendMessageSchema = z
  .strictObject({
    threadId: threadIdSchema.optional(),
    projectId: projectIdSchema.shape.id.optional(),
    content: labelledText('消息', MESSAGE_MAX, true).default(''),
    files: z
      .array(fileIdSchema('文件'), { error: '文件格式不正确' })
      .max(MESSAGE_FILES_MAX, { error: `一次最多发送 ${MESSAGE_FILES_MAX} 个图片或文件` })
      .default([]),
  })
  .superRefine((v, ctx) => {
    if (v.threadId === undefined && v.projectId === undefined)
      ctx.addIssue({ code: 'custom', path: ['threadId'], message: '请选择会话' });
    if (v.threadId !== undefined && v.projectId !== undefined)
      ctx.addIssue({ code: 'custom', path: ['projectId'], message: '会话和项目只能选一个' });
    if (v.content === '' && v.files.length === 0)
      ctx.addIssue({ code: 'custom', path: ['content'], message: '请输入消息' });
    if (new Set(v.files).size !== v.files.length)
      ctx.addIssue({ code: 'custom', path: ['files'], message: '同一个文件不能重复发送' });
  });
export type SendMessageInput = z.input<typeof sendMessageSchema>;

/** Conversation/read: everything up to message `upTo` of the thread is read. */
export const readThreadSchema = z.strictObject({ threadId: threadIdSchema, upTo: messageIdSchema });

/** Conversation/withdraw: the sender takes its message back within WITHDRAW_WINDOW_MS. */
export const withdrawMessageSchema = z.strictObject({ threadId: threadIdSchema, messageId: messageIdSchema });

/** Customer/openThread: the project's customer opens (or reopens) its thread with one bidder. */
export const openThreadSchema = z.strictObject({
  id: projectIdSchema.shape.id,
  supplierCardno: textSchema({
    error: '请选择供应商',
    max: 8,
    maxError: '会员编号不正确',
    label: '会员编号',
  }).regex(CARDNO_RE, {
    error: '会员编号不正确',
  }),
});

/** Admin/complaintMessages: the conversation of a complaint's project, for the ruling operator. */
export const complaintMessagesSchema = z.strictObject({ id: positiveId('投诉编号不正确') });

// ---------- answers ----------

export const messageFileSchema = z.object({
  id: z.string(),
  url: z.string(),
  /** null for a PDF */
  thumbUrl: z.string().nullable(),
  name: z.string(),
  mime: z.string(),
});
export type MessageFile = z.infer<typeof messageFileSchema>;

export const messageSchema = z.object({
  id: z.number(),
  threadId: z.number(),
  /** who sent it */
  sender: z.enum(['customer', 'supplier']),
  /** the caller sent it */
  mine: z.boolean(),
  /** '' once withdrawn */
  content: z.string(),
  files: z.array(messageFileSchema),
  /** ISO 8601 */
  at: z.string(),
  /** 撤回: withdrawn by its sender (content and files are no longer shown to members) */
  withdrawn: z.boolean(),
  /** the other party has read it (已读); for the caller's own messages */
  read: z.boolean(),
  /** contact details were replaced by ＊ (before the award) */
  masked: z.boolean(),
});
export type ThreadMessage = z.infer<typeof messageSchema>;

export const threadSchema = z.object({
  id: z.number(),
  projectId: z.number(),
  /** the project's order number (P…) and title */
  projectOrders: z.string(),
  projectTitle: z.string(),
  /** the caller's side */
  role: z.enum(['customer', 'supplier']),
  /** the other party: the customer's or the supplier's name (company or verified name) */
  counterpart: z.string(),
  /** the other party's member number */
  counterpartCardno: z.string(),
  /** the thread is with the project's winner, from the award on: contact details are no longer masked */
  awarded: z.boolean(),
  /** new messages are accepted (a pre-award thread with a bidder that did not win is closed) */
  open: z.boolean(),
  /** the newest message, or null for a thread without one */
  last: messageSchema.nullable(),
  /** messages of the other party the caller has not read */
  unread: z.number(),
  /** the other party has read up to this message id (0: none) */
  otherReadUpTo: z.number(),
  /** ISO 8601 */
  created: z.string(),
});
export type Thread = z.infer<typeof threadSchema>;

/** `data` of Conversation/list: threads with the newest message first. */
export const threadListResultSchema = z.object({
  listItem: z.array(threadSchema),
  total: z.number(),
  page: z.number(),
  /** unread messages over all the caller's threads (the header badge) */
  unread: z.number(),
});
export type ThreadList = z.infer<typeof threadListResultSchema>;

/** `data` of Conversation/messages: oldest first (newest last). */
export const threadMessagesResultSchema = z.object({
  thread: threadSchema,
  listItem: z.array(messageSchema),
  /** older messages exist: ask again with `before` = the first id */
  hasMore: z.boolean(),
});
export type ThreadMessages = z.infer<typeof threadMessagesResultSchema>;

/** `data` of Conversation/send */
export const sendMessageResultSchema = z.object({
  message: messageSchema,
  thread: threadSchema,
  /** the kinds of contact details replaced by ＊ (手机号, 微信号 …); empty when none */
  maskedKinds: z.array(z.string()),
});

/** `data` of Conversation/read */
export const readThreadResultSchema = z.object({
  /** the caller has read up to this message id */
  upTo: z.number(),
  /** unread messages left over all the caller's threads */
  unread: z.number(),
});

/** `data` of Admin/complaintMessages: every thread of the complaint's project, withdrawn messages included. */
export const complaintMessagesResultSchema = z.object({
  listItem: z.array(
    z.object({
      id: z.number(),
      supplier: z.string(),
      supplierCardno: z.string(),
      customer: z.string(),
      awarded: z.boolean(),
      messages: z.array(
        messageSchema.omit({ mine: true, read: true }).extend({
          /** the content as sent, also of a withdrawn message */
          content: z.string(),
          withdrawnAt: z.string().nullable(),
        }),
      ),
    }),
  ),
});
