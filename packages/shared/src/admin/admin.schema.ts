import { z } from 'zod';
import { textSchema } from '../text/text.schema.ts';
import { passwordSchema } from '../user/user.schema.ts';

/** docs/product.md § Roles: operators are a separate account table with one of three roles. */
export const ADMIN_ROLES = ['reviewer', 'finance', 'super'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];
export const adminRoleLabels: Record<AdminRole, string> = {
  reviewer: '审核员',
  finance: '财务',
  super: '超级管理员',
};

/**
 * Which roles may use which part of the console (super may do everything). The server checks
 * these on every call; the console uses them only to hide menu entries.
 */
export const ADMIN_PERMISSIONS = {
  review: ['reviewer'],
  members: ['reviewer', 'finance'],
  audit: ['reviewer', 'finance'],
  admins: ['super'],
  /** 提现审核 and 资金概览 (docs/withdrawals.md) */
  finance: ['finance'],
} as const satisfies Record<string, readonly AdminRole[]>;
export type AdminArea = keyof typeof ADMIN_PERMISSIONS;

export function adminCan(role: AdminRole, area: AdminArea): boolean {
  return role === 'super' || (ADMIN_PERMISSIONS[area] as readonly AdminRole[]).includes(role);
}

export const ADMIN_USERNAME_RE = /^[a-z0-9_]{3,32}$/;
export const adminUsernameSchema = textSchema({
  error: '请输入用户名',
  max: 32,
  maxError: '用户名为 3–32 位小写字母、数字或下划线',
  label: '用户名',
})
  .min(1, { error: '请输入用户名' })
  .regex(ADMIN_USERNAME_RE, { error: '用户名为 3–32 位小写字母、数字或下划线' });

export const adminDisplayNameSchema = textSchema({
  max: 30,
  maxError: '显示名最多 30 个字',
  label: '显示名',
});

export const adminLoginSchema = z.strictObject({
  // Login only bounds the name: the answer to a malformed one is the same ADMIN_LOGIN_FAILED.
  username: textSchema({ error: '请输入用户名', max: 64, label: '用户名' }).min(1, { error: '请输入用户名' }),
  password: textSchema({ error: '请输入密码', max: 128, label: '密码', trim: false }).min(1, {
    error: '请输入密码',
  }),
});
export type AdminLoginInput = z.input<typeof adminLoginSchema>;

export const adminMeSchema = z.object({
  username: z.string(),
  displayName: z.string(),
  role: z.enum(ADMIN_ROLES),
});
export type AdminMe = z.infer<typeof adminMeSchema>;

const page = z.coerce.number({ error: '页码不正确' }).int().min(1).max(10_000).default(1);
const pageSize = z.coerce.number({ error: '每页条数不正确' }).int().min(1).max(50).default(20);
const keyword = textSchema({ max: 50, maxError: '关键词最多 50 个字', label: '关键词' }).optional();

/** Verification status (docs/product.md § Verification status): 0 pending · 1 approved · 2 rejected (3 = never submitted). */
export const AUTH_KINDS = ['person', 'business'] as const;
export type AuthKind = (typeof AUTH_KINDS)[number];
export const authKindLabels: Record<AuthKind, string> = { person: '个人实名', business: '企业认证' };
/** The operator's words for a status (the member pages say 审核中 / 已认证 …). */
export const reviewStatusLabels: Record<number, string> = {
  0: '待审核',
  1: '已通过',
  2: '已驳回',
  3: '未提交',
};

const kind = z.enum(AUTH_KINDS, { error: '认证类型不正确' });
const checked = z.union([z.literal(0), z.literal(1), z.literal(2)], { error: '审核状态不正确' });
const id = z.coerce.number({ error: '记录编号不正确' }).int().min(1).max(Number.MAX_SAFE_INTEGER);

export const authQueueSchema = z.strictObject({ kind, checked: checked.default(0), keyword, page, pageSize });
export type AuthQueueInput = z.input<typeof authQueueSchema>;

export const authQueueItemSchema = z.object({
  id: z.number(),
  kind,
  cardno: z.string(),
  mobile: z.string(),
  nickname: z.string(),
  /** person: the real name; business: the company */
  realname: z.string().optional(),
  btitle: z.string().optional(),
  /** person: ID number; business: unified social credit code */
  idno: z.string(),
  submitted: z.string(),
  checked: z.number(),
  reason: z.string(),
  reviewedAt: z.string().nullable(),
  reviewer: z.string().nullable(),
});
export type AuthQueueItem = z.infer<typeof authQueueItemSchema>;

export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    listItem: z.array(item),
    /** counted up to a cap (see docs/admin.md): "10000+" lists are refined by filters, not paged */
    total: z.number(),
    page: z.number(),
  });
}

/** `data` of Admin/authQueue. */
export const authQueuePageSchema = pagedSchema(authQueueItemSchema);
export type AuthQueuePage = z.infer<typeof authQueuePageSchema>;

export const authDetailSchema = z.strictObject({ kind, id });

export const adminFileRefSchema = z.object({
  id: z.string(),
  url: z.string(),
  thumbUrl: z.string().nullable(),
  mime: z.string().nullable(),
});
export type AdminFileRef = z.infer<typeof adminFileRefSchema>;

export const authMemberSummarySchema = z.object({
  cardno: z.string(),
  mobile: z.string(),
  cardtype: z.enum(['workshop', 'customer']),
  nickname: z.string(),
  registered: z.string(),
  personauth: z.number(),
  businsauth: z.number(),
  realname: z.string(),
  company: z.string(),
});

export const authHistoryItemSchema = z.object({
  id: z.number(),
  submitted: z.string(),
  checked: z.number(),
  reason: z.string(),
  reviewedAt: z.string().nullable(),
  reviewer: z.string().nullable(),
});

export const authDetailResultSchema = z.object({
  kind,
  id: z.number(),
  checked: z.number(),
  reason: z.string(),
  submitted: z.string(),
  reviewedAt: z.string().nullable(),
  reviewer: z.string().nullable(),
  /** the submitted fields, as the member typed them (file ids replaced by the refs below) */
  fields: z.record(z.string(), z.string()),
  files: z.object({
    cardfrt: adminFileRefSchema,
    cardrvs: adminFileRefSchema,
    bcerts: adminFileRefSchema.optional(),
  }),
  member: authMemberSummarySchema,
  history: z.array(authHistoryItemSchema),
});
export type AuthDetail = z.infer<typeof authDetailResultSchema>;

export const REJECT_REASON_PICKS = [
  '证件照片不清晰',
  '证件信息与填写不一致',
  '营业执照已过期',
  '统一社会信用代码有误',
] as const;

export const rejectReasonSchema = textSchema({
  error: '请填写驳回原因',
  max: 200,
  maxError: '驳回原因最多 200 个字',
  label: '驳回原因',
  multiline: true,
}).min(2, { error: '驳回原因至少 2 个字' });

export const authReviewSchema = z
  .strictObject({
    kind,
    id,
    approve: z.boolean({ error: '请选择通过或驳回' }),
    reason: textSchema({
      max: 200,
      maxError: '驳回原因最多 200 个字',
      label: '驳回原因',
      multiline: true,
    }).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.approve) return;
    const r = rejectReasonSchema.safeParse(v.reason ?? '');
    if (!r.success) ctx.addIssue({ code: 'custom', path: ['reason'], message: r.error.issues[0]!.message });
  });
export type AuthReviewInput = z.input<typeof authReviewSchema>;

export const authReviewResultSchema = z.object({ id: z.number(), checked: z.number() });
export type AuthReviewResult = z.infer<typeof authReviewResultSchema>;

const authFilter = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)], {
  error: '认证状态不正确',
});
export const memberListSchema = z.strictObject({
  keyword,
  cardtype: z.enum(['workshop', 'customer'], { error: '账号类型不正确' }).optional(),
  personauth: authFilter.optional(),
  businsauth: authFilter.optional(),
  page,
  pageSize,
});
export type MemberListInput = z.input<typeof memberListSchema>;

export const memberListItemSchema = z.object({
  cardno: z.string(),
  mobile: z.string(),
  cardtype: z.enum(['workshop', 'customer']),
  nickname: z.string(),
  realname: z.string(),
  company: z.string(),
  personauth: z.number(),
  businsauth: z.number(),
  registered: z.string(),
});
export type MemberListItem = z.infer<typeof memberListItemSchema>;

/** `data` of Admin/memberList. */
export const memberListPageSchema = pagedSchema(memberListItemSchema);
export type MemberListPage = z.infer<typeof memberListPageSchema>;

export const auditListSchema = z.strictObject({
  targetType: textSchema({ max: 30 }).optional(),
  targetId: textSchema({ max: 40 }).optional(),
  action: textSchema({ max: 40 }).optional(),
  page,
  pageSize,
});
export type AuditListInput = z.input<typeof auditListSchema>;

export const auditItemSchema = z.object({
  id: z.number(),
  actorType: z.string(),
  actorId: z.number().nullable(),
  /** the operator's username (admin actions) or the member number (member actions) */
  actor: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  detail: z.record(z.string(), z.unknown()),
  /** the member number of `detail.memberId`, when the row names a member */
  memberCardno: z.string().nullable(),
  /**
   * The member the row is about: `detail.memberId`, the member target, the acting member, or the
   * customer who owns the project target. Name: docs/members.md "Party names".
   */
  member: z.object({ cardno: z.string(), name: z.string(), mobile: z.string() }).nullable(),
  /** the object in words: a project's number and title, an operator's username; null otherwise */
  targetName: z.string().nullable(),
  created: z.string(),
});
export type AuditItem = z.infer<typeof auditItemSchema>;

/** `data` of Admin/auditList. */
export const auditListPageSchema = pagedSchema(auditItemSchema);
export type AuditListPage = z.infer<typeof auditListPageSchema>;

export const adminCreateSchema = z.strictObject({
  username: adminUsernameSchema,
  password: passwordSchema,
  role: z.enum(ADMIN_ROLES, { error: '请选择角色' }),
  displayName: adminDisplayNameSchema.optional(),
});
export type AdminCreateInput = z.input<typeof adminCreateSchema>;

export const adminDisableSchema = z.strictObject({
  id,
  /** false re-enables a disabled operator */
  disabled: z.boolean().default(true),
});
export type AdminDisableInput = z.input<typeof adminDisableSchema>;

/** `data` of Admin/adminCreate: the new operator's id. */
export const adminCreateResultSchema = z.object({ id: z.number() });
export type AdminCreateResult = z.infer<typeof adminCreateResultSchema>;

export const adminListItemSchema = z.object({
  id: z.number(),
  username: z.string(),
  displayName: z.string(),
  role: z.enum(ADMIN_ROLES),
  disabled: z.boolean(),
  locked: z.boolean(),
  created: z.string(),
});
export type AdminListItem = z.infer<typeof adminListItemSchema>;

/** `data` of Admin/adminList. */
export const adminListResultSchema = z.object({ listItem: z.array(adminListItemSchema) });
export type AdminListResult = z.infer<typeof adminListResultSchema>;
