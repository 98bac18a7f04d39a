import { z } from 'zod';
import { fileIdSchema, fileRefSchema } from '../file/file.schema.ts';
import { idcardSchema } from '../member/member.schema.ts';
import { labelledText } from '../text/text.schema.ts';
import { mobileSchema } from '../user/user.schema.ts';
import { projectIdSchema } from './search.schema.ts';

/**
 * The venue filing (报馆, docs/filing.md): after the award the winner fills what venues ask for —
 * the electrical load, the crew, the materials with their fire rating, the insurance policy — and
 * downloads one PDF of it; then records the venue's answer. ID numbers never reach the customer.
 */

/** none: nothing saved yet · draft: saved, not yet submitted to the venue */
export const FILING_STATUSES = ['none', 'draft', 'submitted', 'approved', 'changes'] as const;
export type FilingStatus = (typeof FILING_STATUSES)[number];
export const filingStatusLabels: Record<FilingStatus, string> = {
  none: '未填写',
  draft: '已填写，待提交场馆',
  submitted: '已提交场馆，待审核',
  approved: '场馆已通过',
  changes: '场馆要求修改',
};
/** what the winner may record of the venue's answer */
export const FILING_ANSWERS = ['submitted', 'approved', 'changes'] as const;
export type FilingAnswer = (typeof FILING_ANSWERS)[number];

/** 防火等级 (GB 8624): A 不燃 · B1 难燃 · B2 可燃 · B3 易燃 */
export const FIRE_RATINGS = ['A', 'B1', 'B2', 'B3'] as const;
export type FireRating = (typeof FIRE_RATINGS)[number];
export const fireRatingLabels: Record<FireRating, string> = {
  A: 'A 级（不燃）',
  B1: 'B1 级（难燃）',
  B2: 'B2 级（可燃）',
  B3: 'B3 级（易燃）',
};

export const FILING_CREW_MAX = 50;
export const FILING_MATERIALS_MAX = 50;
/** the largest electrical load accepted, kW */
export const FILING_KW_MAX = 2000;

/** An ID number as the customer sees it: masked but the last 4 characters. */
export function maskIdcard(idcard: string): string {
  return idcard.length <= 4 ? idcard : `${'*'.repeat(idcard.length - 4)}${idcard.slice(-4)}`;
}

const crewSchema = z.strictObject(
  {
    name: labelledText('姓名', 30).min(1, { error: '请输入姓名' }),
    role: labelledText('工种', 20).min(1, { error: '请输入工种' }),
    mobile: mobileSchema,
    idcard: idcardSchema,
  },
  { error: '施工人员格式不正确' },
);

const materialSchema = z.strictObject(
  {
    name: labelledText('材料名称', 40).min(1, { error: '请输入材料名称' }),
    fireRating: z.enum(FIRE_RATINGS, { error: '请选择防火等级' }),
  },
  { error: '材料格式不正确' },
);

/** Projectcenter/filingSave */
export const filingSaveSchema = z.strictObject({
  id: projectIdSchema.shape.id,
  power: z.strictObject(
    {
      kw: z
        .number({ error: '请输入用电功率' })
        .positive({ error: '用电功率须大于 0' })
        .max(FILING_KW_MAX, { error: `用电功率最多 ${FILING_KW_MAX} kW` })
        .refine((v) => Math.round(v * 10) === v * 10, { error: '用电功率最多保留一位小数' }),
      box: labelledText('电箱规格', 40).min(1, { error: '请输入电箱规格，如 380V/63A 三相' }),
    },
    { error: '请填写用电信息' },
  ),
  crew: z
    .array(crewSchema, { error: '请填写施工人员' })
    .min(1, { error: '请至少填写一名施工人员' })
    .max(FILING_CREW_MAX, { error: `施工人员最多 ${FILING_CREW_MAX} 人` }),
  materials: z
    .array(materialSchema, { error: '请填写搭建材料' })
    .min(1, { error: '请至少填写一种搭建材料' })
    .max(FILING_MATERIALS_MAX, { error: `搭建材料最多 ${FILING_MATERIALS_MAX} 种` }),
  insurance: fileIdSchema('施工保险单'),
});
export type FilingSaveInput = z.input<typeof filingSaveSchema>;

/** Projectcenter/filingStatus: the venue's answer as the winner records it. */
export const filingStatusSchema = z
  .strictObject({
    id: projectIdSchema.shape.id,
    status: z.enum(FILING_ANSWERS, { error: '请选择场馆审核结果' }),
    file: fileIdSchema('场馆回执').optional(),
    note: labelledText('说明', 200, true).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.status === 'approved' && !v.file)
      ctx.addIssue({ code: 'custom', path: ['file'], message: '请上传场馆的审核通过文件' });
    if (v.status === 'changes' && !v.note)
      ctx.addIssue({ code: 'custom', path: ['note'], message: '请写明场馆要求修改的内容' });
  });
export type FilingStatusInput = z.input<typeof filingStatusSchema>;

const crewViewSchema = z.object({
  name: z.string(),
  role: z.string(),
  mobile: z.string(),
  /** the whole number to the winner; masked but the last 4 to the customer */
  idcard: z.string(),
});

/** `data` of Projectcenter/filingInfo (and of the filing calls). */
export const filingViewSchema = z.object({
  id: z.number(),
  role: z.enum(['customer', 'supplier']),
  status: z.enum(FILING_STATUSES),
  statusText: z.string(),
  /** ISO: the venue's drawing-approval deadline (报馆截止), null when the project has none */
  deadline: z.string().nullable(),
  /** past the deadline and not approved: red on both sides */
  late: z.boolean(),
  power: z.object({ kw: z.number(), box: z.string() }).nullable(),
  crew: z.array(crewViewSchema),
  materials: z.array(z.object({ name: z.string(), fireRating: z.enum(FIRE_RATINGS) })),
  insurance: fileRefSchema.nullable(),
  /** what the venue answered, oldest first */
  history: z.array(
    z.object({
      status: z.enum(FILING_ANSWERS),
      at: z.string(),
      note: z.string(),
      file: fileRefSchema.nullable(),
    }),
  ),
  /** ISO: when the pack was last saved */
  savedAt: z.string().nullable(),
  canEdit: z.boolean(),
  /** the answers the winner may record now */
  canRecord: z.array(z.enum(FILING_ANSWERS)),
});
export type FilingView = z.infer<typeof filingViewSchema>;

/** Admin/filingList: the console's 报馆 list (docs/filing.md "Console"). */
export const adminFilingListSchema = z.strictObject({
  /** only the late ones: past the deadline and not approved */
  late: z.boolean({ error: '筛选条件不正确' }).default(false),
  page: z.number({ error: '页码不正确' }).int({ error: '页码不正确' }).min(1).max(10_000).default(1),
});
export const adminFilingPageSchema = z.object({
  listItem: z.array(
    z.object({
      id: z.number(),
      orders: z.string(),
      title: z.string(),
      customerName: z.string(),
      supplierName: z.string(),
      /** ISO */
      deadline: z.string(),
      /** ISO */
      buildStart: z.string(),
      status: z.enum(FILING_STATUSES),
      statusText: z.string(),
      late: z.boolean(),
    }),
  ),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type AdminFilingPage = z.infer<typeof adminFilingPageSchema>;
