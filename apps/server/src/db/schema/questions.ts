import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { members } from './members.ts';
import { projects } from './projects.ts';

/**
 * Project Q&A while bidding (答疑, docs/questions.md): a verified supplier's question and the
 * customer's answer, or a customer's clarification (补充说明, no supplier, no question). Shown to
 * every supplier once answered, the asker named only as 供应商A, B… (in the order of each
 * supplier's first question on the project).
 */
export const projectQuestions = pgTable(
  'project_questions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    projectId: bigint('project_id', { mode: 'number' })
      .notNull()
      .references(() => projects.id),
    /** the asking supplier; null for a clarification */
    supplierId: bigint('supplier_id', { mode: 'number' }).references(() => members.id),
    /** the question, or the clarification's text */
    content: varchar('content', { length: 500 }).notNull(),
    /** file ids (purpose `project`, the asker's own uploads) */
    pictures: jsonb('pictures').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** the customer's answer; null while unanswered (a clarification is published as it is) */
    answer: varchar('answer', { length: 500 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** when the question was answered, or the clarification posted: what suppliers see from then on */
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [
    index('project_questions_project_idx').on(t.projectId, t.id),
    check(
      'project_questions_published',
      // a clarification is published when posted; a question when (and only when) answered
      sql`(${t.supplierId} is null and ${t.answer} is null and ${t.publishedAt} is not null)
          or (${t.supplierId} is not null and (${t.answer} is null) = (${t.publishedAt} is null))`,
    ),
  ],
);
export type ProjectQuestionRow = typeof projectQuestions.$inferSelect;
