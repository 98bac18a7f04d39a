import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * One Alipay payment (docs/payments.md "Order states"): a coins purchase or a project's
 * prepayment. `pending` → `paid` exactly once (a conditional UPDATE in the transaction of the
 * ledger movement) or → `closed` (the trade closed or never existed at Alipay).
 */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** our order number at Alipay (out_trade_no): `Z` + yyyyMMddHHmmss + random digits */
    outTradeNo: varchar('out_trade_no', { length: 64 }).notNull(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    /** coins · prepay · stage (a payment-plan stage after the first, docs/staged-escrow.md) */
    purpose: varchar('purpose', { length: 8 }).notNull().$type<'coins' | 'prepay' | 'stage'>(),
    projectId: bigint('project_id', { mode: 'number' }),
    /** the project_stages row it pays (prepay and stage orders) */
    stageId: bigint('stage_id', { mode: 'number' }),
    /** coins bought (purpose coins), else 0 */
    coins: integer('coins').notNull().default(0),
    /** the amount asked, 分 */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    subject: varchar('subject', { length: 128 }).notNull(),
    /** pending · paid · closed */
    status: varchar('status', { length: 8 }).notNull().default('pending').$type<PaymentOrderStatus>(),
    /** Alipay's trade number, once paid */
    tradeNo: varchar('trade_no', { length: 64 }),
    /** refunded to the original payment through alipay.trade.refund, 分 */
    refunded: bigint('refunded', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_orders_out_trade_no_uq').on(t.outTradeNo),
    index('payment_orders_member_idx').on(t.memberId, t.createdAt.desc()),
    index('payment_orders_pending_idx').on(t.status, t.createdAt),
    index('payment_orders_project_idx').on(t.projectId),
    index('payment_orders_stage_idx').on(t.stageId),
    check('payment_orders_amount_positive', sql`${t.amount} > 0`),
    check('payment_orders_refunded_range', sql`${t.refunded} >= 0 and ${t.refunded} <= ${t.amount}`),
  ],
);
export type PaymentOrderStatus = 'pending' | 'paid' | 'closed';

/**
 * A refund to the original payment (alipay.trade.refund) that the ledger has already booked:
 * `pending` until Alipay confirms it, retried by the reconciliation job with the same
 * `out_request_no` (Alipay refunds once per request number), then `done`.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    outRequestNo: varchar('out_request_no', { length: 64 }).notNull(),
    outTradeNo: varchar('out_trade_no', { length: 64 }).notNull(),
    projectId: bigint('project_id', { mode: 'number' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    reason: varchar('reason', { length: 128 }).notNull().default(''),
    /** pending · done */
    status: varchar('status', { length: 8 }).notNull().default('pending').$type<'pending' | 'done'>(),
    attempts: integer('attempts').notNull().default(0),
    lastError: varchar('last_error', { length: 200 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payment_refunds_request_uq').on(t.outRequestNo),
    index('payment_refunds_pending_idx').on(t.status, t.createdAt),
  ],
);

/**
 * The built-in sandbox gateway's key pairs (docs/payments.md "The sandbox"): the app's and the
 * "Alipay" side's, generated once per database so every process and restart agrees.
 */
export const alipaySandboxKeys = pgTable('alipay_sandbox_keys', {
  id: smallint('id').primaryKey(),
  appId: varchar('app_id', { length: 32 }).notNull(),
  appPrivateKey: text('app_private_key').notNull(),
  appPublicKey: text('app_public_key').notNull(),
  alipayPrivateKey: text('alipay_private_key').notNull(),
  alipayPublicKey: text('alipay_public_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The sandbox gateway's trades (what "Alipay" knows), shared by every process on the database. */
export const alipaySandboxTrades = pgTable(
  'alipay_sandbox_trades',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    outTradeNo: varchar('out_trade_no', { length: 64 }).notNull(),
    tradeNo: varchar('trade_no', { length: 64 }).notNull(),
    subject: varchar('subject', { length: 256 }).notNull(),
    /** 分 */
    totalAmount: bigint('total_amount', { mode: 'number' }).notNull(),
    notifyUrl: varchar('notify_url', { length: 512 }).notNull().default(''),
    returnUrl: varchar('return_url', { length: 512 }).notNull().default(''),
    /** WAIT_BUYER_PAY · TRADE_SUCCESS · TRADE_CLOSED */
    status: varchar('status', { length: 16 }).notNull().default('WAIT_BUYER_PAY'),
    /** refunded so far, 分 */
    refunded: bigint('refunded', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('alipay_sandbox_trades_out_uq').on(t.outTradeNo)],
);

/** The sandbox's refund requests (out_request_no makes a refund happen once) and transfers. */
export const alipaySandboxRequests = pgTable(
  'alipay_sandbox_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** refund · transfer */
    kind: varchar('kind', { length: 8 }).notNull(),
    /** out_trade_no + out_request_no (refund) or out_biz_no (transfer) */
    requestKey: varchar('request_key', { length: 140 }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    orderId: varchar('order_id', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('alipay_sandbox_requests_uq').on(t.kind, t.requestKey)],
);
