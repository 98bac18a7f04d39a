import type { ChangeKind, ChangeLine, ChangeStatus, StageKind, StageStatus } from '@zl/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { members } from './members.ts';
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
    // 0 only when a 减项 took all of it (status refunded; docs/change-orders.md)
    check('project_stages_amount_positive', sql`${t.amount} >= 0`),
    check('project_stages_status_known', sql`${t.status} in ('due', 'paid', 'released', 'refunded')`),
    check('project_stages_refunded_range', sql`${t.refunded} >= 0 and ${t.refunded} <= ${t.amount}`),
  ],
);
export type ProjectStageRow = typeof projectStages.$inferSelect;

/**
 * Change orders (变更单, docs/change-orders.md): the winner's priced 增项 / 减项, pending until the
 * customer approves or rejects the whole order (a conditional UPDATE: once). An approval moves
 * the contract amount and the stages in the same transaction; `refunded` is what a 减项 sent back
 * to the customer's original payment.
 */
export const changeOrders = pgTable(
  'change_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    projectId: bigint('project_id', { mode: 'number' })
      .notNull()
      .references(() => projects.id),
    /** the order's number within its project, 1 first */
    seq: smallint('seq').notNull(),
    supplierId: bigint('supplier_id', { mode: 'number' })
      .notNull()
      .references(() => members.id),
    kind: varchar('kind', { length: 6 }).notNull().$type<ChangeKind>(),
    status: varchar('status', { length: 8 }).notNull().default('pending').$type<ChangeStatus>(),
    lines: jsonb('lines').notNull().$type<ChangeLine[]>(),
    /** Σ qty × price, 分, positive for both kinds */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    photos: jsonb('photos').notNull().default([]).$type<string[]>(),
    reviewReason: text('review_reason').notNull().default(''),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    contractBefore: bigint('contract_before', { mode: 'number' }),
    contractAfter: bigint('contract_after', { mode: 'number' }),
    /** the `change` stage an approved 增项 made, when no unpaid stage was left */
    stageId: bigint('stage_id', { mode: 'number' }),
    refunded: bigint('refunded', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('change_orders_project_seq_uq').on(t.projectId, t.seq),
    check('change_orders_amount_positive', sql`${t.amount} > 0`),
    check('change_orders_kind_known', sql`${t.kind} in ('add', 'reduce')`),
    check('change_orders_status_known', sql`${t.status} in ('pending', 'approved', 'rejected')`),
  ],
);
export type ChangeOrderRow = typeof changeOrders.$inferSelect;
