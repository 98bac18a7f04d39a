import { z } from 'zod';
import { fileIdSchema, fileRefSchema } from '../file/file.schema.ts';
import { REQUIREMENT_CATEGORIES, type RequirementCategory } from '../project/project-states.ts';
import { projectIdSchema } from '../project/search.schema.ts';
import { textSchema } from '../text/text.schema.ts';

/**
 * The completion report as an acceptance checklist (docs/delivery-report.md). Every priced line of
 * the winning quote is one checklist line, keyed `<category>:<index>` (e.g. `dimian:0`).
 */
export const REPORT_WORKPIC_MAX = 30;
export const REPORT_FILES_MAX = 10;
export const REPORT_LINE_PHOTOS_MAX = 9;
export const REPORT_REMARK_MAX = 1000;
export const REPORT_NOTE_MAX = 500;
export const REPORT_REASON_MIN = 2;
export const REPORT_REASON_MAX = 200;
/** at most 7 categories × 50 lines */
export const REPORT_LINES_MAX = 350;

export const REPORT_LINE_STATES = ['pending', 'ok', 'flagged'] as const;
export type ReportLineState = (typeof REPORT_LINE_STATES)[number];
export const reportLineStateLabels: Record<ReportLineState, string> = {
  pending: '待验收',
  ok: '已验收',
  flagged: '需整改',
};

const categoryKeys = REQUIREMENT_CATEGORIES.map(([key]) => key).join('|');
/** `<category>:<index>`, or an approved 增项's line `change-<orderId>:<index>` (docs/change-orders.md) */
export const REPORT_LINE_KEY_RE = new RegExp(
  `^(?:(${categoryKeys})|change-([1-9]\\d{0,11})):(0|[1-9]\\d{0,2})$`,
);

export function reportLineKey(category: RequirementCategory, index: number): string {
  return `${category}:${index}`;
}

/** `dimian:0` → { category: 'dimian', index: 0 }; null when it is not a checklist key. */
export function parseReportLineKey(key: string): { category: RequirementCategory; index: number } | null {
  const m = REPORT_LINE_KEY_RE.exec(key);
  return m?.[1] ? { category: m[1] as RequirementCategory, index: Number(m[3]) } : null;
}

const lineKeySchema = textSchema({
  error: '请指明清单项',
  max: 24,
  maxError: '清单项不正确',
  label: '清单项',
}).regex(REPORT_LINE_KEY_RE, { error: '清单项不正确' });

export const reportLineInputSchema = z.strictObject({
  line: lineKeySchema,
  photos: z
    .array(fileIdSchema('清单项照片'))
    .min(1, { error: '每个清单项至少上传 1 张照片' })
    .max(REPORT_LINE_PHOTOS_MAX, { error: `每个清单项最多 ${REPORT_LINE_PHOTOS_MAX} 张照片` }),
  note: textSchema({
    max: REPORT_NOTE_MAX,
    maxError: `说明最多 ${REPORT_NOTE_MAX} 个字`,
    label: '说明',
    multiline: true,
  }).default(''),
});
export type ReportLineInput = z.input<typeof reportLineInputSchema>;

/** Projectcenter/fUpdateReports */
export const updateReportsSchema = z.strictObject({
  id: projectIdSchema.shape.id,
  workpic: z
    .array(fileIdSchema('完工照片'))
    .min(1, { error: '请至少上传 1 张完工照片' })
    .max(REPORT_WORKPIC_MAX, { error: `完工照片最多 ${REPORT_WORKPIC_MAX} 张` }),
  reports: z
    .array(fileIdSchema('报告文件'))
    .max(REPORT_FILES_MAX, { error: `报告文件最多 ${REPORT_FILES_MAX} 个` })
    .default([]),
  remark: textSchema({
    max: REPORT_REMARK_MAX,
    maxError: `完工说明最多 ${REPORT_REMARK_MAX} 个字`,
    label: '完工说明',
    multiline: true,
  }).default(''),
  lines: z.array(reportLineInputSchema).max(REPORT_LINES_MAX, { error: '清单项过多' }).default([]),
});
export type UpdateReportsInput = z.input<typeof updateReportsSchema>;

export const reportReviewLineSchema = z.strictObject({
  line: lineKeySchema,
  ok: z.boolean({ error: '请选择该项是否通过' }),
  reason: textSchema({
    max: REPORT_REASON_MAX,
    maxError: `整改原因最多 ${REPORT_REASON_MAX} 个字`,
    label: '整改原因',
    multiline: true,
  }).optional(),
});

/** Customer/reportReview */
export const reportReviewSchema = z.strictObject({
  id: projectIdSchema.shape.id,
  approve: z.boolean({ error: '请选择验收通过或提交整改意见' }),
  lines: z.array(reportReviewLineSchema).max(REPORT_LINES_MAX, { error: '清单项过多' }).optional(),
});
export type ReportReviewInput = z.input<typeof reportReviewSchema>;

export const reportLineViewSchema = z.object({
  line: z.string(),
  category: z.string(),
  categoryName: z.string(),
  index: z.number().int(),
  name: z.string(),
  spec: z.string(),
  unit: z.string(),
  qty: z.number(),
  price: z.number().int(),
  amount: z.number().int(),
  photos: z.array(fileRefSchema),
  note: z.string(),
  state: z.enum(REPORT_LINE_STATES),
  reason: z.string(),
  round: z.number().int(),
  submittedAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
});
export type ReportLineView = z.infer<typeof reportLineViewSchema>;

/** Projectcenter/reportInfo: the checklist, to the winner and the project's customer. */
export const reportInfoSchema = z.object({
  id: z.number().int(),
  orders: z.string(),
  title: z.string(),
  status: z.number().int(),
  reportck: z.number().int(),
  reportdate: z.string().nullable(),
  /** the caller's side */
  role: z.enum(['supplier', 'customer']),
  workpic: z.array(fileRefSchema),
  reports: z.array(fileRefSchema.extend({ name: z.string() })),
  remark: z.string(),
  /** 0 before the first report */
  round: z.number().int(),
  lines: z.array(reportLineViewSchema),
  /** the winning quote's total and the prepayment held, 分 */
  total: z.number().int(),
  prepayp: z.number().int(),
  complaintOpen: z.boolean(),
  /** the date the system accepts an undecided report (reportck 1), else null */
  autoAcceptAt: z.string().nullable(),
  accepted: z
    .object({
      at: z.string().nullable(),
      by: z.string(),
      released: z.number().int(),
      commission: z.number().int(),
    })
    .nullable(),
});
export type ReportInfo = z.infer<typeof reportInfoSchema>;

export const reportReviewResultSchema = z.object({
  status: z.number().int(),
  reportck: z.number().int(),
  released: z.number().int(),
  commission: z.number().int(),
});
export type ReportReviewResult = z.infer<typeof reportReviewResultSchema>;
