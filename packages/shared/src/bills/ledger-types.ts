/**
 * The Chinese name of every ledger movement type (apps/server/src/modules/ledger/movements.ts), as
 * the bills (收支明细) and their CSV show it. A test fails when a movement has no label here.
 */
export const LEDGER_TYPE_LABELS = {
  quote_fee: '报价扣费',
  quote_refund: '报价退还',
  starter_coins: '认证赠送',
  demo_grant: '演示赠送',
  coin_recharge: '金币充值',
  prepay_in: '预付款托管',
  escrow_release: '验收放款',
  escrow_refund: '托管退款',
  stage_in: '阶段款托管',
  change_refund: '减项退款',
  withdraw_freeze: '提现申请',
  withdraw_payout: '提现到账',
  withdraw_reject: '提现驳回',
  invite_coins: '邀请奖励',
  demo_cash: '演示资金',
} as const satisfies Record<string, string>;

export type LedgerType = keyof typeof LEDGER_TYPE_LABELS;
export const LEDGER_TYPES = Object.keys(LEDGER_TYPE_LABELS) as LedgerType[];

/** The label of a type; an unknown one (an older movement) shows as 其他. */
export function ledgerTypeText(type: string): string {
  return (LEDGER_TYPE_LABELS as Record<string, string>)[type] ?? '其他';
}

/** The member's accounts a bill can be on: 现金 (¥), 冻结 (¥, withdrawals under review) and 金币. */
export const BILL_ACCOUNTS = {
  cash: { kind: 'member_cash', currency: 'CNY', label: '现金' },
  frozen: { kind: 'member_frozen', currency: 'CNY', label: '冻结' },
  coins: { kind: 'member_coins', currency: 'COIN', label: '金币' },
} as const;
export type BillAccount = keyof typeof BILL_ACCOUNTS;
export const BILL_ACCOUNT_KEYS = Object.keys(BILL_ACCOUNTS) as BillAccount[];
