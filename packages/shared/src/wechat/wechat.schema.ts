import { z } from 'zod';
import { textSchema } from '../text/text.schema.ts';
import { mobileSchema, passwordSchema, sessionMemberSchema, smsCodeSchema } from '../user/user.schema.ts';
import { CARD_TYPES } from '../user/user-constants.ts';

/** WeChat sign-in (网站应用微信登录, OAuth2 authorization code): docs/product.md § Accounts and identity. */

/** `Wechat/login` {} → where to send the browser, and the state WeChat will hand back. */
export const wechatLoginSchema = z.strictObject({});
export const wechatLoginResultSchema = z.object({ url: z.string(), state: z.string() });
export type WechatLoginResult = z.infer<typeof wechatLoginResultSchema>;

/** WeChat's redirect back: /login?code=…&state=… */
export const wxLoginSchema = z.strictObject({
  code: textSchema({ error: '微信授权码缺失', max: 128, maxError: '微信授权码不正确', label: '微信授权码' })
    .min(1, { error: '微信授权码缺失' })
    .regex(/^[\x21-\x7e]+$/, { error: '微信授权码不正确' }),
  state: textSchema({
    error: '微信登录状态缺失',
    max: 128,
    maxError: '微信登录状态不正确',
    label: '微信登录状态',
  }).min(1, { error: '微信登录状态缺失' }),
});
export type WxLoginInput = z.input<typeof wxLoginSchema>;

export const wxLoginResultSchema = z.discriminatedUnion('bound', [
  sessionMemberSchema.extend({ bound: z.literal(true) }),
  z.object({ bound: z.literal(false), ticket: z.string(), nickname: z.string(), expiresIn: z.number() }),
]);
export type WxLoginResult = z.infer<typeof wxLoginResultSchema>;

const ticketSchema = textSchema({ error: '绑定凭证缺失', max: 100, maxError: '绑定凭证不正确' }).min(1, {
  error: '绑定凭证缺失',
});

/** `Wechat/bindMobile`: the ticket from wxLogin + a mobile proven by an SMS code (purpose `bind`). */
export const bindMobileSchema = z.strictObject({
  ticket: ticketSchema,
  mobile: mobileSchema,
  code: smsCodeSchema,
  /** only used when the mobile has no member yet */
  cardtype: z.enum(CARD_TYPES, { error: '请选择账号类型' }).default('workshop'),
});
export type BindMobileInput = z.input<typeof bindMobileSchema>;

export const bindMobileResultSchema = sessionMemberSchema.extend({
  isNew: z.boolean(),
  /** new members only: a one-time ticket for `Wechat/setPassword` */
  token: z.string().optional(),
  expiresIn: z.number().optional(),
});
export type BindMobileResult = z.infer<typeof bindMobileResultSchema>;

/** A member created by WeChat sign-in sets its first password; the current session stays. */
export const wechatSetPasswordSchema = z.strictObject({
  token: textSchema({ error: '设置密码凭证缺失', max: 100 }).min(1, { error: '设置密码凭证缺失' }),
  password: passwordSchema,
});
export type WechatSetPasswordInput = z.input<typeof wechatSetPasswordSchema>;
