import { z } from 'zod';
import { isRealDate } from '../date/date.ts';
import { textSchema } from '../text/text.schema.ts';

/**
 * The project calendar (项目日历, docs/calendar.md): the dates of the caller's own projects —
 * build-in, the show, teardown, the venue's filing deadline and the payment stages due — and the
 * days two of its build-ins overlap in different cities.
 */
export const CALENDAR_KINDS = ['build', 'show', 'teardown', 'filing', 'due'] as const;
export type CalendarKind = (typeof CALENDAR_KINDS)[number];

export const calendarKindLabels: Record<CalendarKind, string> = {
  build: '进场布展',
  show: '开展',
  teardown: '撤场',
  filing: '报馆截止',
  due: '付款到期',
};

/** The longest range one Calendar/events call answers, in days (both ends counted). */
export const CALENDAR_MAX_DAYS = 62;

const DAY_MS = 86_400_000;

/** Days from `from` to `to`, both counted (`YYYY-MM-DD`, real dates). */
export function calendarRangeDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

const day = (label: string) =>
  textSchema({ max: 10, error: `请选择${label}`, maxError: `${label}格式为 YYYY-MM-DD`, label })
    .min(1, { error: `请选择${label}` })
    .refine(isRealDate, { error: `${label}格式为 YYYY-MM-DD` });

/** Calendar/events: the Asia/Shanghai days `from` … `to`, both included, at most 62 days. */
export const calendarEventsSchema = z
  .strictObject({
    from: day('开始日期'),
    to: day('结束日期'),
  })
  .superRefine((v, ctx) => {
    if (!isRealDate(v.from) || !isRealDate(v.to)) return;
    if (v.to < v.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: '结束日期不能早于开始日期' });
    } else if (calendarRangeDays(v.from, v.to) > CALENDAR_MAX_DAYS) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `一次最多查看 ${CALENDAR_MAX_DAYS} 天`,
      });
    }
  });
export type CalendarEventsInput = z.input<typeof calendarEventsSchema>;

export const calendarEventSchema = z.object({
  /** stable per project and kind: `p12-build`, `p12-show`, … a stage's `p12-due-34` */
  id: z.string().describe('事件编号（同一项目同一类型恒定），如 p12-build、p12-due-34'),
  projectId: z.number().int(),
  /** the project's title */
  title: z.string().describe('项目名称'),
  kind: z
    .enum(CALENDAR_KINDS)
    .describe('build 进场布展 · show 开展 · teardown 撤场 · filing 报馆截止 · due 付款到期'),
  /** for `due`: the stage (预付款, 进场款 …); '' otherwise */
  note: z.string().describe('付款到期时为付款阶段（预付款、进场款…），其余为空'),
  /** ISO instants; a point (filing, due) has end = start */
  start: z.string().describe('开始时间（ISO 8601，UTC）'),
  end: z.string().describe('结束时间（ISO 8601，UTC）；报馆截止与付款到期为时间点，同开始时间'),
  city: z.string(),
  hall: z.string().describe('馆号'),
  booth: z.string().describe('展位号'),
  /** the caller's own page of the project: `/customer/project?id=` or `/orderDetail?id=` */
  link: z.string().describe('本人的项目页面：参展商 /customer/project?id=，供应商 /orderDetail?id='),
});
export type CalendarEvent = z.infer<typeof calendarEventSchema>;

export const calendarConflictSchema = z.object({
  date: z.string().describe('YYYY-MM-DD（北京时间）'),
  /** the projects whose build-ins overlap that day in different cities, ascending */
  projectIds: z.array(z.number().int()),
});
export type CalendarConflict = z.infer<typeof calendarConflictSchema>;

export const calendarEventsResultSchema = z.object({
  listItem: z.array(calendarEventSchema),
  conflicts: z.array(calendarConflictSchema),
});
export type CalendarEventsResult = z.infer<typeof calendarEventsResultSchema>;

/** Calendar/feedUrl, Calendar/resetFeed: the member's secret iCalendar address. */
export const calendarFeedUrlSchema = z.object({
  url: z
    .string()
    .describe('日历订阅地址（https://…/api/Calendar/feed/<令牌>.ics），凭地址即可读取，请勿外传'),
});
export type CalendarFeedUrl = z.infer<typeof calendarFeedUrlSchema>;

/** The secret of a feed address: 32 random bytes, base64url. */
export const CALENDAR_TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;
