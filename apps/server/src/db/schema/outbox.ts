import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * The transactional outbox (docs/adr/0005-transactional-outbox.md): an event is written in the
 * same database transaction as the change it tells about, then delivered to every registered
 * handler at least once. `fanned_out_at` is set when the dispatcher has created one delivery row
 * per handler; `done_at` when every delivery is done (or there was no handler).
 */
export const outboxEvents = pgTable(
  'outbox_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** project.award · ledger.quote_refund … */
    type: varchar('type', { length: 64 }).notNull(),
    /** what the event is about: project · member … and its id */
    aggregateType: varchar('aggregate_type', { length: 32 }).notNull(),
    aggregateId: varchar('aggregate_id', { length: 40 }).notNull(),
    payload: jsonb('payload').notNull().$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    fannedOutAt: timestamp('fanned_out_at', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_events_fan_out_idx').on(t.id).where(sql`${t.fannedOutAt} is null`),
    index('outbox_events_aggregate_idx').on(t.aggregateType, t.aggregateId),
  ],
);

/** One event for one handler: attempts, back-off and the last error are kept per pair. */
export const outboxDeliveries = pgTable(
  'outbox_deliveries',
  {
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => outboxEvents.id, { onDelete: 'cascade' }),
    handler: varchar('handler', { length: 64 }).notNull(),
    /** pending · done · failed (gave up after the last attempt) */
    status: varchar('status', { length: 8 })
      .notNull()
      .default('pending')
      .$type<'pending' | 'done' | 'failed'>(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: varchar('last_error', { length: 500 }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.handler] }),
    index('outbox_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
  ],
);
