import { z } from 'zod';
import { fileIdSchema, fileRefSchema } from '../file/file.schema.ts';
import { labelledText } from '../text/text.schema.ts';
import { projectIdSchema } from './search.schema.ts';

/**
 * On site (现场, docs/site.md): the winner checks in at build-in with photos taken then, posts
 * site logs, marks 展台就绪; the customer confirms the check-in. One timeline for both.
 */
export const SITE_KINDS = ['checkin', 'log', 'ready'] as const;
export type SiteKind = (typeof SITE_KINDS)[number];
export const siteKindLabels: Record<SiteKind, string> = {
  checkin: '进场打卡',
  log: '施工日志',
  ready: '展台就绪',
};
export const SITE_PHOTOS_MAX = 9;
/** a photo counts as taken now when it was uploaded this recently */
export const SITE_PHOTO_FRESH_MS = 30 * 60_000;
/** check-in opens this long before the build-in start */
export const CHECKIN_EARLY_MS = 24 * 3_600_000;

const photos = z
  .array(fileIdSchema('现场照片'), { error: '现场照片格式不正确' })
  .min(1, { error: '请拍摄至少一张现场照片' })
  .max(SITE_PHOTOS_MAX, { error: `现场照片最多 ${SITE_PHOTOS_MAX} 张` });

/** Projectcenter/checkIn */
export const checkInSchema = z.strictObject({
  id: projectIdSchema.shape.id,
  photos,
  lat: z
    .number({ error: '位置格式不正确' })
    .min(-90, { error: '位置格式不正确' })
    .max(90, { error: '位置格式不正确' })
    .optional(),
  lng: z
    .number({ error: '位置格式不正确' })
    .min(-180, { error: '位置格式不正确' })
    .max(180, { error: '位置格式不正确' })
    .optional(),
});

/** Projectcenter/siteLog */
export const siteLogSchema = z.strictObject({
  id: projectIdSchema.shape.id,
  photos,
  note: labelledText('施工日志', 200, true).min(1, { error: '请写一句今天的进度' }),
});

/** Projectcenter/ready */
export const siteReadySchema = z.strictObject({ id: projectIdSchema.shape.id, photos });

export const siteEventSchema = z.object({
  id: z.number(),
  kind: z.enum(SITE_KINDS),
  photos: z.array(fileRefSchema),
  note: z.string(),
  /** ISO 8601: the server's time */
  at: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  /** the check-in's confirmation (ISO), null while not confirmed */
  confirmedAt: z.string().nullable(),
  /** customer · system */
  confirmedBy: z.string().nullable(),
});
export type SiteEvent = z.infer<typeof siteEventSchema>;

/** `data` of Projectcenter/siteTimeline (and of the site calls): oldest first. */
export const siteTimelineSchema = z.object({
  listItem: z.array(siteEventSchema),
  /** the caller's side */
  role: z.enum(['customer', 'supplier']),
  /** ISO: from when the winner may check in (the build-in start − 1 day) */
  checkInOpens: z.string(),
  /** ISO: the show opens (sdate 00:00 Asia/Shanghai): 就绪 before it is on time */
  showOpens: z.string(),
  canCheckIn: z.boolean(),
  canLog: z.boolean(),
  canReady: z.boolean(),
  canConfirm: z.boolean(),
  /** 就绪 before the show opened; null until 就绪 */
  onTime: z.boolean().nullable(),
});
export type SiteTimeline = z.infer<typeof siteTimelineSchema>;
