import {
  checkCodeResultSchema,
  checkCodeSchema,
  getCodeResultSchema,
  getCodeSchema,
  loginResultSchema,
  loginSchema,
  registResultSchema,
  registSchema,
  resetPwdSchema,
  sessionMemberSchema,
} from '@zl/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, envelope, okEnvelope } from '../../lib/errors.ts';
import { loginsTotal } from '../../lib/metrics.ts';
import { routeOptions } from '../../lib/route.ts';
import type { App, Deps } from '../../lib/types.ts';
import { memberOf } from '../../plugins/guards.ts';
import {
  clearSessionCookies,
  RT_COOKIE,
  rememberCookieOptions,
  SID_COOKIE,
  sessionCookieOptions,
} from '../../plugins/session.ts';
import { deleteRememberToken, deleteSessionByToken } from './session.service.ts';
import * as service from './user.service.ts';

function meta(request: FastifyRequest): service.ClientMeta {
  return { ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') };
}

/**
 * Session fixation: the old session (if any) ends and a new cookie is issued at every login (a
 * password login ends it in its own statement: `ended`).
 */
async function startSession(
  deps: Deps,
  request: FastifyRequest,
  reply: FastifyReply,
  out: service.LoginOutcome,
  ended = false,
) {
  const old = request.cookies[SID_COOKIE];
  if (old && !ended) await deleteSessionByToken(deps.db, old, deps.sessions);
  reply.setCookie(SID_COOKIE, out.sessionToken, sessionCookieOptions(deps.config));
  if (out.rememberToken) reply.setCookie(RT_COOKIE, out.rememberToken, rememberCookieOptions(deps.config));
}

export function registerUserRoutes(app: App, deps: Deps): void {
  const open = routeOptions('public', 'User');
  const member = routeOptions('member', 'User');
  app.post(
    '/api/User/getCode',
    open(
      '发送短信验证码',
      '向手机号发送 6 位验证码。`type`：regist 注册、reset 找回密码、bind 微信绑定手机号。验证码 5 分钟内有效；同一手机号 60 秒内只能发一次、每小时至多 5 次、24 小时至多 10 次（SMS_TOO_FREQUENT），每 IP 每小时至多 20 次（RATE_LIMITED），均带 retryAfter。手机号是否已注册在此不作区分（照常发送并计数）：注册时已注册由 User/regist 凭正确验证码答 MOBILE_TAKEN，找回时未注册由 User/checkCode 凭正确验证码答 MOBILE_NOT_REGISTERED。',
      getCodeSchema,
      getCodeResultSchema,
    ),
    async (request) => okEnvelope(await service.getCode(deps, request.body, meta(request))),
  );

  app.post(
    '/api/User/regist',
    open(
      '注册',
      '手机号 + 短信验证码（regist）+ 密码注册；`cardtype` 选供应商（workshop）或参展商（customer），可带邀请人卡号。成功即登录（设置会话 Cookie `zl_sid`，同登录），返回新会员。',
      registSchema,
      registResultSchema,
    ),
    async (request, reply) => {
      const out = await service.regist(deps, request.body, meta(request));
      await startSession(deps, request, reply, out);
      const { remembered: _r, ...member } = out.result;
      return okEnvelope(member);
    },
  );

  app.post(
    '/api/User/login',
    open(
      '登录',
      '手机号 + 密码登录，`autologin: 1` 时同时发放“记住我”令牌（Cookie `zl_rt`）。只带 `{autologin: 1}` 时用记住我令牌自动登录；已登录时答 `errCode: ALREADY_LOGGED_IN`（仍为成功）。多次失败锁定账户（ACCOUNT_LOCKED）。成功后设置会话 Cookie `zl_sid`。',
      loginSchema,
      loginResultSchema,
    ),
    async (request, reply) => {
      const body = request.body;
      const auto = body.autologin === 1 || body.autologin === '1';
      if (auto && body.password === undefined) {
        // The guard's auto-login (docs/seed-map.md § Guard, rule 2): a live session already answers it.
        if (request.member) {
          const { memberId: _m, sessionHash: _s, ...member } = request.member;
          return okEnvelope(
            { ...member, remembered: Boolean(request.cookies[RT_COOKIE]) },
            'ALREADY_LOGGED_IN',
          );
        }
        try {
          const out = await service.loginWithRememberToken(deps, request.cookies[RT_COOKIE], meta(request));
          await startSession(deps, request, reply, out);
          return okEnvelope(out.result);
        } catch (err) {
          if (err instanceof AppError) clearSessionCookies(reply, deps.config);
          throw err;
        }
      }
      let out: Awaited<ReturnType<typeof service.loginWithPassword>>;
      try {
        out = await service.loginWithPassword(
          deps,
          { mobile: body.mobile!, password: body.password!, remember: auto },
          meta(request),
          request.cookies[SID_COOKIE],
        );
      } catch (err) {
        const code = err instanceof AppError ? err.code : '';
        if (code === 'LOGIN_FAILED') loginsTotal.inc({ result: 'failure' });
        else if (code === 'ACCOUNT_LOCKED') loginsTotal.inc({ result: 'locked' });
        throw err;
      }
      loginsTotal.inc({ result: 'success' });
      await startSession(deps, request, reply, out, true);
      return okEnvelope(out.result);
    },
  );

  app.get(
    '/api/User/loginCheck',
    member.other('登录检查', '返回当前会话的会员；未登录为 NOT_LOGGED_IN。', {
      response: { 200: envelope(sessionMemberSchema) },
    }),
    async (request) => {
      const { memberId: _m, sessionHash: _s, ...member } = memberOf(request);
      return okEnvelope(member);
    },
  );

  app.get(
    '/api/User/logout',
    open.other('退出登录', '结束本浏览器的会话并作废记住我令牌，清除 Cookie；未登录也成功。', {
      response: { 200: envelope(z.null()) },
    }),
    async (request, reply) => {
      const sid = request.cookies[SID_COOKIE];
      const rt = request.cookies[RT_COOKIE];
      if (sid) await deleteSessionByToken(deps.db, sid, deps.sessions);
      if (rt) await deleteRememberToken(deps.db, rt);
      clearSessionCookies(reply, deps.config);
      return okEnvelope(null);
    },
  );

  app.post(
    '/api/User/checkCode',
    open(
      '校验找回密码验证码',
      '找回密码第一步：校验 reset 用途的短信验证码，成功返回一次性重置令牌（10 分钟内有效）。',
      checkCodeSchema,
      checkCodeResultSchema,
    ),
    async (request) => okEnvelope(await service.checkCode(deps, request.body)),
  );

  app.post(
    '/api/User/resetPwd',
    open(
      '重置密码',
      '找回密码第二步：凭重置令牌设置新密码；该会员的所有会话和记住我令牌随之失效。',
      resetPwdSchema,
      z.null(),
    ),
    async (request, reply) => {
      await service.resetPwd(deps, request.body);
      // The resetting browser starts clean too: it logs in with the new password.
      const sid = request.cookies[SID_COOKIE];
      if (sid) await deleteSessionByToken(deps.db, sid, deps.sessions);
      clearSessionCookies(reply, deps.config);
      return okEnvelope(null);
    },
  );
}
