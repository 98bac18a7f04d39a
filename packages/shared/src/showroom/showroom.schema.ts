import { z } from 'zod';
import { pagedSchema } from '../admin/admin.schema.ts';
import { FILE_ID_RE, fileIdSchema, fileRefSchema } from '../file/file.schema.ts';
import { trackRecordSchema } from '../member/track-record.schema.ts';
import { pageSchema, pageSizeSchema } from '../project/search.schema.ts';
import { labelledText, textSchema } from '../text/text.schema.ts';

/**
 * The supplier's showroom (展厅): its company profile (Company/saveInfo, cmpyInfo) and its cases
 * (Company/*Case), shown on the public page /show?id=<cardno> (docs/showroom.md).
 */
export const SHOWROOM_RULES = {
  nameMax: 60,
  introMax: 2000,
  scaleMax: 30,
  contactMax: 60,
  /** service regions and specialities: tags of at most `tagMax` characters */
  regionsMax: 20,
  specialitiesMax: 12,
  tagMax: 20,
  foundedMin: 1900,
  casesMax: 30,
  caseTitleMax: 60,
  caseDescrMax: 1000,
  casePicturesMax: 12,
  /** revealed evaluations shown on the public page */
  evaluationsShown: 20,
} as const;

const R = SHOWROOM_RULES;

/** A file id or '' (none). */
function optionalFile(label: string) {
  return textSchema({ max: 40, maxError: `${label}无效，请重新上传`, label }).refine(
    (v) => v === '' || FILE_ID_RE.test(v),
    { error: `${label}无效，请重新上传` },
  );
}

function tags(label: string, max: number) {
  return z
    .array(
      textSchema({
        error: `${label}不正确`,
        max: R.tagMax,
        maxError: `每项${label}最多 ${R.tagMax} 个字`,
        label,
      }).min(1, { error: `${label}不能为空` }),
      { error: `${label}不正确` },
    )
    .max(max, { error: `${label}最多 ${max} 项` })
    .default([])
    .transform((list) => [...new Set(list)]);
}

const thisYear = () => new Date().getFullYear();

// ---------- Company/saveInfo ----------

export const showroomInfoSchema = z.strictObject({
  name: labelledText('展厅名称', R.nameMax).min(2, { error: '展厅名称至少 2 个字' }),
  logo: optionalFile('展厅标志'),
  banner: optionalFile('横幅图片'),
  introduction: labelledText('公司简介', R.introMax, true).default(''),
  scale: labelledText('公司规模', R.scaleMax).default(''),
  /** the year the company was founded; null = not given */
  founded: z
    .number({ error: '成立年份应为 4 位数字' })
    .int({ error: '成立年份应为 4 位数字' })
    .min(R.foundedMin, { error: `成立年份不能早于 ${R.foundedMin} 年` })
    .refine((y) => y <= thisYear(), { error: '成立年份不能晚于今年' })
    .nullable()
    .default(null),
  regions: tags('服务地区', R.regionsMax),
  specialities: tags('擅长领域', R.specialitiesMax),
  /** the showroom's public contact (a name and a phone number, shown to everyone) */
  contact: labelledText('联系方式', R.contactMax).default(''),
});
export type ShowroomInfoInput = z.input<typeof showroomInfoSchema>;

/** The profile as its owner edits it and as the public page shows it. */
export const showroomProfileSchema = z.object({
  cardno: z.string(),
  /** false: the supplier has not saved a showroom yet (the name falls back to the company name) */
  isSet: z.boolean(),
  name: z.string(),
  logo: fileRefSchema.nullable(),
  banner: fileRefSchema.nullable(),
  introduction: z.string(),
  scale: z.string(),
  founded: z.number().nullable(),
  regions: z.array(z.string()),
  specialities: z.array(z.string()),
  contact: z.string(),
  updated: z.string().nullable(),
});
export type ShowroomProfile = z.infer<typeof showroomProfileSchema>;

// ---------- cases ----------

const caseId = z
  .number({ error: '案例不存在' })
  .int({ error: '案例不存在' })
  .min(1, { error: '案例不存在' })
  .max(Number.MAX_SAFE_INTEGER, { error: '案例不存在' });

const caseShape = {
  title: labelledText('案例标题', R.caseTitleMax).min(2, { error: '案例标题至少 2 个字' }),
  descr: labelledText('案例介绍', R.caseDescrMax, true).default(''),
  faceimg: fileIdSchema('封面图片'),
  pictures: z
    .array(fileIdSchema('案例图片'), { error: '案例图片不正确' })
    .max(R.casePicturesMax, { error: `案例图片最多 ${R.casePicturesMax} 张` })
    .default([])
    .transform((list) => [...new Set(list)]),
};

/** Company/saveCase */
export const caseSaveSchema = z.strictObject(caseShape);
export type CaseSaveInput = z.input<typeof caseSaveSchema>;
/** Company/editCase: the case `id` and all its fields */
export const caseEditSchema = z.strictObject({ id: caseId, ...caseShape });
export type CaseEditInput = z.input<typeof caseEditSchema>;
/** Company/deleteCase */
export const caseIdSchema = z.strictObject({ id: caseId });
/** Company/listCase */
export const caseListSchema = z.strictObject({ page: pageSchema, pageSize: pageSizeSchema });

export const caseViewSchema = z.object({
  id: z.number(),
  title: z.string(),
  descr: z.string(),
  faceimg: fileRefSchema,
  pictures: z.array(fileRefSchema),
  created: z.string(),
  updated: z.string(),
});
export type CaseView = z.infer<typeof caseViewSchema>;
export const caseListPageSchema = pagedSchema(caseViewSchema);
export type CaseListPage = z.infer<typeof caseListPageSchema>;

// ---------- Company/showInfo (public) ----------

export const showInfoInputSchema = z.strictObject({
  cardno: textSchema({
    error: '会员编号不正确',
    max: 8,
    maxError: '会员编号不正确',
    label: '会员编号',
  }).regex(/^\d{8}$/, { error: '会员编号不正确' }),
});

/** A revealed customer evaluation as everyone may read it: the author's name is masked. */
export const publicEvaluationSchema = z.object({
  id: z.number(),
  projectTitle: z.string(),
  quality: z.number(),
  service: z.number(),
  punctuality: z.number(),
  content: z.string(),
  pictures: z.array(fileRefSchema),
  authorName: z.string(),
  reply: z.string(),
  created: z.string(),
});
export type PublicEvaluation = z.infer<typeof publicEvaluationSchema>;

export const showInfoSchema = z.object({
  profile: showroomProfileSchema,
  /** 实名认证 / 企业认证 approved */
  personVerified: z.boolean(),
  businessVerified: z.boolean(),
  /** mean of the revealed evaluations' marks, one decimal; null = 暂无评分 */
  score: z.number().nullable(),
  trackRecord: trackRecordSchema,
  cases: z.array(caseViewSchema),
  evaluations: z.array(publicEvaluationSchema),
  /** all revealed evaluations (only the newest are listed) */
  evaluationCount: z.number(),
  /** the caller is this supplier (it sees 复制分享链接 and 编辑) */
  mine: z.boolean(),
});
export type ShowInfo = z.infer<typeof showInfoSchema>;
