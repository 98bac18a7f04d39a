import { z } from 'zod';
import { fileIdSchema, fileRefSchema } from '../file/file.schema.ts';
import { labelsByCode } from '../labels.ts';
import { trackRecordSchema } from '../member/track-record.schema.ts';
import { textSchema } from '../text/text.schema.ts';
import { deliveryStepViewSchema } from './contract.schema.ts';
import { REQUIREMENT_CATEGORIES, type RequirementCategory } from './project-states.ts';
import { projectSummarySchema, requirementItemSchema } from './project-view.schema.ts';
import { projectIdSchema } from './search.schema.ts';

/** Prices are integer 分 per unit; one line at most 100,000,000 分 (¥1,000,000) per unit. */
export const QUOTE_PRICE_MAX = 100_000_000;
export const QUOTE_LINES_MAX = 50;
export const QUOTE_ATTACHMENTS_MAX = 5;

export const quoteLineInputSchema = z.strictObject({
  name: textSchema({ error: '请输入项目名称', max: 50, maxError: '名称最多 50 个字', label: '名称' }).min(1, {
    error: '请输入项目名称',
  }),
  spec: textSchema({ max: 100, maxError: '规格最多 100 个字', label: '规格' }).default(''),
  unit: textSchema({ error: '请输入单位', max: 10, maxError: '单位最多 10 个字', label: '单位' }).min(1, {
    error: '请输入单位',
  }),
  qty: z
    .number({ error: '数量须为整数' })
    .int({ error: '数量须为整数' })
    .min(1, { error: '数量为 1–100000' })
    .max(100_000, { error: '数量为 1–100000' }),
  /** unit price in 分 */
  price: z
    .number({ error: '请输入单价' })
    .int({ error: '单价须精确到分' })
    .min(0, { error: '单价不能为负' })
    .max(QUOTE_PRICE_MAX, { error: '单价过高' }),
  remark: textSchema({ max: 200, maxError: '备注最多 200 个字', label: '备注' }).default(''),
});

const categoryLines = z
  .array(quoteLineInputSchema)
  .max(QUOTE_LINES_MAX, { error: `每类最多 ${QUOTE_LINES_MAX} 项` });

export const quoteLinesSchema = z.strictObject(
  Object.fromEntries(REQUIREMENT_CATEGORIES.map(([key]) => [key, categoryLines.optional()])) as Record<
    (typeof REQUIREMENT_CATEGORIES)[number][0],
    z.ZodOptional<typeof categoryLines>
  >,
);

/**
 * Projectcenter/priceTable and editPriceTable. The lines of a category repeat the project's
 * requirement items first, in order (same name and quantity; the server takes spec and unit from
 * the project), each with a price; the supplier may add extra lines after them (transport,
 * design…). Amounts, subtotals and the total are computed by the server.
 */
export const priceTableSchema = z.strictObject({
  id: projectIdSchema.shape.id,
  lines: quoteLinesSchema,
  days: z
    .number({ error: '请输入施工天数' })
    .int({ error: '施工天数须为整数' })
    .min(1, { error: '施工天数为 1–365 天' })
    .max(365, { error: '施工天数为 1–365 天' }),
  remark: textSchema({
    max: 1000,
    maxError: '报价说明最多 1000 个字',
    label: '报价说明',
    multiline: true,
  }).default(''),
  attachments: z
    .array(fileIdSchema('附件'))
    .max(QUOTE_ATTACHMENTS_MAX, { error: `附件最多 ${QUOTE_ATTACHMENTS_MAX} 个` })
    .default([]),
});
export type PriceTableInput = z.input<typeof priceTableSchema>;

/** A requirement category's key (dimian … zulin). */
const categoryKeySchema = z.enum(
  REQUIREMENT_CATEGORIES.map(([key]) => key) as [RequirementCategory, ...RequirementCategory[]],
);

export const quoteLineSchema = requirementItemSchema.extend({
  price: z.number().int(),
  /** qty × price, 分 */
  amount: z.number().int(),
});
export type QuoteLine = z.infer<typeof quoteLineSchema>;

/**
 * `quotes.status` (docs/product.md § Quote status). A quote is pending until the project is
 * decided: the award makes the chosen one won and every other pending one lost; a project
 * cancelled or expired before the award closes every pending one (coins refunded).
 */
export const QUOTE_STATUS = { PENDING: 0, WON: 1, LOST: 2, CLOSED: 3 } as const;
export type QuoteStatus = (typeof QUOTE_STATUS)[keyof typeof QUOTE_STATUS];

export const quoteStatusLabels = labelsByCode<QuoteStatus>(['报价中', '已中标', '未中标', '已关闭']);

/** The API's names of the quote statuses, indexed by `QUOTE_STATUS` code. */
export const QUOTE_STATES = ['pending', 'won', 'lost', 'closed'] as const;
export type QuoteState = (typeof QUOTE_STATES)[number];
export function quoteStateOf(status: number): QuoteState {
  return QUOTE_STATES[status] ?? 'closed';
}
/** The code of a quote state name (the inverse of `quoteStateOf`). */
export function quoteStatusOf(state: QuoteState): QuoteStatus {
  return QUOTE_STATUS[state.toUpperCase() as Uppercase<QuoteState>];
}

/** The caller's own quote, whole. */
export const quoteSchema = z.object({
  quoteId: z.number().int(),
  projectId: z.number().int(),
  lines: z.record(z.string(), z.array(quoteLineSchema)),
  subtotals: z.record(z.string(), z.number().int()),
  total: z.number().int(),
  days: z.number().int(),
  remark: z.string(),
  attachments: z.array(fileRefSchema),
  status: z.number().int(),
  state: z.enum(QUOTE_STATES),
  coinsPaid: z.number().int(),
  created: z.string(),
  updated: z.string(),
});
export type QuoteView = z.infer<typeof quoteSchema>;

export const projectFeeResultSchema = z.object({
  coins: z.number().int(),
  balance: z.number().int(),
  enough: z.boolean(),
  quoted: z.boolean(),
});
export type ProjectFeeResult = z.infer<typeof projectFeeResultSchema>;

export const priceTableInfoSchema = z.object({
  project: z.object({ id: z.number().int(), title: z.string(), orders: z.string(), coins: z.number().int() }),
  categories: z.array(
    z.object({ key: categoryKeySchema, label: z.string(), items: z.array(requirementItemSchema) }),
  ),
  quote: quoteSchema.nullable(),
});
export type PriceTableInfo = z.infer<typeof priceTableInfoSchema>;

export const winnerInfoSchema = z.object({
  awarded: z.boolean(),
  winner: z
    .object({
      cardno: z.string(),
      /** the name to show: verified company, else verified real name, else nickname (docs/members.md "Party names") */
      name: z.string(),
      nickname: z.string(),
      company: z.string(),
      /** docs/delivery-complaint.md "Track record" */
      trackRecord: trackRecordSchema,
      /** the winner's score, null = 暂无评分 (docs/delivery-evaluation.md) */
      score: z.number().nullable().optional(),
    })
    .nullable(),
  /** the caller's own quote: null when the caller is the customer */
  mine: z.enum(QUOTE_STATES).nullable(),
  /** the other party's contact: to the winner the customer's, to the customer the winner's */
  contact: z.object({ mobile: z.string(), name: z.string() }).nullable(),
});
export type WinnerInfo = z.infer<typeof winnerInfoSchema>;

export const factoryPrjctListSchema = z.strictObject({
  state: z.enum(QUOTE_STATES, { error: '报价状态不正确' }).optional(),
  page: z.coerce.number({ error: '页码不正确' }).int().min(1).max(10_000).default(1),
  pageSize: z.coerce
    .number({ error: '每页条数不正确' })
    .int({ error: '每页条数不正确' })
    .min(1, { error: '每页条数为 1–50' })
    .max(50, { error: '每页条数为 1–50' })
    .default(20),
});
export type FactoryPrjctListInput = z.input<typeof factoryPrjctListSchema>;

export const factoryPrjctListResultSchema = z.object({
  listItem: z.array(
    projectSummarySchema.extend({
      quoteId: z.number().int(),
      quoteTotal: z.number().int(),
      quoteState: z.enum(QUOTE_STATES),
      /** the won project's delivery step (docs/delivery-contract.md), null for other quotes */
      delivery: deliveryStepViewSchema.nullable(),
    }),
  ),
  total: z.number().int(),
  page: z.number().int(),
});
export type FactoryPrjctListResult = z.infer<typeof factoryPrjctListResultSchema>;
