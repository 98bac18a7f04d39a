import { z } from 'zod';
import { isValidRegion } from '../region/region.ts';
import { textSchema } from '../text/text.schema.ts';
import { keywordProblem } from './keyword-terms.ts';
import { projectDetailSchema, projectSummarySchema } from './project-view.schema.ts';
import { SEARCH_MAX_PAGE, SEARCH_SORTS } from './search-sorts.ts';

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

export const projectIdSchema = z.strictObject({
  id: z.coerce
    .number({ error: '项目编号不正确' })
    .int({ error: '项目编号不正确' })
    .min(1, { error: '项目编号不正确' })
    .max(Number.MAX_SAFE_INTEGER, { error: '项目编号不正确' }),
});
export type ProjectIdInput = z.infer<typeof projectIdSchema>;

const isoDate = (label: string) =>
  textSchema({ max: 10, maxError: `${label}格式为 YYYY-MM-DD`, label })
    .regex(DATE_RE, { error: `${label}格式为 YYYY-MM-DD` })
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), { error: `${label}不是有效日期` })
    .optional();

const area = (label: string) =>
  z.coerce
    .number({ error: `${label}不正确` })
    .min(0, { error: `${label}不能小于 0` })
    .max(100_000, { error: `${label}过大` })
    .optional();

export const pageSchema = z.coerce.number({ error: '页码不正确' }).int().min(1).max(10_000).default(1);
export const pageSizeSchema = z.coerce
  .number({ error: '每页条数不正确' })
  .int({ error: '每页条数不正确' })
  .min(1, { error: '每页条数为 1–50' })
  .max(50, { error: '每页条数为 1–50' })
  .default(20);

/** Projectcenter/searchList. An empty keyword or region means no filter. */
export const searchListSchema = z
  .strictObject({
    // words separated by spaces, every one in the title, city or venue (keyword-terms.ts)
    keyword: textSchema({ max: 50, maxError: '关键词最多 50 个字', label: '关键词' })
      .superRefine((v, ctx) => {
        const problem = keywordProblem(v);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .optional(),
    groupid: z.coerce.number({ error: '项目类别不正确' }).int().min(1).max(5).optional(),
    prov: textSchema({ max: 20, maxError: '省份不正确', label: '省份' }).optional(),
    city: textSchema({ max: 20, maxError: '城市不正确', label: '城市' }).optional(),
    areaMin: area('最小面积'),
    areaMax: area('最大面积'),
    sdateFrom: isoDate('开展日期起'),
    sdateTo: isoDate('开展日期止'),
    /** build-in start between these Asia/Shanghai days, inclusive (docs/show-dates.md) */
    buildFrom: isoDate('进场日期起'),
    buildTo: isoDate('进场日期止'),
    status: z.coerce
      .number({ error: '项目状态不正确' })
      .int({ error: '项目状态不正确' })
      .min(1, { error: '项目状态不正确' })
      .max(7, { error: '项目状态不正确' })
      .default(1),
    sort: z.enum(SEARCH_SORTS, { error: '排序方式不正确' }).default('newest'),
    order: z.enum(['asc', 'desc'], { error: '排序方向不正确' }).optional(),
    cursor: textSchema({
      max: 200,
      maxError: '翻页参数无效，请从第一页重新查询',
      label: '翻页参数',
    }).optional(),
    page: z.coerce
      .number({ error: '页码不正确' })
      .int({ error: '页码不正确' })
      .min(1, { error: '页码不正确' })
      .max(SEARCH_MAX_PAGE, { error: `第 ${SEARCH_MAX_PAGE} 页以后请使用“加载更多”继续浏览` })
      .default(1),
    pageSize: pageSizeSchema,
  })
  .superRefine((v, ctx) => {
    if (!isValidRegion(v.prov ?? '', v.city ?? '')) {
      const provOk = Boolean(v.prov) && isValidRegion(v.prov ?? '');
      ctx.addIssue({ code: 'custom', path: [provOk ? 'city' : 'prov'], message: '所选地区不正确' });
    }
    if (v.areaMin !== undefined && v.areaMax !== undefined && v.areaMin > v.areaMax) {
      ctx.addIssue({ code: 'custom', path: ['areaMax'], message: '最大面积不能小于最小面积' });
    }
    if (v.sdateFrom && v.sdateTo && v.sdateFrom > v.sdateTo) {
      ctx.addIssue({ code: 'custom', path: ['sdateTo'], message: '结束日期不能早于开始日期' });
    }
    if (v.buildFrom && v.buildTo && v.buildFrom > v.buildTo) {
      ctx.addIssue({ code: 'custom', path: ['buildTo'], message: '结束日期不能早于开始日期' });
    }
    if (v.cursor && v.page > 1) {
      ctx.addIssue({ code: 'custom', path: ['page'], message: '按翻页参数继续时不能同时指定页码' });
    }
  });
export type SearchListInput = z.input<typeof searchListSchema>;

export const searchListResultSchema = z.object({
  listItem: z.array(projectSummarySchema),
  /** pass back as `cursor` for the next page; null on the last page */
  nextCursor: z.string().nullable(),
  /**
   * matching projects, counted up to SEARCH_COUNT_CAP; null on a page reached by `cursor` (not
   * counted again: the first page's count stands)
   */
  total: z.number().int().nullable(),
  /** true when more than SEARCH_COUNT_CAP match (show "1000+"); false when `total` is null */
  totalCapped: z.boolean(),
});
export type SearchListResult = z.infer<typeof searchListResultSchema>;

/** One step of the project's timeline (the seed's `orbits`). */
export const orbitSchema = z.object({
  status: z.number().int(),
  statusText: z.string(),
  /** `YYYY-MM-DD HH:mm:ss` Asia/Shanghai */
  at: z.string(),
  /** what happened in words (e.g. 上传合同, 审核合同：驳回), '' when only the status changed */
  action: z.string(),
  /** who did it: 参展商 / 供应商 / 平台 / 系统 */
  who: z.string(),
});
export type Orbit = z.infer<typeof orbitSchema>;

/** Why a supplier cannot quote (getInfo.whyNot). */
export const QUOTE_BLOCKERS = [
  'NOT_WORKSHOP',
  'NOT_VERIFIED',
  'ALREADY_QUOTED',
  'BIDDING_CLOSED',
  'INSUFFICIENT_COINS',
] as const;

export const myQuoteSummarySchema = z.object({
  quoteId: z.number().int(),
  total: z.number().int(),
  days: z.number().int(),
  /** 0 pending · 1 won · 2 lost · 3 withdrawn */
  status: z.number().int(),
  created: z.string(),
  updated: z.string(),
});
export type MyQuoteSummary = z.infer<typeof myQuoteSummarySchema>;

/** A completed project: which sides have evaluated (docs/delivery-evaluation.md); absent before 已完成. */
export const evaluatedBySchema = z.object({ supplier: z.boolean(), customer: z.boolean() }).optional();

/**
 * The fields of a project that belong to its delivery, money and timeline: only its customer, its
 * winner and operators get them (docs/delivery.md § Who sees the delivery). Projectcenter/getInfo
 * leaves them out for everyone else, who get the public part a bidder needs.
 */
export const PROJECT_PARTY_FIELDS = [
  'contract',
  'contctck',
  'contctckdt',
  'workpic',
  'reports',
  'reportck',
  'reportdate',
  'prepayp',
  'ispaid',
  'complaintOpen',
  'reason',
  'closedBy',
  'orbits',
  'evaluatedBy',
] as const;
export type ProjectPartyField = (typeof PROJECT_PARTY_FIELDS)[number];

const partyOnly = Object.fromEntries(PROJECT_PARTY_FIELDS.map((k) => [k, true])) as {
  [K in ProjectPartyField]: true;
};

/** Projectcenter/getInfo: the PROJECT_PARTY_FIELDS only to the project's parties. */
export const projectInfoSchema = projectDetailSchema
  .extend({
    orbits: z.array(orbitSchema),
    evaluatedBy: evaluatedBySchema,
    favorite: z.boolean(),
    myQuote: myQuoteSummarySchema.nullable(),
    canQuote: z.boolean(),
    /** a code of QUOTE_BLOCKERS, null when canQuote */
    whyNot: z.enum(QUOTE_BLOCKERS).nullable(),
    /** the reason in words, '' when canQuote */
    whyNotText: z.string(),
  })
  .partial(partyOnly);
export type ProjectInfo = z.infer<typeof projectInfoSchema>;
/** getInfo as its customer or winner gets it: every party field there (evaluatedBy only once 已完成). */
export type PartyProjectInfo = ProjectInfo &
  Required<Pick<ProjectInfo, Exclude<ProjectPartyField, 'evaluatedBy'>>>;
/** Whether getInfo answered the caller as a party of the project (the timeline comes only then). */
export function isPartyView(p: ProjectInfo): p is PartyProjectInfo {
  return p.orbits !== undefined;
}

/** Customer/projectInfo: the owner's project with its timeline (docs/delivery.md). */
export const customerProjectInfoSchema = projectDetailSchema.extend({
  orbits: z.array(orbitSchema),
  evaluatedBy: evaluatedBySchema,
});
export type CustomerProjectInfo = z.infer<typeof customerProjectInfoSchema>;

export const favoriteToggleResultSchema = z.object({ favorite: z.boolean() });
export type FavoriteToggleResult = z.infer<typeof favoriteToggleResultSchema>;

export const pagedListSchema = z.strictObject({ page: pageSchema, pageSize: pageSizeSchema });
export type PagedListInput = z.input<typeof pagedListSchema>;

export const favoriteListResultSchema = z.object({
  listItem: z.array(projectSummarySchema.extend({ favoritedAt: z.string() })),
  total: z.number().int(),
  page: z.number().int(),
});
export type FavoriteListResult = z.infer<typeof favoriteListResultSchema>;
