import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, numeric, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { members } from './members.ts';
import { projects } from './projects.ts';

/** One line of the venue's answers as the winner recorded them (docs/filing.md). */
export interface FilingHistoryEntry {
  status: 'submitted' | 'approved' | 'changes';
  /** ISO, the server's time */
  at: string;
  note: string;
  /** the venue's document (file id, purpose attachment), '' when none */
  file: string;
}

/**
 * The venue filing (报馆, docs/filing.md): one pack per awarded project, filled by its winner —
 * the electrical load, the crew (with ID numbers, never answered to the customer), the materials
 * with their fire rating, the insurance policy file — and the venue's answers.
 */
export const filings = pgTable(
  'filings',
  {
    projectId: bigint('project_id', { mode: 'number' })
      .primaryKey()
      .references(() => projects.id),
    supplierId: bigint('supplier_id', { mode: 'number' })
      .notNull()
      .references(() => members.id),
    /** draft · submitted · approved · changes */
    status: varchar('status', { length: 10 }).notNull().default('draft'),
    powerKw: numeric('power_kw', { precision: 6, scale: 1, mode: 'number' }).notNull(),
    powerBox: varchar('power_box', { length: 40 }).notNull(),
    crew: jsonb('crew')
      .$type<Array<{ name: string; role: string; mobile: string; idcard: string }>>()
      .notNull(),
    materials: jsonb('materials').$type<Array<{ name: string; fireRating: string }>>().notNull(),
    /** the insurance policy (file id, purpose attachment) */
    insurance: varchar('insurance', { length: 40 }).notNull(),
    history: jsonb('history').$type<FilingHistoryEntry[]>().notNull().default(sql`'[]'::jsonb`),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('filings_status_idx').on(t.status),
    check('filings_status_known', sql`${t.status} in ('draft', 'submitted', 'approved', 'changes')`),
  ],
);
export type FilingRow = typeof filings.$inferSelect;
