import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

export const members = pgTable('members', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** 8-digit member number issued by the server */
  cardno: varchar('cardno', { length: 8 }).notNull().unique(),
  mobile: varchar('mobile', { length: 11 }).notNull().unique(),
  passwordHash: varchar('password_hash', { length: 200 }).notNull(),
  cardtype: varchar('cardtype', { length: 16 }).notNull().$type<'workshop' | 'customer'>(),
  nickname: varchar('nickname', { length: 50 }).notNull().default(''),
  /** cardno of the member who invited this one (the invite code) */
  invitedBy: varchar('invited_by', { length: 8 }),
  /** docs/product.md § Verification status: 3 not submitted, 0 pending, 1 approved, 2 rejected */
  personauth: smallint('personauth').notNull().default(3),
  businsauth: smallint('businsauth').notNull().default(3),
  /** profile (Member/updateBaseInfo) */
  userlogo: varchar('userlogo', { length: 40 }).notNull().default(''),
  company: varchar('company', { length: 100 }).notNull().default(''),
  myjob: varchar('myjob', { length: 50 }).notNull().default(''),
  birth: varchar('birth', { length: 10 }).notNull().default(''),
  /** 0 unknown, 1 male, 2 female */
  sex: smallint('sex').notNull().default(0),
  qqnum: varchar('qqnum', { length: 12 }).notNull().default(''),
  email: varchar('email', { length: 100 }).notNull().default(''),
  prov: varchar('prov', { length: 20 }).notNull().default(''),
  city: varchar('city', { length: 20 }).notNull().default(''),
  strt: varchar('strt', { length: 20 }).notNull().default(''),
  addr: varchar('addr', { length: 200 }).notNull().default(''),
  descr: varchar('descr', { length: 500 }).notNull().default(''),
  /** from an approved personal verification */
  realname: varchar('realname', { length: 30 }).notNull().default(''),
  idcard: varchar('idcard', { length: 18 }).notNull().default(''),
  /** pay password (Member/setPayment), argon2id like the login password */
  paycodeHash: varchar('paycode_hash', { length: 200 }),
  payoutType: varchar('payout_type', { length: 10 }).notNull().default(''),
  payoutName: varchar('payout_name', { length: 100 }).notNull().default(''),
  payoutAccount: varchar('payout_account', { length: 40 }).notNull().default(''),
  payoutBank: varchar('payout_bank', { length: 60 }).notNull().default(''),
  /** an unread message sends an SMS nudge (docs/conversation.md "Offline"); switched in 账号安全 */
  messageSms: boolean('message_sms').notNull().default(true),
  /** per kind of notice, in-app only / + SMS / + WeChat (docs/notices.md); a kind not set keeps its default */
  notifyPrefs: jsonb('notify_prefs').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
  /** pay-password lockout of withdrawals (docs/withdrawals.md), like the login's three columns */
  payFailed: integer('pay_failed').notNull().default(0),
  payLockedUntil: timestamp('pay_locked_until', { withTimezone: true }),
  payTriesAt: timestamp('pay_tries_at', { withTimezone: true }),
  /** WeChat sign-in (Wechat/*) */
  openid: varchar('openid', { length: 64 }).unique(),
  failedLogins: integer('failed_logins').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  /** when the latest password try was reserved (docs/members.md, "Login limits") */
  triesAt: timestamp('tries_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type Member = typeof members.$inferSelect;

export const sessions = pgTable(
  'sessions',
  {
    /** sha256 of the cookie token: a database leak does not hand out sessions */
    idHash: varchar('id_hash', { length: 64 }).primaryKey(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    userAgent: varchar('user_agent', { length: 300 }).notNull().default(''),
  },
  (t) => [index('sessions_member_idx').on(t.memberId)],
);

export const rememberTokens = pgTable(
  'remember_tokens',
  {
    selector: varchar('selector', { length: 32 }).primaryKey(),
    validatorHash: varchar('validator_hash', { length: 64 }).notNull(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('remember_tokens_member_idx').on(t.memberId)],
);

export const resetTokens = pgTable('reset_tokens', {
  tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
  memberId: bigint('member_id', { mode: 'number' })
    .notNull()
    .references(() => members.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});
