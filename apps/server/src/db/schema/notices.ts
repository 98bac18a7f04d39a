import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { members } from './members.ts';

/**
 * Notices outside the site (docs/notices.md): one row per member, event, kind and channel (SMS or
 * the WeChat 服务号), written with the tip that tells the same in the site and sent by the
 * `notices` job — never between 22:00 and 08:00 Asia/Shanghai (`send_after`), retried with
 * back-off, `failed` after its last attempt (what operators see). No content: the kind and the
 * project's number make the text.
 */
export const notices = pgTable(
  'notices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id),
    /** award · contract · payment · rework · release · complaint · withdraw · answer */
    kind: varchar('kind', { length: 12 }).notNull(),
    channel: varchar('channel', { length: 8 }).notNull(),
    /** the project it is about (its number goes into the text); null for a withdrawal */
    projectId: bigint('project_id', { mode: 'number' }),
    /** the outbox event that caused it: a redelivered event writes nothing twice */
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    /** pending · sent · failed (after the last attempt) · skipped (nothing to send it with) */
    status: varchar('status', { length: 8 }).notNull().default('pending'),
    /** not before: the quiet hours push it to 08:00; a claim pushes it to the next retry */
    sendAfter: timestamp('send_after', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    /** the provider's answer of the last failure (a code and its message; never a secret) */
    lastError: varchar('last_error', { length: 200 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notices_event_uq').on(t.memberId, t.eventId, t.kind, t.channel),
    index('notices_due_idx').on(t.sendAfter, t.id).where(sql`${t.status} = 'pending'`),
    index('notices_status_idx').on(t.status, t.id),
    check('notices_channel_known', sql`${t.channel} in ('sms', 'wechat')`),
    check('notices_status_known', sql`${t.status} in ('pending', 'sent', 'failed', 'skipped')`),
  ],
);
export type NoticeRow = typeof notices.$inferSelect;
