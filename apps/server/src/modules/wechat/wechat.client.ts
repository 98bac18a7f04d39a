import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { WechatConfig } from '../../config/wechat.ts';
import { AppError } from '../../lib/errors.ts';
import { readBounded } from '../../lib/read-bounded.ts';

const TIMEOUT_MS = 5_000;
const MAX_RESPONSE_BYTES = 32 * 1024;
export const OPENID_RE = /^[A-Za-z0-9_-]{1,64}$/;

/** The authorize URL of 网站应用微信登录 (scope snsapi_login). */
export function authorizeUrl(config: WechatConfig, state: string): string {
  // WeChat's documented parameter order; redirect_uri urlEncode'd; the fragment is required.
  return (
    `${config.authorizeUrl}?appid=${encodeURIComponent(config.appid)}` +
    `&redirect_uri=${encodeURIComponent(config.redirectUri)}` +
    `&response_type=code&scope=snsapi_login&state=${encodeURIComponent(state)}#wechat_redirect`
  );
}

async function getJson(url: string): Promise<unknown> {
  const res = await fetch(url, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(TIMEOUT_MS),
    redirect: 'error',
  });
  // WeChat answers errors with HTTP 200 and {errcode, errmsg}; the body decides, not the status.
  const text = await readBounded(res, MAX_RESPONSE_BYTES);
  return JSON.parse(text) as unknown;
}

const tokenSchema = z.object({
  access_token: z.string().min(1).max(512),
  openid: z.string().regex(OPENID_RE),
  unionid: z.string().max(64).optional(),
});
const userinfoSchema = z.object({ nickname: z.string().max(200) });

export interface WechatIdentity {
  openid: string;
  nickname: string;
}

/**
 * Exchanges an authorization code for the openid (and, if WeChat allows, the nickname).
 * Every failure of the exchange is WECHAT_AUTH_FAILED; WeChat's errmsg is logged, never sent.
 */
export async function exchangeCode(
  config: WechatConfig,
  code: string,
  log: FastifyBaseLogger,
): Promise<WechatIdentity> {
  const q = new URLSearchParams({
    appid: config.appid,
    secret: config.secret,
    code,
    grant_type: 'authorization_code',
  });
  let token: z.infer<typeof tokenSchema>;
  try {
    const answer = await getJson(`${config.apiBase}/sns/oauth2/access_token?${q}`);
    const parsed = tokenSchema.safeParse(answer);
    if (!parsed.success) {
      const { errcode, errmsg } = (answer ?? {}) as { errcode?: unknown; errmsg?: unknown };
      throw new Error(
        `access_token refused: errcode ${String(errcode)} ${String(errmsg ?? '').slice(0, 200)}`,
      );
    }
    token = parsed.data;
  } catch (err) {
    log.warn({ err: err instanceof Error ? err.message : String(err) }, '微信授权码换取失败');
    throw new AppError('WECHAT_AUTH_FAILED', { cause: err });
  }
  let nickname = '';
  try {
    const info = userinfoSchema.safeParse(
      await getJson(
        `${config.apiBase}/sns/userinfo?${new URLSearchParams({ access_token: token.access_token, openid: token.openid })}`,
      ),
    );
    // control characters never reach a page; the column holds 50
    if (info.success)
      nickname = info.data.nickname
        .replace(/\p{Cc}/gu, '')
        .trim()
        .slice(0, 50);
  } catch (err) {
    log.info({ err: err instanceof Error ? err.message : String(err) }, '微信用户信息获取失败（忽略）');
  }
  return { openid: token.openid, nickname };
}
