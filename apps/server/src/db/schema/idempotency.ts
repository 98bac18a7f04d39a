import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { members } from './members.ts';

/**
 * Idempotency keys of the state-changing calls that must run once per submission
 * (docs/adr/0010-idempotency-keys.md): a member's `Idempotency-Key` is claimed by one
 * `INSERT … ON CONFLICT` before the call runs (`state = 'running'`), and the call's answer is kept
 * (`state = 'done'`, status and body) so a repeat within 24 hours answers it again.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    key: varchar('key', { length: 255 }).notNull(),
    /** sha256 of the call path and its parsed body: the same key with another body is refused */
    fingerprint: varchar('fingerprint', { length: 64 }).notNull(),
    state: varchar('state', { length: 8 }).notNull().default('running').$type<'running' | 'done'>(),
    httpStatus: integer('http_status'),
    body: text('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
    check('idempotency_keys_state_known', sql`${t.state} in ('running', 'done')`),
  ],
);
export type IdempotencyKey = typeof idempotencyKeys.$inferSelect;
