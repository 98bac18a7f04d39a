import {
  bindMobileResultSchema,
  bindMobileSchema,
  wechatLoginResultSchema,
  wechatLoginSchema,
  wechatSetPasswordSchema,
  wxLoginResultSchema,
  wxLoginSchema,
} from '@zl/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { randomToken } from '../../lib/crypto.ts';
import { okEnvelope } from '../../lib/errors.ts';
import { routeOptions } from '../../lib/route.ts';
import type { App, Deps } from '../../lib/types.ts';
import { SID_COOKIE, sessionCookieOptions } from '../../plugins/session.ts';
import { deleteSessionByToken } from '../user/session.service.ts';
import type { ClientMeta } from '../user/user.service.ts';
import * as service from './wechat.service.ts';

/**
 * Binds a WeChat `state` to the browser that asked for it. SameSite=Lax, not Strict: the browser
 * comes back from open.weixin.qq.com by a top-level navigation, and the page then calls wxLogin.
 */
export const WXSTATE_COOKIE = 'zl_wxstate';
const WXSTATE_PATH = '/api/Wechat';

function meta(request: FastifyRequest): ClientMeta {
  return { ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') };
}

/**
 * Answers a login step's result; when the step logged the member in, then as User/login the old
 * session (if any) ends and a new cookie is issued (session fixation).
 */
async function answerLogin<R>(
  deps: Deps,
  request: FastifyRequest,
  reply: FastifyReply,
  out: service.Outcome<R>,
) {
  if (out.sessionToken) {
    const old = request.cookies[SID_COOKIE];
    if (old) await deleteSessionByToken(deps.db, old, deps.sessions);
    reply.setCookie(SID_COOKIE, out.sessionToken, sessionCookieOptions(deps.config));
  }
  return okEnvelope(out.result);
}

export function registerWechatRoutes(app: App, deps: Deps): void {
  const open = routeOptions('public', 'Wechat');
  app.post(
    '/api/Wechat/login',
    open(
      '微信登录：取授权地址',
      '返回微信开放平台扫码授权地址与 state，并以 Cookie `zl_wxstate` 把 state 绑定到本浏览器；未配置微信时为 WECHAT_NOT_CONFIGURED。',
      wechatLoginSchema,
      wechatLoginResultSchema,
    ),
    async (request, reply) => {
      const current = request.cookies[WXSTATE_COOKIE];
      // One binding per browser, reused while it lives, so two tabs can each start a login.
      const binding = current && service.BINDING_RE.test(current) ? current : randomToken(32);
      const out = await service.startLogin(deps, binding);
      reply.setCookie(WXSTATE_COOKIE, binding, {
        path: WXSTATE_PATH,
        httpOnly: true,
        sameSite: 'lax',
        secure: deps.config.server.cookieSecure,
        maxAge: service.WECHAT_RULES.stateSeconds,
      });
      return okEnvelope(out);
    },
  );

  app.post(
    '/api/Wechat/wxLogin',
    open(
      '微信登录：回调换取会话',
      '用微信回调的 code 与 state 登录：已绑定的微信直接登录（设置会话 Cookie），未绑定时返回绑定手机号用的 ticket。',
      wxLoginSchema,
      wxLoginResultSchema,
    ),
    async (request, reply) =>
      answerLogin(
        deps,
        request,
        reply,
        await service.wxLogin(deps, request.body, request.cookies[WXSTATE_COOKIE], meta(request)),
      ),
  );

  app.post(
    '/api/Wechat/bindMobile',
    open(
      '微信登录：绑定手机号',
      '凭 ticket + 手机号 + 短信验证码（bind）把微信绑定到该手机号的会员；手机号未注册时新建会员并返回首次设置密码的令牌。',
      bindMobileSchema,
      bindMobileResultSchema,
    ),
    async (request, reply) =>
      answerLogin(deps, request, reply, await service.bindMobile(deps, request.body, meta(request))),
  );

  app.post(
    '/api/Wechat/setPassword',
    open(
      '微信登录：首次设置密码',
      '微信新建的会员凭令牌设置登录密码；不结束当前会话。',
      wechatSetPasswordSchema,
      z.null(),
    ),
    async (request) => {
      await service.setPassword(deps, request.body);
      return okEnvelope(null);
    },
  );
}
