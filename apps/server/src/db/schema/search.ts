import { integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Counts of the order centre's searches, shared by every server process for a short time
 * (docs/marketplace.md § searchList): key = sha256 of the filter set. UNLOGGED (migration
 * 0013): a cache, not a record — a crash may empty it.
 */
export const searchCounts = pgTable('search_counts', {
  key: varchar('key', { length: 64 }).primaryKey(),
  n: integer('n').notNull(),
  countedAt: timestamp('counted_at', { withTimezone: true }).notNull().defaultNow(),
});
