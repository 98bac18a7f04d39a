import { z } from 'zod';
import { pagedSchema } from '../admin/admin.schema.ts';
import { fileIdSchema, fileRefSchema } from '../file/file.schema.ts';
import { pageSchema, pageSizeSchema, projectIdSchema } from '../project/search.schema.ts';
import { labelledText } from '../text/text.schema.ts';

/**
 * Two-sided, double-blind evaluations of a completed project (docs/delivery-evaluation.md).
 * The supplier rates the customer (`factoryCmt`: one mark), the customer rates the supplier
 * (`Customer/evaluate`: quality, service, punctuality). Neither sees the other's until both have
 * submitted or the window closes.
 */
export const EVALUATION_RULES = {
  /** days after acceptance (status 6) during which each side may evaluate once */
  windowDays: 14,
  contentMin: 2,
  contentMax: 500,
  replyMax: 300,
  reasonMax: 200,
  maxPictures: 9,
} as const;

export const EVALUATION_SIDES = ['supplier', 'customer'] as const;
/** the side that wrote the evaluation: `supplier` rates the customer, `customer` rates the supplier */
export type EvaluationSide = (typeof EVALUATION_SIDES)[number];

const mark = (label: string) =>
  z
    .number({ error: `请为${label}打分` })
    .int({ error: `${label}评分为 1–5 的整数` })
    .min(1, { error: `${label}评分为 1–5 的整数` })
    .max(5, { error: `${label}评分为 1–5 的整数` });

const content = () =>
  labelledText('评价内容', EVALUATION_RULES.contentMax, true).min(EVALUATION_RULES.contentMin, {
    error: `评价内容至少 ${EVALUATION_RULES.contentMin} 个字`,
  });

const pictures = z
  .array(fileIdSchema('评价图片'), { error: '评价图片不正确' })
  .max(EVALUATION_RULES.maxPictures, { error: `评价图片最多 ${EVALUATION_RULES.maxPictures} 张` })
  .default([]);

const id = projectIdSchema.shape.id;

// ---------- Projectcenter/factoryCmt, factoryCmtEdit (supplier → customer) ----------

export const factoryCmtSchema = z.strictObject({ id, score: mark('综合'), content: content(), pictures });
export type FactoryCmtInput = z.input<typeof factoryCmtSchema>;

// ---------- Customer/evaluate, evaluateEdit (customer → supplier) ----------

export const customerEvaluateSchema = z.strictObject({
  id,
  quality: mark('质量'),
  service: mark('服务'),
  punctuality: mark('准时'),
  content: content(),
  pictures,
});
export type CustomerEvaluateInput = z.input<typeof customerEvaluateSchema>;

/** `evaluateReply {id, content}`: id is the evaluation's id */
export const evaluateReplySchema = z.strictObject({
  id: z.number({ error: '评价不存在' }).int({ error: '评价不存在' }).positive({ error: '评价不存在' }),
  content: labelledText('回复内容', EVALUATION_RULES.replyMax, true).min(2, { error: '回复内容至少 2 个字' }),
});
export type EvaluateReplyInput = z.input<typeof evaluateReplySchema>;

/** `Projectcenter/evaluateItem {id}`: one evaluation the supplier received */
export const evaluateItemSchema = z.strictObject({ id: evaluateReplySchema.shape.id });

/** `evaluateChange {id, reason}`: ask the customer to revise evaluation `id` */
export const evaluateChangeSchema = z.strictObject({
  id: evaluateReplySchema.shape.id,
  reason: labelledText('申请理由', EVALUATION_RULES.reasonMax, true).min(2, { error: '申请理由至少 2 个字' }),
});
export type EvaluateChangeInput = z.input<typeof evaluateChangeSchema>;

export const evaluationPageSchema = z.strictObject({ page: pageSchema, pageSize: pageSizeSchema });
export const factoryCmtListSchema = evaluationPageSchema.extend({
  /** `received`: what customers wrote about me; `given`: what I wrote */
  kind: z.enum(['received', 'given'], { error: '类型不正确' }).default('received'),
});

// ---------- answers ----------

/** One evaluation as the caller may see it: `hidden` ones carry no marks, text or pictures. */
export const evaluationViewSchema = z.object({
  id: z.number(),
  projectId: z.number(),
  projectTitle: z.string(),
  side: z.enum(EVALUATION_SIDES),
  /** written by the caller */
  mine: z.boolean(),
  /** false while the other side has not evaluated and the window is open (待对方评价后公开) */
  revealed: z.boolean(),
  /** content hidden from the caller (the other side's, not revealed yet) */
  hidden: z.boolean(),
  /** supplier → customer */
  score: z.number().nullable(),
  /** customer → supplier */
  quality: z.number().nullable(),
  service: z.number().nullable(),
  punctuality: z.number().nullable(),
  content: z.string(),
  pictures: z.array(fileRefSchema),
  authorName: z.string(),
  reply: z.string(),
  repliedAt: z.string().nullable(),
  /** a revision was requested (the customer may edit once) */
  changeRequested: z.boolean(),
  changeReason: z.string(),
  /** the one revision after the request was made */
  changeUsed: z.boolean(),
  created: z.string(),
  updated: z.string(),
});
export type EvaluationView = z.infer<typeof evaluationViewSchema>;

/** The evaluations of one project as the caller sees them, and what the caller may do now. */
export const projectEvaluationsSchema = z.object({
  projectId: z.number(),
  /** the caller's side */
  side: z.enum(EVALUATION_SIDES),
  /** ISO time the window closes (acceptance + 14 days) */
  deadline: z.string(),
  open: z.boolean(),
  mine: evaluationViewSchema.nullable(),
  theirs: evaluationViewSchema.nullable(),
  /** the other side has submitted (its content may still be hidden) */
  theirsSubmitted: z.boolean(),
  canSubmit: z.boolean(),
  canEdit: z.boolean(),
});
export type ProjectEvaluations = z.infer<typeof projectEvaluationsSchema>;

export const evaluationListPageSchema = pagedSchema(evaluationViewSchema);
export type EvaluationListPage = z.infer<typeof evaluationListPageSchema>;
