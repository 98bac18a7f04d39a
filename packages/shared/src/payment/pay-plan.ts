import { z } from 'zod';
import { shanghaiMidnight } from '../date/date.ts';

/**
 * The whole contract's money in stages (docs/staged-escrow.md). The customer chooses the plan
 * when publishing, as whole percentages of the contract amount; the award turns it into stages of
 * 分 that always sum to the contract amount exactly.
 */
export const STAGE_KINDS = ['prepay', 'progress', 'final', 'retention', 'change'] as const;
export type StageKind = (typeof STAGE_KINDS)[number];
export const STAGE_STATUSES = ['due', 'paid', 'released', 'refunded'] as const;
export type StageStatus = (typeof STAGE_STATUSES)[number];

export const stageKindLabels: Record<StageKind, string> = {
  prepay: '预付款',
  progress: '进场款',
  final: '尾款',
  retention: '质保金',
  change: '增项款',
};
export const stageStatusLabels: Record<StageStatus, string> = {
  due: '待支付',
  paid: '托管中',
  released: '已结算',
  refunded: '已退款',
};

/** The plan's percentages: prepay + progress + final = 100; retention (0–10) comes out of final. */
export interface PayPlan {
  prepay: number;
  progress: number;
  final: number;
  retention: number;
}
export const PAY_PLAN_DEFAULT: PayPlan = { prepay: 30, progress: 40, final: 30, retention: 0 };
export const PAY_PLAN_FULL_PREPAY: PayPlan = { prepay: 100, progress: 0, final: 0, retention: 0 };
export const RETENTION_MAX_PERCENT = 10;

const percent = (label: string, max = 100) =>
  z
    .number({ error: `请输入${label}比例` })
    .int({ error: `${label}比例须为整数百分比` })
    .min(0, { error: `${label}比例不能为负数` })
    .max(max, { error: `${label}比例最多 ${max}%` });

export const payPlanSchema = z
  .strictObject(
    {
      prepay: percent('预付款'),
      progress: percent('进场款'),
      final: percent('尾款'),
      retention: percent('质保金', RETENTION_MAX_PERCENT),
    },
    { error: '付款计划格式不正确' },
  )
  .superRefine((v, ctx) => {
    if (v.prepay + v.progress + v.final !== 100)
      ctx.addIssue({
        code: 'custom',
        path: ['final'],
        message: `预付款、进场款、尾款比例之和须为 100%（现为 ${v.prepay + v.progress + v.final}%）`,
      });
    else if (v.retention > v.final)
      ctx.addIssue({ code: 'custom', path: ['retention'], message: '质保金从尾款中扣留，不能超过尾款比例' });
  });

/** One stage as the plan makes it, before it has an id, a due date or a status. */
export interface PlannedStage {
  kind: StageKind;
  percent: number;
  amount: number;
}

/**
 * The plan applied to a contract amount (分): the stages with a non-zero share, in order
 * prepay → progress → final → retention, each floor(amount × percent / 100) and the rounding
 * remainder on the last one, so they sum to `contractAmount` exactly.
 */
export function splitPlan(contractAmount: number, plan: PayPlan): PlannedStage[] {
  const shares: Array<[StageKind, number]> = [
    ['prepay', plan.prepay],
    ['progress', plan.progress],
    ['final', plan.final - plan.retention],
    ['retention', plan.retention],
  ];
  const stages = shares
    .filter(([, p]) => p > 0)
    .map(([kind, p]) => ({ kind, percent: p, amount: Math.floor((contractAmount * p) / 100) }));
  if (stages.length === 0) return [{ kind: 'prepay', percent: 100, amount: contractAmount }];
  const rest = contractAmount - stages.reduce((s, x) => s + x.amount, 0);
  stages[stages.length - 1]!.amount += rest;
  return stages;
}

const DAY_MS = 86_400_000;

/**
 * The build-in start of a project without its own (`buildStart`, docs/show-dates.md): 00:00
 * Asia/Shanghai two days before the show opens.
 */
export function buildInStartOf(sdate: string): Date {
  return new Date(shanghaiMidnight(sdate).getTime() - 2 * DAY_MS);
}

/** The end of the show's last day (00:00 Asia/Shanghai the day after `edate`): tear-down ends then. */
export function showEndOf(edate: string): Date {
  return new Date(shanghaiMidnight(edate).getTime() + DAY_MS);
}

/**
 * When a stage is due: prepay and progress by the build-in start (the project's `buildStart`),
 * final and retention by the end of the show's last day, a change stage at once (`now`).
 */
export function stageDueAt(
  kind: StageKind,
  dates: { sdate: string; edate: string; buildStart?: Date | null },
  now: Date,
): Date {
  if (kind === 'prepay' || kind === 'progress') return dates.buildStart ?? buildInStartOf(dates.sdate);
  if (kind === 'change') return now;
  return showEndOf(dates.edate);
}

const amountField = z.number().int().describe('金额，分');
export const payStageSchema = z.object({
  id: z.number().int().describe('阶段编号（Alipay/getPayLink 的 stage）'),
  kind: z
    .enum(STAGE_KINDS)
    .describe('prepay 预付款 · progress 进场款 · final 尾款 · retention 质保金 · change 增项款'),
  percent: z.number().int().describe('占合同金额的百分比（增项款为 0）'),
  amount: amountField,
  due: z.string().describe('应付时间（ISO）'),
  status: z
    .enum(STAGE_STATUSES)
    .describe('due 待支付 · paid 托管中 · released 已结算给供应商 · refunded 已退款'),
  overdue: z.boolean().describe('待支付且已过应付时间'),
  payable: z.boolean().describe('参展商现在可以支付这一阶段（合同已确认，前面的阶段已支付）'),
  paidAt: z.string().nullable(),
  releasedAt: z.string().nullable(),
  releaseRule: z.string().describe('何时结算给供应商，中文'),
});
export type PayStage = z.infer<typeof payStageSchema>;

export const payPlanResultSchema = z.object({
  contractAmount: z.number().int().nullable().describe('合同金额，分；选标前为 null'),
  plan: z.object({
    prepay: z.number().int(),
    progress: z.number().int(),
    final: z.number().int(),
    retention: z.number().int(),
  }),
  stages: z.array(payStageSchema).describe('选标后的付款阶段；各阶段金额之和等于合同金额'),
  escrow: z.object({
    held: amountField.describe('托管中'),
    released: amountField.describe('已结算给供应商（含佣金）'),
    due: amountField.describe('待支付'),
    overdue: amountField.describe('逾期未付'),
  }),
  buildInConfirmed: z.boolean().describe('参展商已确认进场（或已自动确认）'),
  buildInStart: z.string().describe('进场开始时间（ISO）'),
  complaintOpen: z.boolean().describe('有未处理的投诉：托管款冻结'),
});
export type PayPlanResult = z.infer<typeof payPlanResultSchema>;

export const confirmBuildInResultSchema = z.object({
  released: amountField.describe('本次结算给供应商的金额（含佣金）'),
  commission: amountField.describe('其中平台佣金'),
  confirmedAt: z.string().describe('确认时间（ISO）'),
});
export type ConfirmBuildInResult = z.infer<typeof confirmBuildInResultSchema>;
