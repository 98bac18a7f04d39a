import { z } from 'zod';
import { fileIdSchema, fileRefSchema } from '../file/file.schema.ts';
import { REQUIREMENT_CATEGORIES, type RequirementCategory } from '../project/project-states.ts';
import { quoteLineInputSchema } from '../project/quote.schema.ts';
import { projectIdSchema } from '../project/search.schema.ts';
import { textSchema } from '../text/text.schema.ts';

/**
 * Change orders (变更单: 增项 / 减项, docs/change-orders.md). While signing or building the winning
 * supplier proposes priced lines; the customer approves or rejects the whole order. An approved
 * 增项 raises the contract amount and the next unpaid stage (or adds a `change` stage due at
 * once); an approved 减项 lowers the last unreleased stages and refunds what was paid beyond them.
 */
export const CHANGE_KINDS = ['add', 'reduce'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];
export const changeKindLabels: Record<ChangeKind, string> = { add: '增项', reduce: '减项' };

export const CHANGE_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ChangeStatus = (typeof CHANGE_STATUSES)[number];
export const changeStatusLabels: Record<ChangeStatus, string> = {
  pending: '待确认',
  approved: '已同意',
  rejected: '已拒绝',
};

export const CHANGE_LINES_MAX = 20;
export const CHANGE_PHOTOS_MAX = 9;
/** orders waiting for the customer at once, per project */
export const CHANGE_PENDING_MAX = 5;
/** orders a project may have in all */
export const CHANGE_ORDERS_MAX = 50;
/** one order's total at most, 分 (¥10,000,000) */
export const CHANGE_AMOUNT_MAX = 1_000_000_000;
export const CHANGE_REASON_MIN = 2;
export const CHANGE_REASON_MAX = 500;
export const CHANGE_REVIEW_REASON_MAX = 200;
/** an approved 增项 that becomes its own `change` stage is payable at once and overdue after this many days */
export const CHANGE_STAGE_DUE_DAYS = 3;

const categoryKeySchema = z.enum(
  REQUIREMENT_CATEGORIES.map(([key]) => key) as [RequirementCategory, ...RequirementCategory[]],
  { error: '请选择类别' },
);

/** One priced line: a quote line with its category (the remark is the order's reason). */
export const changeLineInputSchema = quoteLineInputSchema.omit({ remark: true }).extend({
  category: categoryKeySchema,
});
export type ChangeLineInput = z.input<typeof changeLineInputSchema>;

/** Projectcenter/changeOrderAdd */
export const changeOrderAddSchema = z
  .strictObject({
    id: projectIdSchema.shape.id,
    kind: z.enum(CHANGE_KINDS, { error: '请选择增项或减项' }),
    lines: z
      .array(changeLineInputSchema, { error: '请至少填写 1 项' })
      .min(1, { error: '请至少填写 1 项' })
      .max(CHANGE_LINES_MAX, { error: `每张变更单最多 ${CHANGE_LINES_MAX} 项` }),
    reason: textSchema({
      error: '请填写变更原因',
      max: CHANGE_REASON_MAX,
      maxError: `变更原因最多 ${CHANGE_REASON_MAX} 个字`,
      label: '变更原因',
      multiline: true,
    }).min(CHANGE_REASON_MIN, { error: `变更原因至少 ${CHANGE_REASON_MIN} 个字` }),
    photos: z
      .array(fileIdSchema('现场照片'))
      .max(CHANGE_PHOTOS_MAX, { error: `现场照片最多 ${CHANGE_PHOTOS_MAX} 张` })
      .default([]),
  })
  .superRefine((v, ctx) => {
    const amount = changeAmountOf(v.lines);
    if (amount <= 0) ctx.addIssue({ code: 'custom', path: ['lines'], message: '变更金额须大于 0' });
    else if (amount > CHANGE_AMOUNT_MAX)
      ctx.addIssue({ code: 'custom', path: ['lines'], message: '一张变更单最多 ¥10,000,000' });
  });
export type ChangeOrderAddInput = z.input<typeof changeOrderAddSchema>;

/** Customer/changeOrderReview: the whole order approved, or rejected with a reason. */
export const changeOrderReviewSchema = z
  .strictObject({
    id: projectIdSchema.shape.id,
    orderId: z
      .number({ error: '请指明变更单' })
      .int({ error: '变更单不存在' })
      .positive({ error: '变更单不存在' })
      .max(Number.MAX_SAFE_INTEGER, { error: '变更单不存在' }),
    approve: z.boolean({ error: '请选择同意或拒绝' }),
    reason: textSchema({
      max: CHANGE_REVIEW_REASON_MAX,
      maxError: `原因最多 ${CHANGE_REVIEW_REASON_MAX} 个字`,
      label: '原因',
      multiline: true,
    }).optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.approve && (v.reason ?? '').trim().length < 2)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: '拒绝时请填写原因（至少 2 个字）' });
  });
export type ChangeOrderReviewInput = z.input<typeof changeOrderReviewSchema>;

/** Projectcenter/changeOrderPdf: the 补充协议 of an approved order. */
export const changeOrderPdfSchema = z.strictObject({
  id: z.coerce
    .number({ error: '项目不存在' })
    .int({ error: '项目不存在' })
    .positive({ error: '项目不存在' })
    .max(Number.MAX_SAFE_INTEGER, { error: '项目不存在' }),
  orderId: z.coerce
    .number({ error: '变更单不存在' })
    .int({ error: '变更单不存在' })
    .positive({ error: '变更单不存在' })
    .max(Number.MAX_SAFE_INTEGER, { error: '变更单不存在' }),
});

export const changeLineSchema = z.object({
  category: z.string(),
  categoryName: z.string(),
  name: z.string(),
  spec: z.string(),
  unit: z.string(),
  qty: z.number().int(),
  price: z.number().int().describe('单价，分'),
  amount: z.number().int().describe('数量 × 单价，分'),
});
export type ChangeLine = z.infer<typeof changeLineSchema>;

export const changeOrderSchema = z.object({
  id: z.number().int(),
  /** the order's number within its project, 1 first (变更单 1) */
  seq: z.number().int(),
  kind: z.enum(CHANGE_KINDS),
  kindText: z.string(),
  status: z.enum(CHANGE_STATUSES),
  statusText: z.string(),
  lines: z.array(changeLineSchema),
  amount: z.number().int().describe('各项合计，分（减项也为正数）'),
  reason: z.string(),
  photos: z.array(fileRefSchema),
  reviewReason: z.string(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
  contractBefore: z.number().int().nullable().describe('同意前的合同金额，分'),
  contractAfter: z.number().int().nullable().describe('同意后的合同金额，分'),
  refunded: z.number().int().describe('减项退回参展商原支付账户的金额，分'),
  /** the 补充协议 PDF (approved orders only) */
  pdfUrl: z.string().nullable(),
});
export type ChangeOrder = z.infer<typeof changeOrderSchema>;

export const changeOrderListResultSchema = z.object({
  listItem: z.array(changeOrderSchema),
  contractAmount: z.number().int().nullable(),
  /** the caller's side */
  role: z.enum(['supplier', 'customer']),
  /** the winner may propose one now (签约中 / 施工中, fewer than the limits) */
  canAdd: z.boolean(),
  /** the most a 减项 may take off now: what is not yet released to the supplier, less 1 分 */
  reducible: z.number().int(),
});
export type ChangeOrderListResult = z.infer<typeof changeOrderListResultSchema>;

export const changeOrderReviewResultSchema = z.object({
  order: changeOrderSchema,
  contractAmount: z.number().int().nullable(),
  /** refund requests sent to Alipay now (the reconciliation job sends any that failed) */
  refundSent: z.boolean(),
});
export type ChangeOrderReviewResult = z.infer<typeof changeOrderReviewResultSchema>;

/** Σ qty × price of an order's lines, 分. */
export function changeAmountOf(lines: readonly { qty: number; price: number }[]): number {
  return lines.reduce((t, l) => t + l.qty * l.price, 0);
}

/** The acceptance checklist's key of an approved 增项 line: `change-<orderId>:<index>`. */
export function changeLineKey(orderId: number, index: number): string {
  return `change-${orderId}:${index}`;
}
