import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  jsonb,
  numeric,
  pgTable,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { members } from './members.ts';
import { projects } from './projects.ts';

/**
 * On site (docs/site.md): the winner's check-in at build-in (进场打卡), daily site logs (施工日志)
 * and 展台就绪, each with photos taken then and the server's time; the customer confirms the
 * check-in (or a job does, a day later). One timeline for both parties.
 */
export const siteEvents = pgTable(
  'site_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    projectId: bigint('project_id', { mode: 'number' })
      .notNull()
      .references(() => projects.id),
    supplierId: bigint('supplier_id', { mode: 'number' })
      .notNull()
      .references(() => members.id),
    /** checkin · log · ready */
    kind: varchar('kind', { length: 8 }).notNull(),
    /** file ids (purpose report, the winner's uploads of the last 30 minutes) */
    photos: jsonb('photos').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    note: varchar('note', { length: 200 }).notNull().default(''),
    /** the browser's location, when the member allowed it */
    lat: numeric('lat', { precision: 9, scale: 6, mode: 'number' }),
    lng: numeric('lng', { precision: 9, scale: 6, mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** the check-in's confirmation: by the customer, or by the system a day later */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    confirmedBy: varchar('confirmed_by', { length: 8 }),
  },
  (t) => [
    index('site_events_project_idx').on(t.projectId, t.id),
    // one check-in and one 就绪 per project
    uniqueIndex('site_events_once_uq').on(t.projectId, t.kind).where(sql`${t.kind} in ('checkin', 'ready')`),
    index('site_events_unconfirmed_idx')
      .on(t.createdAt)
      .where(sql`${t.kind} = 'checkin' and ${t.confirmedAt} is null`),
    check('site_events_kind_known', sql`${t.kind} in ('checkin', 'log', 'ready')`),
  ],
);
export type SiteEventRow = typeof siteEvents.$inferSelect;

/**
 * When a rule of the platform took effect in this deployment, written by the migration that
 * brought it: `ready_on_time` — from then on the track record's on-time rate counts 展台就绪
 * before the show opens, for projects whose build-in starts after it (docs/site.md "On time").
 */
export const platformMarks = pgTable('platform_marks', {
  key: varchar('key', { length: 40 }).primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});
