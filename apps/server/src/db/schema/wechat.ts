import { pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * WeChat OAuth2 `state` values (one use, short-lived) and bind tickets: after `Wechat/wxLogin`
 * finds an openid that no member has, the browser holds a ticket (only its hash is kept) that
 * `Wechat/bindMobile` redeems with an SMS code.
 */
export const wechatStates = pgTable('wechat_states', {
  stateHash: varchar('state_hash', { length: 64 }).primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

export const wechatBindTickets = pgTable('wechat_bind_tickets', {
  ticketHash: varchar('ticket_hash', { length: 64 }).primaryKey(),
  openid: varchar('openid', { length: 64 }).notNull(),
  nickname: varchar('nickname', { length: 50 }).notNull().default(''),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/**
 * The WeChat 服务号's access_token (docs/notices.md "WeChat"), one row per appid, shared by every
 * server process: a process refreshes it only when it is missing or about to expire, under the
 * row's lock, so N processes fetch `cgi-bin/token` once (WeChat limits the fetches per day, and a
 * new token ends the old one after five minutes).
 */
export const wechatMpTokens = pgTable('wechat_mp_tokens', {
  appid: varchar('appid', { length: 64 }).primaryKey(),
  token: varchar('token', { length: 600 }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
