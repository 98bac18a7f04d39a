import type { StageKind, StageStatus } from '@zl/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  pgTable,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { projects } from './projects.ts';

/**
 * A project's payment stages (付款阶段, docs/staged-escrow.md): made at the award from the plan the
 * customer chose and the winning quote's total, and summing to the contract amount exactly.
 * `due` → `paid` (the Alipay settlement, a conditional UPDATE in the ledger movement's
 * transaction) → `released` to the winner (a conditional UPDATE in the transaction of the event
 * that releases it) or `refunded` (a complaint ruling). Each step happens once.
 */
export const projectStages = pgTable(
  'project_stages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    projectId: bigint('project_id', { mode: 'number' })
      .notNull()
      .references(() => projects.id),
    /** the stage's place in the plan, 1 first: paid in this order */
    seq: smallint('seq').notNull(),
    kind: varchar('kind', { length: 10 }).notNull().$type<StageKind>(),
    /** share of the contract amount, % (0 for a change stage and a migrated remainder) */
    percent: smallint('percent').notNull().default(0),
    /** 分 */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    status: varchar('status', { length: 10 }).notNull().default('due').$type<StageStatus>(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    /** when the overdue job found it unpaid past its due time (tips and the SMS went once, then) */
    overdueAt: timestamp('overdue_at', { withTimezone: true }),
    /** the platform's commission taken at the release, 分 */
    commission: bigint('commission', { mode: 'number' }).notNull().default(0),
    /** given back to the customer by a ruling, 分 */
    refunded: bigint('refunded', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('project_stages_project_seq_uq').on(t.projectId, t.seq),
    // the overdue job's scan: unpaid stages by due time
    index('project_stages_due_idx').on(t.status, t.dueAt),
    check('project_stages_amount_positive', sql`${t.amount} > 0`),
    check('project_stages_status_known', sql`${t.status} in ('due', 'paid', 'released', 'refunded')`),
    check('project_stages_refunded_range', sql`${t.refunded} >= 0 and ${t.refunded} <= ${t.amount}`),
  ],
);
export type ProjectStageRow = typeof projectStages.$inferSelect;
