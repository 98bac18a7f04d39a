import { bigint, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { members } from './members.ts';

/**
 * The secret address of a member's iCalendar feed (docs/calendar.md): one per member, made on
 * first ask; 重置 replaces it, and the old address answers 404 from then on. The token is the
 * address's only secret (read-only, no phone or ID numbers in the feed), kept as it is so the page
 * can show the same address again.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  memberId: bigint('member_id', { mode: 'number' })
    .primaryKey()
    .references(() => members.id),
  /** 32 random bytes, base64url (43 characters) */
  token: varchar('token', { length: 64 }).notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
