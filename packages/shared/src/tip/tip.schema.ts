import { z } from 'zod';
import { pageSchema, pageSizeSchema } from '../project/search.schema.ts';

/**
 * The message centre (docs/messages.md): tips the platform writes to a member when something
 * happens to them (a project transition, a review, a movement of money).
 */
export const TIP_TYPES = ['system', 'project', 'finance', 'review'] as const;
export type TipType = (typeof TIP_TYPES)[number];
export const tipTypeLabels: Record<TipType, string> = {
  system: '系统通知',
  project: '项目动态',
  finance: '资金变动',
  review: '审核结果',
};

/** At most this many ids per editMsg / delMsg call. */
export const TIP_IDS_MAX = 100;

const tipId = z
  .number({ error: '消息编号不正确' })
  .int({ error: '消息编号不正确' })
  .min(1, { error: '消息编号不正确' })
  .max(Number.MAX_SAFE_INTEGER, { error: '消息编号不正确' });
const tipIds = z
  .array(tipId, { error: '消息编号不正确' })
  .min(1, { error: '请选择消息' })
  .max(TIP_IDS_MAX, { error: `一次最多处理 ${TIP_IDS_MAX} 条消息` });

/** Tipcenter/getList: newest first; `read` 0 = unread only, 1 = read only, absent = all. */
export const tipListSchema = z.strictObject({
  type: z.enum(TIP_TYPES, { error: '消息类型不正确' }).optional(),
  read: z.union([z.literal(0), z.literal(1)], { error: '已读状态应为 0 或 1' }).optional(),
  page: pageSchema,
  pageSize: pageSizeSchema,
});
export type TipListInput = z.input<typeof tipListSchema>;

/** Tipcenter/editMsg: marks the caller's tips read — the ids given, or all of them. */
export const tipEditSchema = z
  .strictObject({
    ids: tipIds.optional(),
    all: z.boolean({ error: 'all 应为 true 或 false' }).optional(),
  })
  .refine((v) => v.all === true || (v.ids !== undefined && v.ids.length > 0), {
    error: '请选择消息',
    path: ['ids'],
  });
export type TipEditInput = z.input<typeof tipEditSchema>;

/** Tipcenter/delMsg: deletes the caller's tips with these ids. */
export const tipDeleteSchema = z.strictObject({ ids: tipIds });
export type TipDeleteInput = z.input<typeof tipDeleteSchema>;

export const tipSchema = z.object({
  id: z.number(),
  type: z.enum(TIP_TYPES),
  title: z.string(),
  content: z.string(),
  /** a route of the web app (`/orderDetail?id=9`, `/customer/project?id=9`) or '' */
  link: z.string(),
  read: z.boolean(),
  /** ISO 8601 */
  created: z.string(),
});
export type Tip = z.infer<typeof tipSchema>;

/** `data` of Tipcenter/getList. */
export const tipListPageSchema = z.object({
  listItem: z.array(tipSchema),
  total: z.number(),
  page: z.number(),
  /** the caller's unread tips, whatever the filters */
  unread: z.number(),
});
export type TipListPage = z.infer<typeof tipListPageSchema>;

/** `data` of Tipcenter/editMsg and Tipcenter/delMsg. */
export const tipChangeSchema = z.object({
  /** rows changed (only the caller's own count) */
  changed: z.number(),
  unread: z.number(),
});
export type TipChange = z.infer<typeof tipChangeSchema>;
