import { bigserial, index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/** One row per code sent. Only a hash of the code is kept. */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    mobile: varchar('mobile', { length: 11 }).notNull(),
    purpose: varchar('purpose', { length: 16 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    index('sms_codes_mobile_idx').on(t.mobile, t.createdAt),
    index('sms_codes_ip_idx').on(t.ip, t.createdAt),
  ],
);

/** What the development SMS sender "sent": readable through GET /api/Dev/smsOutbox outside production. */
export const devSmsOutbox = pgTable(
  'dev_sms_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    mobile: varchar('mobile', { length: 11 }).notNull(),
    purpose: varchar('purpose', { length: 16 }).notNull(),
    code: varchar('code', { length: 10 }).notNull(),
    /** a notice's whole text ('' for a code) */
    text: varchar('text', { length: 200 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('dev_sms_outbox_mobile_idx').on(t.mobile, t.id)],
);

/** Fixed-window counters for abuse limits that must hold across server processes. */
export const rateCounters = pgTable('rate_counters', {
  key: varchar('key', { length: 120 }).primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});
