import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * Double-entry ledger (docs/product.md § Money). Every movement is a transaction whose postings sum to zero
 * per currency; an account's `balance` is kept in the same database transaction as its postings
 * and can be checked against them. Only system accounts may go below zero.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** member_cash · member_frozen · member_coins · escrow · platform_revenue · platform_coins · payment_clearing */
    kind: varchar('kind', { length: 20 }).notNull(),
    currency: varchar('currency', { length: 4 }).notNull().$type<'CNY' | 'COIN'>(),
    memberId: bigint('member_id', { mode: 'number' }),
    projectId: bigint('project_id', { mode: 'number' }),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    /** how many postings the account has (the bills' total without a filter, docs/bills.md) */
    postingCount: bigint('posting_count', { mode: 'number' }).notNull().default(0),
    allowNegative: boolean('allow_negative').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_owner_uq').on(
      t.kind,
      t.currency,
      sql`coalesce(${t.memberId}, 0)`,
      sql`coalesce(${t.projectId}, 0)`,
    ),
    check('ledger_accounts_no_overdraw', sql`${t.allowNegative} or ${t.balance} >= 0`),
  ],
);

export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** quote_fee · quote_refund · starter_coins · demo_grant · recharge · prepay · release · withdraw … */
    type: varchar('type', { length: 24 }).notNull(),
    memo: varchar('memo', { length: 200 }).notNull().default(''),
    refType: varchar('ref_type', { length: 20 }).notNull().default(''),
    refId: varchar('ref_id', { length: 40 }).notNull().default(''),
    /** makes a movement happen once (e.g. one refund per quote, one credit per trade number) */
    idempotencyKey: varchar('idempotency_key', { length: 80 }).unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ledger_transactions_ref_idx').on(t.refType, t.refId)],
);

export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    /** signed: + credits the account, − debits it (分 or coins) */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: varchar('currency', { length: 4 }).notNull().$type<'CNY' | 'COIN'>(),
    /** the account's balance right after this posting (the bills' running balance, docs/bills.md) */
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    /** 1, 2, 3 … per account in posting order (the bills' deep pages of one account, docs/bills.md) */
    seq: bigint('seq', { mode: 'number' }).notNull(),
    /** the transaction's type, copied so the bills filter by type on one index (docs/bills.md) */
    type: varchar('type', { length: 24 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_postings_account_idx').on(t.accountId, t.id),
    uniqueIndex('ledger_postings_account_seq_uq').on(t.accountId, t.seq),
    index('ledger_postings_account_type_idx').on(t.accountId, t.type, t.seq),
    // date filters, and the monthly chart's sums of one account from the index alone
    index('ledger_postings_account_created_idx').on(t.accountId, t.createdAt, t.amount),
    index('ledger_postings_tx_idx').on(t.transactionId),
  ],
);

/**
 * The ledger checks' results (docs/operations.md § Metrics, docs/withdrawals.md "资金概览"): the hourly
 * job writes one row a round, the console's 资金概览 shows the newest — it reads every posting, so no
 * page runs it on load (docs/bench/growth.md). Kept 90 days.
 */
export const ledgerChecks = pgTable('ledger_checks', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  ok: boolean('ok').notNull(),
  /** balance mismatches + unbalanced transactions + overdrawn accounts + currency and running-balance mismatches */
  problems: integer('problems').notNull(),
  /** what the round read: accounts and transactions of the whole ledger */
  accounts: bigint('accounts', { mode: 'number' }).notNull(),
  transactions: bigint('transactions', { mode: 'number' }).notNull(),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A member's money per Asia/Shanghai month and movement type (docs/bills.md "Monthly"): each
 * transaction's net over the member's bill accounts of a currency (cash and frozen, or coins), as
 * in or out. Written by `zl_ledger_post` in the transaction that posts (migration 0033), rebuilt from
 * the postings by `zl_member_months_rebuild` after anything moves postings in time (the demo data),
 * and compared with the postings by the ledger check. The monthly chart and the home's earnings read
 * a member's last months here instead of summing the postings of those months.
 */
export const ledgerMemberMonths = pgTable(
  'ledger_member_months',
  {
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    currency: varchar('currency', { length: 4 }).notNull().$type<'CNY' | 'COIN'>(),
    /** `YYYY-MM`, Asia/Shanghai (text: the demo's time shift moves dates, not this) */
    month: varchar('month', { length: 7 }).notNull(),
    type: varchar('type', { length: 24 }).notNull(),
    amountIn: bigint('amount_in', { mode: 'number' }).notNull().default(0),
    amountOut: bigint('amount_out', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.currency, t.month, t.type] })],
);

/**
 * How many postings of each movement type an account has, and their sum (docs/bills.md "Indexes"):
 * the total of 收支明细 filtered by type without dates, and the console's commission (the platform
 * revenue's `escrow_release` sum), instead of counting or summing the matching postings per request.
 * Written by `zl_ledger_post` in the transaction that posts (migrations 0034, 0036: members'
 * accounts, then every account with the sums), compared with the postings by the ledger check.
 */
export const ledgerAccountTypes = pgTable(
  'ledger_account_types',
  {
    accountId: bigint('account_id', { mode: 'number' }).notNull(),
    type: varchar('type', { length: 24 }).notNull(),
    postings: bigint('postings', { mode: 'number' }).notNull(),
    /** the postings' sum (分 or coins) */
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.type] })],
);
