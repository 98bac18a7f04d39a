import type { ComplaintDecision, ComplaintSide, ComplaintState, ComplaintType } from '@zl/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { admins } from './admin.ts';
import { members } from './members.ts';
import { projects } from './projects.ts';

/**
 * Complaints about an awarded project (docs/delivery-complaint.md): open → answered → ruled.
 * At most one complaint per project is not ruled (partial unique index); `projects.complaint_open`
 * mirrors it and is written in the same transaction.
 */
export const complaints = pgTable(
  'complaints',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    projectId: bigint('project_id', { mode: 'number' })
      .notNull()
      .references(() => projects.id),
    complainantId: bigint('complainant_id', { mode: 'number' })
      .notNull()
      .references(() => members.id),
    complainantSide: varchar('complainant_side', { length: 10 }).notNull().$type<ComplaintSide>(),
    respondentId: bigint('respondent_id', { mode: 'number' })
      .notNull()
      .references(() => members.id),
    type: varchar('type', { length: 10 }).notNull().$type<ComplaintType>(),
    content: text('content').notNull(),
    evidence: jsonb('evidence').$type<string[]>().notNull().default([]),
    answer: text('answer').notNull().default(''),
    answerEvidence: jsonb('answer_evidence').$type<string[]>().notNull().default([]),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    state: varchar('state', { length: 10 }).notNull().default('open').$type<ComplaintState>(),
    decision: varchar('decision', { length: 10 }).$type<ComplaintDecision>(),
    /** 分 refunded to the customer by the ruling */
    refundFen: bigint('refund_fen', { mode: 'number' }).notNull().default(0),
    /** 分 released to the supplier by the ruling (before commission) */
    releasedFen: bigint('released_fen', { mode: 'number' }).notNull().default(0),
    commissionFen: bigint('commission_fen', { mode: 'number' }).notNull().default(0),
    ruledBy: bigint('ruled_by', { mode: 'number' }).references(() => admins.id),
    rulingText: varchar('ruling_text', { length: 500 }).notNull().default(''),
    ruledAt: timestamp('ruled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('complaints_one_open_uq').on(t.projectId).where(sql`${t.state} <> 'ruled'`),
    index('complaints_complainant_idx').on(t.complainantId, t.createdAt.desc()),
    index('complaints_respondent_idx').on(t.respondentId, t.createdAt.desc()),
    index('complaints_state_idx').on(t.state, t.createdAt),
    check('complaints_state_known', sql`${t.state} in ('open', 'answered', 'ruled')`),
    check('complaints_side_known', sql`${t.complainantSide} in ('customer', 'supplier')`),
    check(
      'complaints_ruling_complete',
      sql`(${t.state} = 'ruled') = (${t.decision} is not null and ${t.ruledAt} is not null)`,
    ),
    check(
      'complaints_amounts',
      sql`${t.refundFen} >= 0 and ${t.releasedFen} >= 0 and ${t.commissionFen} >= 0`,
    ),
  ],
);

export type ComplaintRow = typeof complaints.$inferSelect;
