import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  pgTable,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { members } from './members.ts';

/**
 * The message centre (docs/messages.md): one row per tip to one member. Written by the outbox
 * handler `tips` after the change committed; `event_id` (the outbox event) is unique per member,
 * so a redelivered event writes nothing twice.
 */
export const tips = pgTable(
  'tips',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** system · project · finance · review */
    type: varchar('type', { length: 16 }).notNull().$type<'system' | 'project' | 'finance' | 'review'>(),
    title: varchar('title', { length: 100 }).notNull(),
    content: varchar('content', { length: 500 }).notNull().default(''),
    /** a route of the web app, such as /orderDetail?id=9 or /customer/project?id=9; '' = none */
    link: varchar('link', { length: 200 }).notNull().default(''),
    /** the outbox event that made the tip */
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tips_member_event_uq').on(t.memberId, t.eventId),
    index('tips_member_created_idx').on(t.memberId, t.createdAt.desc(), t.id.desc()),
    index('tips_member_unread_idx').on(t.memberId).where(sql`${t.isRead} = false`),
    check('tips_type_known', sql`${t.type} in ('system', 'project', 'finance', 'review')`),
  ],
);

export type TipRow = typeof tips.$inferSelect;
