import { z } from 'zod';
import { pagedSchema } from '../admin/admin.schema.ts';
import { pageSchema, pageSizeSchema } from '../project/search.schema.ts';
import { textSchema } from '../text/text.schema.ts';

/**
 * Withdrawals (docs/withdrawals.md): a member's cash goes out to the payout account set with
 * Member/setPayment. The request freezes the amount; a finance operator pays or rejects it.
 */
export const WITHDRAW_RULES = {
  /** 分: ¥10.00 */
  minFen: 1000,
  /** 分: one request at most ¥1,000,000.00 (a bound on input; the cash check decides first) */
  maxFen: 100_000_000,
  /** requests a member may make per Asia/Shanghai calendar day */
  dailyLimit: 3,
  /** wrong pay passwords before withdrawals lock … */
  maxFailures: 5,
  /** … for this many minutes */
  lockMinutes: 15,
} as const;

export const WITHDRAW_STATUSES = ['pending', 'paid', 'rejected'] as const;
export type WithdrawStatus = (typeof WITHDRAW_STATUSES)[number];
export const WITHDRAW_STATUS_TEXT: Record<WithdrawStatus, string> = {
  pending: '审核中',
  paid: '已打款',
  rejected: '已驳回',
};

const fenError = '提现金额不正确';

// ---------- Applycash/postNew ----------

export const withdrawNewSchema = z.strictObject({
  /** 分, an integer (¥12.34 is 1234) */
  amount: z
    .number({ error: '请输入提现金额' })
    .int({ error: fenError })
    .min(WITHDRAW_RULES.minFen, { error: '最低提现 ¥10.00' })
    .max(WITHDRAW_RULES.maxFen, { error: '单笔提现最多 ¥1,000,000.00' }),
  paypwd: textSchema({
    error: '请输入支付密码',
    max: 6,
    maxError: '支付密码为 6 位数字',
    label: '支付密码',
    trim: false,
  })
    .min(1, { error: '请输入支付密码' })
    .regex(/^\d{6}$/, { error: '支付密码为 6 位数字' }),
});
export type WithdrawNewInput = z.input<typeof withdrawNewSchema>;

/** One request as its member sees it. */
export const withdrawItemSchema = z.object({
  id: z.number(),
  /** 分 */
  amount: z.number(),
  status: z.enum(WITHDRAW_STATUSES),
  statusText: z.string(),
  /** why it was rejected ('' otherwise) */
  reason: z.string(),
  payoutType: z.string(),
  /** masked */
  payoutAccount: z.string(),
  /** ISO time */
  created: z.string(),
  reviewedAt: z.string().nullable(),
});
export type WithdrawItem = z.infer<typeof withdrawItemSchema>;

/** The member's money: available and frozen cash, in 分. */
export const cashBalanceSchema = z.object({ cash: z.number(), frozen: z.number() });
export type CashBalance = z.infer<typeof cashBalanceSchema>;

export const withdrawNewResultSchema = z.object({ item: withdrawItemSchema, balance: cashBalanceSchema });
export type WithdrawNewResult = z.infer<typeof withdrawNewResultSchema>;

// ---------- Applycash/list ----------

export const withdrawListSchema = z.strictObject({ page: pageSchema, pageSize: pageSizeSchema });
export const withdrawListPageSchema = z.object({
  listItem: z.array(withdrawItemSchema),
  total: z.number(),
  page: z.number(),
  balance: cashBalanceSchema,
  /** requests made today (Asia/Shanghai) against WITHDRAW_RULES.dailyLimit */
  today: z.number(),
});
export type WithdrawListPage = z.infer<typeof withdrawListPageSchema>;

// ---------- Admin/withdrawList ----------

export const adminWithdrawListSchema = z.strictObject({
  status: z.enum(WITHDRAW_STATUSES, { error: '状态不正确' }).optional(),
  page: pageSchema,
  pageSize: pageSizeSchema,
});

/** One request in the 提现审核 queue: the operator sees the full payout account to pay it. */
export const adminWithdrawItemSchema = z.object({
  id: z.number(),
  cardno: z.string(),
  mobile: z.string(),
  /** the name to show (docs/members.md "Party names") */
  name: z.string(),
  nickname: z.string(),
  cardtype: z.string(),
  amount: z.number(),
  status: z.enum(WITHDRAW_STATUSES),
  statusText: z.string(),
  payoutType: z.string(),
  payoutName: z.string(),
  /** the member's verified real name and company name now (empty: not verified), beside the payee */
  verifiedRealname: z.string(),
  verifiedCompany: z.string(),
  payoutAccount: z.string(),
  payoutBank: z.string(),
  created: z.string(),
  reviewedAt: z.string().nullable(),
  reviewer: z.string().nullable(),
  reason: z.string(),
  reference: z.string(),
});
export type AdminWithdrawItem = z.infer<typeof adminWithdrawItemSchema>;

export const adminWithdrawPageSchema = pagedSchema(adminWithdrawItemSchema).extend({
  /** payouts to Alipay accounts go through alipay.fund.trans.uni.transfer */
  alipay: z.boolean(),
  /** … of the built-in sandbox */
  sandbox: z.boolean(),
});
export type AdminWithdrawPage = z.infer<typeof adminWithdrawPageSchema>;

// ---------- Admin/withdrawReview ----------

export const withdrawReviewSchema = z
  .strictObject({
    id: z
      .number({ error: '申请编号不正确' })
      .int({ error: '申请编号不正确' })
      .min(1)
      .max(Number.MAX_SAFE_INTEGER),
    approve: z.boolean({ error: '请选择打款或驳回' }),
    /** manual payout: the bank / Alipay slip number */
    reference: textSchema({ max: 64, maxError: '打款凭证号最多 64 个字', label: '打款凭证号' }).optional(),
    reason: textSchema({
      max: 200,
      maxError: '驳回原因最多 200 个字',
      label: '驳回原因',
      multiline: true,
    }).optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.approve && !v.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: '请填写驳回原因' });
  });
export type WithdrawReviewInput = z.input<typeof withdrawReviewSchema>;

export const withdrawReviewResultSchema = z.object({
  id: z.number(),
  status: z.enum(WITHDRAW_STATUSES),
  reference: z.string(),
});

// ---------- Admin/fundsOverview ----------

export const fundsOverviewSchema = z.strictObject({});
export const fundsOverviewResultSchema = z.object({
  ledger: z.object({
    ok: z.boolean(),
    accounts: z.number(),
    transactions: z.number(),
    /** balance mismatches + unbalanced transactions + overdrawn accounts + currency and running-balance mismatches */
    problems: z.number(),
    /** when the check ran (hourly; ISO 8601) — accounts and transactions are what it read */
    checkedAt: z.string(),
  }),
  /** 分: money in through Alipay (coins and prepayments) today / this month, Asia/Shanghai */
  inflowToday: z.number(),
  inflowMonth: z.number(),
  /** 分: held in project escrow now */
  escrowHeld: z.number(),
  /** 分: commission taken on released escrow */
  commission: z.number(),
  pendingCount: z.number(),
  /** 分 */
  pendingAmount: z.number(),
  paidMonthCount: z.number(),
  /** 分 */
  paidMonth: z.number(),
  /** payment stages unpaid past their due time, on live projects (docs/staged-escrow.md "Overdue") */
  overdue: z.object({
    count: z.number(),
    /** 分 */
    amount: z.number(),
    /** the oldest first, at most 50 */
    items: z.array(
      z.object({
        projectId: z.number(),
        orders: z.string(),
        title: z.string(),
        customerName: z.string(),
        customerMobile: z.string(),
        kind: z.string(),
        kindText: z.string(),
        amount: z.number(),
        /** ISO: due since */
        dueAt: z.string(),
      }),
    ),
  }),
  /** ISO: when these figures were computed */
  at: z.string(),
});
export type FundsOverview = z.infer<typeof fundsOverviewResultSchema>;

// ---------- Admin/ledgerRecheck ----------

/** Runs the ledger check now (资金概览's 重新核对) and answers it as 资金概览 shows it. */
export const ledgerRecheckSchema = z.strictObject({});
export const ledgerRecheckResultSchema = fundsOverviewResultSchema.shape.ledger;
export type LedgerCheckView = z.infer<typeof ledgerRecheckResultSchema>;
