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
