import { z } from 'zod';
import { fileIdSchema, fileRefSchema } from '../file/file.schema.ts';
import { pageSchema, pageSizeSchema, projectIdSchema } from '../project/search.schema.ts';
import { textSchema } from '../text/text.schema.ts';

/**
 * Complaints (docs/delivery-complaint.md): either party of an awarded project (status 2–5) files
 * one; the other party answers within COMPLAINT_RULES.answerDays; an operator (reviewer or super)
 * rules: dismiss, or close the project and split the escrow.
 */
export const COMPLAINT_RULES = {
  contentMin: 10,
  contentMax: 1000,
  filesMax: 10,
  /** the respondent's statement is due this many days after the complaint */
  answerDays: 3,
  reasonMax: 500,
} as const;

export const COMPLAINT_TYPES = ['质量问题', '工期延误', '违约', '付款纠纷', '其他'] as const;
export type ComplaintType = (typeof COMPLAINT_TYPES)[number];

/** open (filed) → answered (the respondent stated its side) → ruled */
export const COMPLAINT_STATES = ['open', 'answered', 'ruled'] as const;
export type ComplaintState = (typeof COMPLAINT_STATES)[number];
export const COMPLAINT_STATE_TEXT: Record<ComplaintState, string> = {
  open: '待答复',
  answered: '待裁决',
  ruled: '已裁决',
};

export const COMPLAINT_DECISIONS = ['dismiss', 'split'] as const;
export type ComplaintDecision = (typeof COMPLAINT_DECISIONS)[number];
export const COMPLAINT_DECISION_TEXT: Record<ComplaintDecision, string> = {
  dismiss: '驳回投诉',
  split: '关闭项目并分配托管款',
};

export type ComplaintSide = 'customer' | 'supplier';
export const COMPLAINT_SIDE_TEXT: Record<ComplaintSide, string> = { customer: '参展商', supplier: '供应商' };

const complaintIdSchema = z.coerce
  .number({ error: '投诉编号不正确' })
  .int({ error: '投诉编号不正确' })
  .min(1, { error: '投诉编号不正确' })
  .max(Number.MAX_SAFE_INTEGER, { error: '投诉编号不正确' });

const contentSchema = (label: string) =>
  textSchema({
    error: `请填写${label}`,
    max: COMPLAINT_RULES.contentMax,
    maxError: `${label}最多 ${COMPLAINT_RULES.contentMax} 个字`,
    label,
    multiline: true,
  }).min(COMPLAINT_RULES.contentMin, { error: `${label}至少 ${COMPLAINT_RULES.contentMin} 个字` });

const filesSchema = z
  .array(fileIdSchema('证据文件'), { error: '证据文件不正确' })
  .max(COMPLAINT_RULES.filesMax, { error: `证据文件最多 ${COMPLAINT_RULES.filesMax} 个` })
  .default([]);

// ---------- Complain/complainAdd ----------

export const complainAddSchema = z.strictObject({
  /** the project */
  id: projectIdSchema.shape.id,
  type: z.enum(COMPLAINT_TYPES, { error: '请选择投诉类型' }),
  content: contentSchema('投诉内容'),
  files: filesSchema,
});
export type ComplainAddInput = z.input<typeof complainAddSchema>;

// ---------- Complain/complainEdit ----------

/**
 * One call for both parties while the complaint is not ruled: the complainant rewrites its text
 * and evidence while it is unanswered; the respondent writes (or rewrites) its statement.
 */
export const complainEditSchema = z.strictObject({
  id: complaintIdSchema,
  content: contentSchema('内容'),
  files: filesSchema,
});
export type ComplainEditInput = z.input<typeof complainEditSchema>;

export const complainIdSchema = z.strictObject({ id: complaintIdSchema });
export const complainListSchema = z.strictObject({
  page: pageSchema,
  pageSize: pageSizeSchema,
  /** only this project's complaints (the project pages ask whether one is open) */
  projectId: projectIdSchema.shape.id.optional(),
});

// ---------- what the parties see ----------

export const complaintPartySchema = z.object({
  id: z.number(),
  side: z.enum(['customer', 'supplier']),
  sideText: z.string(),
  name: z.string(),
});

export const complaintRulingSchema = z.object({
  decision: z.enum(COMPLAINT_DECISIONS),
  decisionText: z.string(),
  /** 分 back to the customer */
  refundFen: z.number(),
  /** 分 released to the supplier (before commission) */
  releasedFen: z.number(),
  /** 分 platform commission on the released part */
  commissionFen: z.number(),
  reason: z.string(),
  ruledAt: z.string(),
});
export type ComplaintRuling = z.infer<typeof complaintRulingSchema>;

export const complaintItemSchema = z.object({
  id: z.number(),
  projectId: z.number(),
  projectTitle: z.string(),
  orders: z.string(),
  /** the project's status now */
  projectStatus: z.number(),
  type: z.enum(COMPLAINT_TYPES),
  state: z.enum(COMPLAINT_STATES),
  stateText: z.string(),
  /** the caller filed it (true) or is the respondent (false); operators: false */
  mine: z.boolean(),
  complainant: complaintPartySchema,
  respondent: complaintPartySchema,
  created: z.string(),
  /** the respondent's statement is due by then (ISO) */
  answerDue: z.string(),
});
export type ComplaintItem = z.infer<typeof complaintItemSchema>;

export const complaintDetailSchema = complaintItemSchema.extend({
  content: z.string(),
  files: z.array(fileRefSchema),
  answer: z.string(),
  answerFiles: z.array(fileRefSchema),
  answeredAt: z.string().nullable(),
  ruling: complaintRulingSchema.nullable(),
  /** what the caller may do now */
  canEdit: z.boolean(),
  canAnswer: z.boolean(),
});
export type ComplaintDetail = z.infer<typeof complaintDetailSchema>;

export const complaintPageSchema = z.object({
  listItem: z.array(complaintItemSchema),
  total: z.number(),
  page: z.number(),
});
export type ComplaintPage = z.infer<typeof complaintPageSchema>;

// ---------- operator console ----------

export const adminComplaintListSchema = z.strictObject({
  state: z.enum(COMPLAINT_STATES, { error: '状态不正确' }).optional(),
  page: pageSchema,
  pageSize: pageSizeSchema,
});

export const adminComplaintDetailSchema = complaintDetailSchema.extend({
  /** 分 in escrow for the project now */
  escrowHeld: z.number(),
  /** the platform commission in basis points (the split's release pays it) */
  commissionBp: z.number(),
  prepay: z.number(),
  sdate: z.string(),
  edate: z.string(),
});
export type AdminComplaintDetail = z.infer<typeof adminComplaintDetailSchema>;

export const complaintRuleSchema = z.strictObject({
  id: complaintIdSchema,
  decision: z.enum(COMPLAINT_DECISIONS, { error: '请选择裁决结果' }),
  /** 分 of the escrow back to the customer (split only; default 0) */
  refundFen: z
    .number({ error: '退款金额不正确' })
    .int({ error: '退款金额不正确' })
    .min(0, { error: '退款金额不能为负' })
    .max(Number.MAX_SAFE_INTEGER, { error: '退款金额不正确' })
    .optional(),
  reason: textSchema({
    error: '请填写裁决理由',
    max: COMPLAINT_RULES.reasonMax,
    maxError: '裁决理由最多 500 个字',
    label: '裁决理由',
    multiline: true,
  }).min(2, { error: '请填写裁决理由' }),
});
export type ComplaintRuleInput = z.input<typeof complaintRuleSchema>;

export const complaintRuleResultSchema = z.object({
  id: z.number(),
  ruling: complaintRulingSchema,
  projectStatus: z.number(),
  /** the Alipay refund was accepted now (false: the reconciliation job sends it again) */
  refundSent: z.boolean(),
});
