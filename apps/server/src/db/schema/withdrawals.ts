import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { admins } from './admin.ts';
import { members } from './members.ts';

/**
 * Withdrawal requests (docs/withdrawals.md): `Applycash/postNew` freezes the amount and writes a
 * pending row in one transaction; an operator pays (`paid`, with a reference) or rejects it
 * (`rejected`, with a reason) exactly once. The payout account is copied at request time, so a
 * later change of the member's account does not redirect a request already made.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'restrict' }),
    /** 分 */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: varchar('status', { length: 10 }).notNull().default('pending').$type<WithdrawStatus>(),
    payoutType: varchar('payout_type', { length: 10 }).notNull(),
    payoutAccount: varchar('payout_account', { length: 40 }).notNull(),
    payoutName: varchar('payout_name', { length: 100 }).notNull(),
    payoutBank: varchar('payout_bank', { length: 60 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedBy: bigint('reviewed_by', { mode: 'number' }).references(() => admins.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** why it was rejected */
    reason: varchar('reason', { length: 200 }).notNull().default(''),
    /** the bank/Alipay slip number of a manual payout, or Alipay's transfer order id */
    reference: varchar('reference', { length: 64 }).notNull().default(''),
  },
  (t) => [
    index('withdrawals_member_idx').on(t.memberId, t.createdAt),
    index('withdrawals_status_idx').on(t.status, t.createdAt),
    check('withdrawals_amount_positive', sql`${t.amount} > 0`),
    check('withdrawals_status_known', sql`${t.status} in ('pending', 'paid', 'rejected')`),
  ],
);

export type WithdrawStatus = 'pending' | 'paid' | 'rejected';
export type Withdrawal = typeof withdrawals.$inferSelect;
