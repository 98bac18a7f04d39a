import {
  bigint,
  bigserial,
  jsonb,
  pgTable,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { projects } from './projects.ts';

/**
 * The completion report as an acceptance checklist (docs/delivery-report.md): one row per priced
 * line of the winning quote, keyed `<category>:<index>` (dimian:0 …). The supplier attaches photos
 * and a note to each line; the customer ticks it (ok) or flags it with a reason (flagged, back to
 * rework of that line only). `state` values are checked in the migration (pending | ok | flagged).
 */
export const reportLines = pgTable(
  'report_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    projectId: bigint('project_id', { mode: 'number' })
      .notNull()
      .references(() => projects.id),
    /** `<category>:<index>` into the winning quote's lines */
    line: varchar('line', { length: 24 }).notNull(),
    /** file ids (purpose report, the winner's own uploads) */
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    note: varchar('note', { length: 500 }).notNull().default(''),
    /** pending (awaiting the customer) · ok (ticked) · flagged (rework asked) */
    state: varchar('state', { length: 8 }).notNull().default('pending'),
    /** the customer's reason when flagged */
    reason: varchar('reason', { length: 200 }).notNull().default(''),
    /** the report round the line was last submitted in (1 = first report) */
    round: smallint('round').notNull().default(1),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('report_lines_project_line_idx').on(t.projectId, t.line)],
);

/**
 * The report as a whole, one row per project (the overall photos and files stay in
 * `projects.workpic` / `projects.reports`, the seed's fields): the supplier's remark and the
 * current round (1 = first report, +1 for every re-submission after a rework).
 */
export const projectReports = pgTable('project_reports', {
  projectId: bigint('project_id', { mode: 'number' })
    .primaryKey()
    .references(() => projects.id),
  remark: varchar('remark', { length: 1000 }).notNull().default(''),
  round: smallint('round').notNull().default(1),
  submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
  /** when the report was accepted, and by whom (customer | system | admin) */
  acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  acceptedBy: varchar('accepted_by', { length: 8 }).notNull().default(''),
  /** what the acceptance released, 分 */
  released: bigint('released', { mode: 'number' }).notNull().default(0),
  commission: bigint('commission', { mode: 'number' }).notNull().default(0),
});
