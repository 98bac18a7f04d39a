import { z } from 'zod';
import { textSchema } from '../text/text.schema.ts';
import {
  CARD_TYPES,
  CARDNO_RE,
  MOBILE_RE,
  PASSWORD_MAX,
  PASSWORD_MIN,
  SMS_PURPOSES,
} from './user-constants.ts';

export const mobileSchema = textSchema({
  error: '请输入手机号',
  max: 20,
  maxError: '手机号格式不正确',
  label: '手机号',
})
  .min(1, { error: '请输入手机号' })
  .regex(MOBILE_RE, { error: '请输入正确的 11 位手机号' });

export const smsCodeSchema = textSchema({
  error: '请输入验证码',
  max: 10,
  maxError: '验证码为 6 位数字',
  label: '验证码',
})
  .min(1, { error: '请输入验证码' })
  .regex(/^\d{6}$/, { error: '验证码为 6 位数字' });

export const passwordSchema = textSchema({
  error: '请输入密码',
  max: PASSWORD_MAX,
  maxError: `密码最多 ${PASSWORD_MAX} 位`,
  label: '密码',
  trim: false,
})
  .min(1, { error: '请输入密码' })
  .min(PASSWORD_MIN, { error: `密码至少 ${PASSWORD_MIN} 位` })
  .regex(/[A-Za-z]/, { error: '密码需同时包含字母和数字' })
  .regex(/\d/, { error: '密码需同时包含字母和数字' })
  .regex(/^[\x21-\x7e]+$/, { error: '密码只能包含字母、数字和英文符号' });

/** A password typed at login is only bounded, never judged: old rules must still log in. */
const loginPasswordSchema = textSchema({
  error: '请输入密码',
  max: 128,
  maxError: '密码不正确',
  label: '密码',
  trim: false,
}).min(1, { error: '请输入密码' });

export const inviteCodeSchema = textSchema({
  max: 20,
  maxError: '邀请码为 8 位数字',
  label: '邀请码',
}).refine((v) => v === '' || CARDNO_RE.test(v), { error: '邀请码为 8 位数字' });

export const getCodeSchema = z.strictObject({
  mobile: mobileSchema,
  type: z.enum(SMS_PURPOSES, { error: '验证码用途不正确' }).default('regist'),
});
export type GetCodeInput = z.input<typeof getCodeSchema>;

/** `data` of User/getCode: seconds until another code may be asked, and until this one expires. */
export const getCodeResultSchema = z.object({ resendIn: z.number(), expiresIn: z.number() });
export type GetCodeResult = z.infer<typeof getCodeResultSchema>;

export const registSchema = z.strictObject({
  mobile: mobileSchema,
  code: smsCodeSchema,
  password: passwordSchema,
  cardtype: z.enum(CARD_TYPES, { error: '请选择账号类型' }).default('workshop'),
  invite: inviteCodeSchema.optional(),
});
export type RegistInput = z.input<typeof registSchema>;

/**
 * `User/login`: mobile + password, or `autologin: 1` with the remember cookie and no password
 * (docs/product.md § Accounts and identity: the browser never keeps a password).
 */
export const loginSchema = z
  .strictObject({
    mobile: textSchema({ max: 20, label: '手机号' }).optional(),
    password: loginPasswordSchema.optional(),
    autologin: z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')]).optional(),
  })
  .superRefine((v, ctx) => {
    const auto = v.autologin === 1 || v.autologin === '1';
    if (auto && v.password === undefined) return;
    const m = mobileSchema.safeParse(v.mobile ?? '');
    if (!m.success) ctx.addIssue({ code: 'custom', path: ['mobile'], message: m.error.issues[0]!.message });
    if (v.password === undefined) ctx.addIssue({ code: 'custom', path: ['password'], message: '请输入密码' });
  });
export type LoginInput = z.input<typeof loginSchema>;

export const checkCodeSchema = z.strictObject({
  mobile: mobileSchema,
  code: smsCodeSchema,
});
export type CheckCodeInput = z.input<typeof checkCodeSchema>;

/** `data` of User/checkCode: the one-time reset token and its lifetime in seconds. */
export const checkCodeResultSchema = z.object({ token: z.string(), expiresIn: z.number() });
export type CheckCodeResult = z.infer<typeof checkCodeResultSchema>;

export const resetPwdSchema = z.strictObject({
  mobile: mobileSchema,
  token: textSchema({ error: '重置凭证缺失', max: 100 }).min(1, { error: '重置凭证缺失' }),
  password: passwordSchema,
});
export type ResetPwdInput = z.input<typeof resetPwdSchema>;

/** What the session calls answer: never more than the browser needs. */
export const sessionMemberSchema = z.object({
  cardno: z.string(),
  cardtype: z.enum(CARD_TYPES),
  mobile: z.string(),
  nickname: z.string(),
});
export type SessionMember = z.infer<typeof sessionMemberSchema>;

export const loginResultSchema = sessionMemberSchema.extend({ remembered: z.boolean() });
export type LoginResult = z.infer<typeof loginResultSchema>;

/**
 * `data` of User/regist: the new member, logged in as a password login does (docs/product.md §
 * Accounts and identity) — its card number is also the invite code the success page shows.
 */
export const registResultSchema = sessionMemberSchema;
export type RegistResult = z.infer<typeof registResultSchema>;

// zod-free, so the app shell that shows it does not load zod (docs/web.md § Page speed)
export { maskMobile } from './mask-mobile.ts';

/** `data` of Dev/smsOutbox (development servers only): the latest codes sent to a mobile, newest first. */
export const smsOutboxItemSchema = z.object({
  mobile: z.string(),
  code: z.string(),
  purpose: z.string(),
  /** a notice's text ('' for a code) */
  text: z.string(),
  created: z.string(),
});
export const smsOutboxResultSchema = z.object({ items: z.array(smsOutboxItemSchema) });
export type SmsOutboxResult = z.infer<typeof smsOutboxResultSchema>;
