import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { members } from './members.ts';
import { projects } from './projects.ts';

/**
 * The project conversation (会话, docs/conversation.md): one private thread per project and
 * supplier — the winner's, created by the award, or one the customer opened with a bidder before
 * it (the same row goes on as the award thread if that bidder wins). Each side's read position is
 * the id of the last message it has read: unread counts and read receipts (已读) follow from it.
 */
export const threads = pgTable(
  'threads',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    projectId: bigint('project_id', { mode: 'number' })
      .notNull()
      .references(() => projects.id),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => members.id),
    supplierId: bigint('supplier_id', { mode: 'number' })
      .notNull()
      .references(() => members.id),
    /** award: created by the award · customer: opened by the customer before the award */
    openedBy: varchar('opened_by', { length: 8 }).notNull(),
    /** the newest message's id (0: none yet) and time */
    lastMessageId: bigint('last_message_id', { mode: 'number' }).notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    /** the last message id each side has read */
    customerReadUpTo: bigint('customer_read_up_to', { mode: 'number' }).notNull().default(0),
    supplierReadUpTo: bigint('supplier_read_up_to', { mode: 'number' }).notNull().default(0),
    /** the last offline SMS nudge to each side (one per thread per hour, docs/conversation.md "Offline") */
    customerNudgedAt: timestamp('customer_nudged_at', { withTimezone: true }),
    supplierNudgedAt: timestamp('supplier_nudged_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('threads_project_supplier_uq').on(t.projectId, t.supplierId),
    index('threads_customer_idx').on(t.customerId, t.lastMessageId.desc()),
    index('threads_supplier_idx').on(t.supplierId, t.lastMessageId.desc()),
    // the offline nudge's round looks at threads with a message in the last day
    index('threads_last_message_at_idx').on(t.lastMessageAt),
    check('threads_opened_by_known', sql`${t.openedBy} in ('award', 'customer')`),
  ],
);
export type ThreadRow = typeof threads.$inferSelect;

/** A file sent in a message: what the bubble shows without another read. */
export interface MessageFileRef {
  id: string;
  name: string;
  mime: string;
}

/** One message of a thread; never deleted (a withdrawn one keeps its text for the complaint operator). */
export const threadMessages = pgTable(
  'thread_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    threadId: bigint('thread_id', { mode: 'number' })
      .notNull()
      .references(() => threads.id),
    senderId: bigint('sender_id', { mode: 'number' })
      .notNull()
      .references(() => members.id),
    /** the text as stored: masked before the award */
    content: varchar('content', { length: 2000 }).notNull().default(''),
    files: jsonb('files').$type<MessageFileRef[]>().notNull().default(sql`'[]'::jsonb`),
    /** contact details were replaced by ＊ */
    masked: boolean('masked').notNull().default(false),
    /** 撤回 by its sender (within two minutes) */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('thread_messages_thread_idx').on(t.threadId, t.id)],
);
export type ThreadMessageRow = typeof threadMessages.$inferSelect;
