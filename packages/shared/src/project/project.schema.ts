import { z } from 'zod';
import { isRealDate, shanghaiMidnight, shanghaiToday } from '../date/date.ts';
import { FILE_ID_RE } from '../file/file.schema.ts';
import { trackRecordSchema } from '../member/track-record.schema.ts';
import { PAY_PLAN_DEFAULT, payPlanSchema } from '../payment/pay-plan.ts';
import { isValidRegion } from '../region/region.ts';
import { labelledText, textSchema } from '../text/text.schema.ts';
import { PROJECT_GROUPS } from './project-states.ts';
import { projectDetailSchema, projectSummarySchema } from './project-view.schema.ts';
import { defaultShowDates, showDateIssues } from './show-dates.ts';

/**
 * Customer and operator calls of the marketplace (docs/marketplace.md). The supplier calls'
 * schemas live in quote.schema.ts.
 */

function text(label: string, max: number, min = 0, multiline = false) {
  const s = labelledText(label, max, multiline);
  // empty asks for the field; too short says how long (the first issue is the one shown)
  const asked = min > 0 ? s.min(1, { error: `请输入${label}` }) : s;
  return min > 1 ? asked.min(min, { error: `${label}至少 ${min} 个字` }) : asked;
}

/** Metres with at most two decimals, 0.5–200. */
function metres(label: string) {
  return z
    .number({ error: `请输入${label}（米）` })
    .min(0.5, { error: `${label}不能小于 0.5 米` })
    .max(200, { error: `${label}不能大于 200 米` })
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { error: `${label}最多两位小数` });
}

/** An instant of a form's date-time picker: ISO 8601 with its offset. */
function instantField(label: string) {
  return textSchema({ error: `请选择${label}`, max: 40, maxError: `${label}格式不正确`, label })
    .min(1, { error: `请选择${label}` })
    .pipe(z.iso.datetime({ offset: true, error: `${label}格式不正确` }));
}

function dateField(label: string) {
  return textSchema({ error: `请选择${label}`, max: 10, maxError: `${label}格式应为 YYYY-MM-DD`, label })
    .min(1, { error: `请选择${label}` })
    .refine(isRealDate, { error: `${label}格式应为 YYYY-MM-DD` });
}

/** One requirement line: `{name, spec, unit, qty, remark}`. */
export const requirementItemInputSchema = z.strictObject({
  name: text('项目名称', 50, 1),
  spec: text('规格', 100).default(''),
  unit: text('单位', 10, 1),
  qty: z
    .number({ error: '请输入数量' })
    .int({ error: '数量应为整数' })
    .min(1, { error: '数量至少为 1' })
    .max(100_000, { error: '数量最多 100000' }),
  remark: text('备注', 200).default(''),
});
export type RequirementItemInput = z.input<typeof requirementItemInputSchema>;

const requirementList = (label: string) =>
  z.array(requirementItemInputSchema, { error: `${label}清单格式不正确` }).max(50, {
    error: `${label}清单最多 50 项`,
  });

const list = (label: string) => requirementList(label).default([]);
const lists = {
  dimian: list('地面'),
  beiban: list('背板'),
  mentou: list('门头'),
  zhanshi: list('展示'),
  jiedai: list('接待'),
  meigong: list('美工'),
  zulin: list('租赁'),
};

const groupIds = Object.keys(PROJECT_GROUPS).map(Number);
const idField = (label: string) =>
  z
    .number({ error: `${label}不正确` })
    .int({ error: `${label}不正确` })
    .min(1, { error: `${label}不正确` })
    .max(Number.MAX_SAFE_INTEGER, { error: `${label}不正确` });

const fileId = (label: string) =>
  textSchema({
    error: `${label}无效，请重新上传`,
    max: 40,
    maxError: `${label}无效，请重新上传`,
    label,
  }).regex(FILE_ID_RE, { error: `${label}无效，请重新上传` });

// ---------- Customer/projectSave ----------

/**
 * Publishing or editing a project. `areas` is never taken from the client (the server computes
 * length × width). Date rules use Asia/Shanghai calendar days; `biddl` is an ISO instant.
 */
export const projectSaveSchema = z
  .strictObject({
    id: idField('项目编号').optional(),
    groupid: z
      .number({ error: '请选择项目类别' })
      .int({ error: '请选择项目类别' })
      .refine((v) => groupIds.includes(v), { error: '请选择项目类别' }),
    title: text('项目标题', 50, 4),
    length: metres('长度'),
    width: metres('宽度'),
    height: metres('高度'),
    opens: z
      .number({ error: '请选择开口数' })
      .int({ error: '开口数为 1–4' })
      .min(1, { error: '开口数为 1–4' })
      .max(4, { error: '开口数为 1–4' }),
    /** the payment plan (docs/staged-escrow.md); `prepay` itself is the first stage's amount, set at the award */
    payPlan: payPlanSchema.default(PAY_PLAN_DEFAULT),
    sdate: dateField('开展日期'),
    edate: dateField('撤展日期'),
    /** build-in and teardown windows (ISO instants; absent: the defaults of defaultShowDates) */
    buildStart: instantField('进场布展开始时间').optional(),
    buildEnd: instantField('布展结束时间').optional(),
    teardownStart: instantField('撤场开始时间').optional(),
    teardownEnd: instantField('撤场结束时间').optional(),
    /** the venue's drawing-approval deadline (报馆截止); '' or absent: none */
    filingDeadline: textSchema({ max: 40, maxError: '报馆截止时间格式不正确', label: '报馆截止时间' })
      .refine((v) => v === '' || z.iso.datetime({ offset: true }).safeParse(v).success, {
        error: '报馆截止时间格式不正确',
      })
      .optional(),
    hall: text('馆号', 20).default(''),
    booth: text('展位号', 20).default(''),
    /** 施工押金, 分 (0: none) */
    deposit: z
      .number({ error: '施工押金格式不正确' })
      .int({ error: '施工押金应为整数（分）' })
      .min(0, { error: '施工押金不能为负数' })
      .max(100_000_000_00, { error: '施工押金最多 1 亿元' })
      .default(0),
    biddl: textSchema({
      error: '请选择报价截止时间',
      max: 40,
      maxError: '报价截止时间格式不正确',
      label: '报价截止时间',
    })
      .min(1, { error: '请选择报价截止时间' })
      .pipe(z.iso.datetime({ offset: true, error: '报价截止时间格式不正确' })),
    prov: textSchema({ error: '请选择展会所在地区', max: 20, label: '展会所在地区' }).min(1, {
      error: '请选择展会所在地区',
    }),
    city: textSchema({ error: '请选择展会所在城市', max: 20, label: '展会所在城市' }).min(1, {
      error: '请选择展会所在城市',
    }),
    strt: textSchema({ max: 20, maxError: '所在区县不正确', label: '所在区县' }).default(''),
    addr: text('展馆地址', 200).default(''),
    picture: z
      .array(fileId('参考图片'), { error: '参考图片格式不正确' })
      .max(9, { error: '参考图片最多 9 张' })
      .default([]),
    attach: textSchema({ max: 40, maxError: '附件无效，请重新上传', label: '附件' })
      .refine((v) => v === '' || FILE_ID_RE.test(v), { error: '附件无效，请重新上传' })
      .default(''),
    conts: text('项目描述', 5000, 0, true).default(''),
    ...lists,
  })
  .superRefine((v, ctx) => {
    if (!isValidRegion(v.prov, v.city, v.strt))
      ctx.addIssue({ code: 'custom', path: ['city'], message: '展会所在地区不正确，请重新选择' });
    if (new Set(v.picture).size !== v.picture.length)
      ctx.addIssue({ code: 'custom', path: ['picture'], message: '参考图片有重复' });
    // Cross-field rules only between values that are themselves valid (one message per mistake).
    if (!isRealDate(v.sdate) || !isRealDate(v.edate) || Number.isNaN(Date.parse(v.biddl))) return;
    const today = shanghaiToday();
    if (v.sdate < today) ctx.addIssue({ code: 'custom', path: ['sdate'], message: '开展日期不能早于今天' });
    if (v.edate < v.sdate)
      ctx.addIssue({ code: 'custom', path: ['edate'], message: '撤展日期不能早于开展日期' });
    const deadline = Date.parse(v.biddl);
    if (deadline <= Date.now())
      ctx.addIssue({ code: 'custom', path: ['biddl'], message: '报价截止时间应晚于现在' });
    else if (deadline >= shanghaiMidnight(v.sdate).getTime())
      ctx.addIssue({ code: 'custom', path: ['biddl'], message: '报价截止时间应早于开展日期' });
    // the show's hard dates (docs/show-dates.md), those given or their defaults
    if (v.edate < v.sdate) return;
    const d = defaultShowDates(v.sdate, v.edate);
    const at = (x: string | undefined, fallback: Date) => (x ? new Date(x) : fallback);
    for (const issue of showDateIssues(
      {
        sdate: v.sdate,
        edate: v.edate,
        buildStart: at(v.buildStart, d.buildStart),
        buildEnd: at(v.buildEnd, d.buildEnd),
        teardownStart: at(v.teardownStart, d.teardownStart),
        teardownEnd: at(v.teardownEnd, d.teardownEnd),
        filingDeadline: v.filingDeadline ? new Date(v.filingDeadline) : null,
      },
      new Date(),
      v.buildStart !== undefined,
    ))
      ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  });
export type ProjectSaveInput = z.input<typeof projectSaveSchema>;
export type ProjectSaveValues = z.output<typeof projectSaveSchema>;

/** Area in m², two decimals, from length × width in metres (integer arithmetic on centimetres). */
export function computeAreas(length: number, width: number): number {
  const cm2 = Math.round(length * 100) * Math.round(width * 100);
  return Math.round(cm2 / 100) / 100;
}

/** The operator's default quoting price by area (docs/marketplace.md). */
export function suggestedCoins(areas: number): number {
  if (areas <= 36) return 5;
  if (areas <= 100) return 10;
  if (areas <= 300) return 20;
  return 30;
}

// ---------- Customer/projectList, projectInfo, projectCancel, quoteList, award ----------

const page = z.number({ error: '页码不正确' }).int().min(1, { error: '页码不正确' }).max(10_000).default(1);
const pageSize = z
  .number({ error: '每页条数不正确' })
  .int()
  .min(1, { error: '每页条数为 1–50' })
  .max(50, { error: '每页条数为 1–50' })
  .default(20);

export const customerProjectListSchema = z.strictObject({
  status: z
    .number({ error: '项目状态不正确' })
    .int({ error: '项目状态不正确' })
    .min(0, { error: '项目状态不正确' })
    .max(7, { error: '项目状态不正确' })
    .optional(),
  page,
  pageSize,
});
export type CustomerProjectListInput = z.input<typeof customerProjectListSchema>;

export const customerProjectIdSchema = z.strictObject({ id: idField('项目编号') });

export const projectCancelSchema = z.strictObject({
  id: idField('项目编号'),
  reason: text('取消原因', 200, 0, true).optional(),
});
export type ProjectCancelInput = z.input<typeof projectCancelSchema>;

export const awardSchema = z.strictObject({ id: idField('项目编号'), quoteId: idField('报价编号') });
export type AwardInput = z.input<typeof awardSchema>;

/** A row of the customer's own list: the summary plus the quote count and the review outcome. */
export const customerProjectItemSchema = projectSummarySchema.extend({
  quoteCount: z.number().int(),
  checked: z.number().int(),
  reason: z.string(),
  closedBy: z.string(),
});
export type CustomerProjectItem = z.infer<typeof customerProjectItemSchema>;

export const customerProjectPageSchema = z.object({
  listItem: z.array(customerProjectItemSchema),
  total: z.number().int(),
  page: z.number().int(),
});
export type CustomerProjectPage = z.infer<typeof customerProjectPageSchema>;

const refSchema = z.object({ id: z.string(), url: z.string(), thumbUrl: z.string().nullable() });
const pricedLine = z.object({
  name: z.string(),
  spec: z.string(),
  unit: z.string(),
  qty: z.number().int(),
  price: z.number().int(),
  amount: z.number().int(),
  remark: z.string(),
});

/** One quote as its project's customer compares them (0 pending · 1 won · 2 lost · 3 withdrawn). */
export const customerQuoteSchema = z.object({
  quoteId: z.number().int(),
  supplier: z.object({
    cardno: z.string(),
    /** the name to show: verified company, else verified real name, else nickname (docs/members.md "Party names") */
    name: z.string(),
    nickname: z.string(),
    company: z.string(),
    /** mean of the revealed evaluations' marks, one decimal; null = 暂无评分 (docs/delivery-evaluation.md) */
    score: z.number().nullable(),
    personauth: z.number().int(),
    businsauth: z.number().int(),
    /** the supplier's track record (docs/delivery-complaint.md) */
    trackRecord: trackRecordSchema,
  }),
  subtotals: z.record(z.string(), z.number().int()),
  total: z.number().int(),
  days: z.number().int(),
  remark: z.string(),
  attachments: z.array(refSchema),
  status: z.number().int(),
  created: z.string(),
  updated: z.string(),
  lines: z.record(z.string(), z.array(pricedLine)),
});
export type CustomerQuote = z.infer<typeof customerQuoteSchema>;
export type CustomerQuoteLine = z.infer<typeof pricedLine>;

export const customerQuoteListSchema = z.object({ listItem: z.array(customerQuoteSchema) });
export type CustomerQuoteList = z.infer<typeof customerQuoteListSchema>;

export const awardResultSchema = z.object({ project: projectDetailSchema, winner: customerQuoteSchema });
export type AwardResult = z.infer<typeof awardResultSchema>;

// ---------- Admin/projectQueue, projectDetail, projectReview ----------

export const adminProjectQueueSchema = z.strictObject({
  checked: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: '审核状态不正确' }).default(0),
  keyword: textSchema({ max: 50, maxError: '关键词最多 50 个字', label: '关键词' }).optional(),
  page,
  pageSize,
});
export type AdminProjectQueueInput = z.input<typeof adminProjectQueueSchema>;

export const adminProjectIdSchema = z.strictObject({ id: idField('项目编号') });

export const adminProjectReviewSchema = z
  .strictObject({
    id: idField('项目编号'),
    approve: z.boolean({ error: '请选择通过或驳回' }),
    coins: z
      .number({ error: '报价金币应为 1–100 的整数' })
      .int({ error: '报价金币应为 1–100 的整数' })
      .min(1, { error: '报价金币应为 1–100 的整数' })
      .max(100, { error: '报价金币应为 1–100 的整数' })
      .optional(),
    reason: textSchema({
      max: 200,
      maxError: '驳回原因最多 200 个字',
      label: '驳回原因',
      multiline: true,
    }).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.approve && v.coins === undefined)
      ctx.addIssue({ code: 'custom', path: ['coins'], message: '请设置报价所需金币（1–100）' });
    if (!v.approve && (v.reason ?? '').length < 2)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: '请填写驳回原因（2–200 个字）' });
  });
export type AdminProjectReviewInput = z.input<typeof adminProjectReviewSchema>;

const customerSummary = z.object({
  cardno: z.string(),
  /** the name to show: verified company, else verified real name, else nickname (docs/members.md "Party names") */
  name: z.string(),
  nickname: z.string(),
  mobile: z.string(),
  company: z.string(),
  realname: z.string(),
  personauth: z.number().int(),
  businsauth: z.number().int(),
});

export const adminProjectItemSchema = projectSummarySchema.extend({
  checked: z.number().int(),
  reason: z.string(),
  closedBy: z.string(),
  /** when it was (re)submitted for review, ISO */
  submitted: z.string(),
  checkdate: z.string(),
  customer: customerSummary.pick({ cardno: true, name: true, nickname: true, mobile: true }),
});
export type AdminProjectItem = z.infer<typeof adminProjectItemSchema>;

export const adminProjectPageSchema = z.object({
  listItem: z.array(adminProjectItemSchema),
  total: z.number().int(),
  page: z.number().int(),
});
export type AdminProjectPage = z.infer<typeof adminProjectPageSchema>;

export const adminProjectDetailSchema = projectDetailSchema.extend({
  customer: customerSummary,
  suggestedCoins: z.number().int(),
  quoteCount: z.number().int(),
});
export type AdminProjectDetail = z.infer<typeof adminProjectDetailSchema>;
