import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { members } from './members.ts';
import { projects } from './projects.ts';

/**
 * Two-sided, double-blind evaluations of a completed project (docs/delivery-evaluation.md): one
 * row per (project, author side). `supplier` rows are the seed's factory comment (the winner rates
 * the customer: `score`); `customer` rows rate the winner (`quality`, `service`, `punctuality`).
 * A row is public once `revealed_at` is set (the second side submitted) or `window_ends_at` passed.
 */
export const evaluations = pgTable(
  'evaluations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    projectId: bigint('project_id', { mode: 'number' })
      .notNull()
      .references(() => projects.id, { onDelete: 'restrict' }),
    side: varchar('side', { length: 10 }).notNull().$type<'supplier' | 'customer'>(),
    authorId: bigint('author_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'restrict' }),
    /** the member evaluated */
    targetId: bigint('target_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'restrict' }),
    score: smallint('score'),
    quality: smallint('quality'),
    service: smallint('service'),
    punctuality: smallint('punctuality'),
    content: varchar('content', { length: 500 }).notNull(),
    /** file ids (public images uploaded by the author) */
    pictures: jsonb('pictures').$type<string[]>().notNull().default([]),
    /** acceptance + 14 days, copied at submit: after it the row is public whatever the other side did */
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
    /** set on both rows when the second side submits */
    revealedAt: timestamp('revealed_at', { withTimezone: true }),
    /** the supplier's one public reply to a customer evaluation */
    reply: varchar('reply', { length: 300 }).notNull().default(''),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    /** the supplier asked the customer to revise (once) */
    changeRequestedAt: timestamp('change_requested_at', { withTimezone: true }),
    changeReason: varchar('change_reason', { length: 200 }).notNull().default(''),
    /** the customer used the one edit the request allows */
    changeUsed: boolean('change_used').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('evaluations_project_side_uq').on(t.projectId, t.side),
    index('evaluations_target_idx').on(t.targetId, t.side, t.createdAt.desc()),
    index('evaluations_author_idx').on(t.authorId, t.createdAt.desc()),
    check('evaluations_side_known', sql`${t.side} in ('supplier', 'customer')`),
    check(
      'evaluations_marks',
      sql`(${t.side} = 'supplier' and ${t.score} between 1 and 5 and ${t.quality} is null)
        or (${t.side} = 'customer' and ${t.score} is null and ${t.quality} between 1 and 5
            and ${t.service} between 1 and 5 and ${t.punctuality} between 1 and 5)`,
    ),
  ],
);

export type EvaluationRow = typeof evaluations.$inferSelect;
