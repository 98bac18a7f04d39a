import { z } from 'zod';

/**
 * Notices outside the site (docs/notices.md): the events a member must not miss also go out by SMS
 * and, where set up, as a WeChat 服务号 template message — per kind as the member chooses.
 */
export const NOTICE_KINDS = [
  'award',
  'contract',
  'payment',
  'rework',
  'release',
  'complaint',
  'withdraw',
  'answer',
  'deadline',
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

export const noticeKindLabels: Record<NoticeKind, string> = {
  award: '中标结果',
  contract: '合同上传与审核',
  payment: '付款提醒与到账',
  rework: '完工报告退回',
  release: '验收与结算',
  complaint: '投诉与裁决',
  withdraw: '提现结果',
  answer: '提问已回答',
  deadline: '报馆与进场提醒',
};

/** in-app only · + SMS · + SMS and WeChat */
export const NOTICE_LEVELS = ['app', 'sms', 'wechat'] as const;
export type NoticeLevel = (typeof NOTICE_LEVELS)[number];
export const noticeLevelLabels: Record<NoticeLevel, string> = {
  app: '仅站内',
  sms: '站内 + 短信',
  wechat: '站内 + 短信 + 微信',
};

/** Money and deadlines reach the member outside the site unless it says otherwise. */
export const NOTICE_DEFAULTS: Record<NoticeKind, NoticeLevel> = {
  award: 'app',
  contract: 'sms',
  payment: 'sms',
  rework: 'sms',
  release: 'sms',
  complaint: 'sms',
  withdraw: 'sms',
  answer: 'app',
  deadline: 'sms',
};

/** The member's choice per kind, defaults filled in (an unknown key or level is ignored). */
export function noticePrefs(
  stored: Record<string, unknown> | null | undefined,
): Record<NoticeKind, NoticeLevel> {
  const out = { ...NOTICE_DEFAULTS };
  for (const k of NOTICE_KINDS) {
    const v = stored?.[k];
    if (typeof v === 'string' && (NOTICE_LEVELS as readonly string[]).includes(v)) out[k] = v as NoticeLevel;
  }
  return out;
}

/**
 * The SMS of each kind: no amount, name or content, only the project's number (`orders`, '' for a
 * withdrawal). One provider template per kind, with the one variable `orders`.
 */
export function noticeSmsText(kind: NoticeKind, orders: string): string {
  const p = orders ? `项目 ${orders} ` : '';
  const body: Record<NoticeKind, string> = {
    award: `您报价的${p}已选标，请登录查看结果`,
    contract: `${p}的合同有新进展，请登录查看`,
    payment: `${p}有付款提醒或款项到账，请登录查看`,
    rework: `${p}的完工报告被退回，请登录查看并修改`,
    release: `${p}已验收，款项结算有更新，请登录查看`,
    complaint: `${p}有投诉进展，请登录查看`,
    withdraw: '您的提现申请有结果，请登录查看',
    answer: `您在${p}的提问已有回答，请登录查看`,
    deadline: `${p}的报馆截止或进场布展临近，请登录查看`,
  };
  return `【展览供应商接单平台】${body[kind]}`;
}

const levelSchema = z.enum(NOTICE_LEVELS, { error: '请选择通知方式' });

/** Member/notifySetting: any of the switches; the others stay. */
export const notifySettingSchema = z.strictObject({
  /** an unread message sends one SMS per thread per hour (docs/conversation.md "Offline") */
  messageSms: z.boolean({ error: '请选择是否开启短信提醒' }).optional(),
  /** only the kinds that change; an unknown kind is refused */
  kinds: z
    .strictObject(
      Object.fromEntries(NOTICE_KINDS.map((k) => [k, levelSchema.optional()])) as Record<
        NoticeKind,
        z.ZodOptional<typeof levelSchema>
      >,
      { error: '通知设置格式不正确' },
    )
    .optional(),
});
export type NotifySettingInput = z.input<typeof notifySettingSchema>;

/** `data` of Member/notifyInfo and Member/notifySetting */
export const notifySettingResultSchema = z.object({
  messageSms: z.boolean(),
  kinds: z.record(z.enum(NOTICE_KINDS), levelSchema),
  /** the platform sends WeChat notices (a 服务号 is set up) */
  wechatEnabled: z.boolean(),
  /** the member has bound WeChat (the notices go to that account) */
  wechatBound: z.boolean(),
});
export type NotifySettings = z.infer<typeof notifySettingResultSchema>;

export const NOTICE_STATUSES = ['pending', 'sent', 'failed', 'skipped'] as const;
export const noticeStatusLabels: Record<(typeof NOTICE_STATUSES)[number], string> = {
  pending: '待发送',
  sent: '已发送',
  failed: '发送失败',
  skipped: '未发送',
};

/** Admin/noticeList: the notices sent outside the site, by status (no content: only the kind). */
export const adminNoticeListSchema = z.strictObject({
  status: z.enum(NOTICE_STATUSES, { error: '状态不正确' }).optional(),
  page: z
    .number({ error: '页码不正确' })
    .int({ error: '页码不正确' })
    .min(1, { error: '页码不正确' })
    .max(10_000, { error: '页码不正确' })
    .default(1),
});

export const adminNoticeSchema = z.object({
  id: z.number(),
  cardno: z.string(),
  kind: z.enum(NOTICE_KINDS),
  channel: z.enum(['sms', 'wechat']),
  status: z.enum(NOTICE_STATUSES),
  attempts: z.number(),
  /** the provider's last refusal (a code and its message) */
  lastError: z.string(),
  /** ISO 8601 */
  created: z.string(),
  sendAfter: z.string(),
  sent: z.string().nullable(),
});

export const adminNoticePageSchema = z.object({
  listItem: z.array(adminNoticeSchema),
  total: z.number(),
  page: z.number(),
  /** notices per status */
  counts: z.record(z.string(), z.number()),
});

/** Admin/noticeRetry: a failed notice is tried again now. */
export const adminNoticeRetrySchema = z.strictObject({
  id: z
    .number({ error: '通知编号不正确' })
    .int({ error: '通知编号不正确' })
    .min(1, { error: '通知编号不正确' })
    .max(Number.MAX_SAFE_INTEGER, { error: '通知编号不正确' }),
});
