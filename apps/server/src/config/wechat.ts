import { NOTICE_KINDS, type NoticeKind } from '@zl/shared';
import { z } from 'zod';
import { trimSlashes } from './values.ts';

/** WeChat sign-in (docs/wechat-and-sms.md): on with an appid and its secret. */
export const wechatEnv = z.object({
  WECHAT_APPID: z.string().max(64).optional(),
  WECHAT_SECRET: z.string().max(128).optional(),
  WECHAT_REDIRECT_URI: z.url().optional(),
  WECHAT_AUTHORIZE_URL: z.url().default('https://open.weixin.qq.com/connect/qrconnect'),
  WECHAT_API_BASE: z.url().default('https://api.weixin.qq.com'),
});

export type WechatEnv = z.output<typeof wechatEnv>;

export interface WechatConfig {
  appid: string;
  secret: string;
  /** the page WeChat sends the browser back to (…/login) */
  redirectUri: string;
  authorizeUrl: string;
  apiBase: string;
}

/** null: WeChat sign-in is not configured (no appid + secret). `port`: the local redirect's default. */
export function wechatConfig(e: WechatEnv, port: number): WechatConfig | null {
  if (!e.WECHAT_APPID || !e.WECHAT_SECRET) return null;
  return {
    appid: e.WECHAT_APPID,
    secret: e.WECHAT_SECRET,
    redirectUri: e.WECHAT_REDIRECT_URI ?? `http://127.0.0.1:${port}/login`,
    authorizeUrl: e.WECHAT_AUTHORIZE_URL,
    apiBase: trimSlashes(e.WECHAT_API_BASE),
  };
}

/** The local redirect default only suits development: production needs the public /login URL. */
export function wechatProductionProblems(e: WechatEnv): string[] {
  if (!e.WECHAT_APPID || !e.WECHAT_SECRET || e.WECHAT_REDIRECT_URI) return [];
  return [
    '已配置微信登录（WECHAT_APPID），生产环境还需设置 WECHAT_REDIRECT_URI（对外的 /login 地址）' +
      '\n    (WeChat sign-in in production needs WECHAT_REDIRECT_URI, the public /login URL)',
  ];
}

/**
 * The WeChat 服务号 (Official Account) that sends template messages (docs/notices.md "WeChat"): on
 * with its appid and secret — another account than the sign-in's 网站应用. One template id per
 * kind of notice; a kind without one is not sent by WeChat.
 */
export const wechatMpEnv = z.object({
  WECHAT_MP_APPID: z.string().max(64).optional(),
  WECHAT_MP_SECRET: z.string().max(128).optional(),
  WECHAT_MP_API_BASE: z.url().default('https://api.weixin.qq.com'),
  WECHAT_MP_TEMPLATE_AWARD: z.string().max(64).optional(),
  WECHAT_MP_TEMPLATE_CONTRACT: z.string().max(64).optional(),
  WECHAT_MP_TEMPLATE_PAYMENT: z.string().max(64).optional(),
  WECHAT_MP_TEMPLATE_REWORK: z.string().max(64).optional(),
  WECHAT_MP_TEMPLATE_RELEASE: z.string().max(64).optional(),
  WECHAT_MP_TEMPLATE_COMPLAINT: z.string().max(64).optional(),
  WECHAT_MP_TEMPLATE_WITHDRAW: z.string().max(64).optional(),
  WECHAT_MP_TEMPLATE_ANSWER: z.string().max(64).optional(),
  WECHAT_MP_TEMPLATE_DEADLINE: z.string().max(64).optional(),
});

export type WechatMpEnv = z.output<typeof wechatMpEnv>;

export interface WechatMpConfig {
  appid: string;
  secret: string;
  /** no trailing slash */
  apiBase: string;
  /** template id per kind; a kind missing here is not sent by WeChat */
  templates: Partial<Record<NoticeKind, string>>;
  /**
   * the site's public origin for a message's link (PUBLIC_BASE_URL, only when set: the local
   * default means nothing on a phone); null: messages go without a link
   */
  linkBase: string | null;
}

/** null: no 服务号 (appid + secret) — WeChat notices are off. */
export function wechatMpConfig(
  e: WechatMpEnv & { PUBLIC_BASE_URL?: string | undefined },
): WechatMpConfig | null {
  if (!e.WECHAT_MP_APPID || !e.WECHAT_MP_SECRET) return null;
  const templates: Partial<Record<NoticeKind, string>> = {};
  for (const kind of NOTICE_KINDS) {
    const id = e[`WECHAT_MP_TEMPLATE_${kind.toUpperCase()}` as keyof WechatMpEnv];
    if (id) templates[kind] = id;
  }
  return {
    appid: e.WECHAT_MP_APPID,
    secret: e.WECHAT_MP_SECRET,
    apiBase: trimSlashes(e.WECHAT_MP_API_BASE),
    templates,
    linkBase: e.PUBLIC_BASE_URL ? trimSlashes(e.PUBLIC_BASE_URL) : null,
  };
}
