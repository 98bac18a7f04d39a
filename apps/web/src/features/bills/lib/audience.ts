import type { LedgerType } from '@zl/shared';

/** Who looks at the bills: the types each one can meet, and how money and 金币 get there. */
export type BillsAudience = 'supplier' | 'customer';

export const AUDIENCE_TYPES: Record<BillsAudience, LedgerType[]> = {
  supplier: [
    'coin_recharge',
    'quote_fee',
    'quote_refund',
    'starter_coins',
    'invite_coins',
    'demo_grant',
    'escrow_release',
    'withdraw_freeze',
    'withdraw_payout',
    'withdraw_reject',
    'demo_cash',
  ],
  customer: [
    'prepay_in',
    'stage_in',
    'escrow_refund',
    'change_refund',
    'coin_recharge',
    'invite_coins',
    'demo_grant',
    'withdraw_freeze',
    'withdraw_payout',
    'withdraw_reject',
    'demo_cash',
  ],
};
