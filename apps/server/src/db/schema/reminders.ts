import { bigint, pgTable, primaryKey, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { projects } from './projects.ts';

/**
 * The deadline reminders sent (docs/show-dates.md "Reminders"): one row per project, subject
 * (`filing`, `build`, `stage:<id>`) and lead (7, 3 or 1 days). Written by the reminders job with
 * `on conflict do nothing`: a reminder is claimed once, however many processes run the job.
 */
export const remindersSent = pgTable(
  'reminders_sent',
  {
    projectId: bigint('project_id', { mode: 'number' })
      .notNull()
      .references(() => projects.id),
    subject: varchar('subject', { length: 24 }).notNull(),
    days: smallint('days').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.subject, t.days] })],
);
