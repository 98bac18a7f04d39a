import {
  checkCodeSchema,
  getCodeSchema,
  loginResultSchema,
  loginSchema,
  registSchema,
  resetPwdSchema,
  sessionMemberSchema,
} from '@zl/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, okEnvelope } from '../../lib/errors.ts';
import { type App, type Deps, envelope } from '../../lib/types.ts';
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

/** Session fixation: the old session (if any) ends and a new cookie is issued at every login. */
async function startSession(
  deps: Deps,
  request: FastifyRequest,
  reply: FastifyReply,
  out: service.LoginOutcome,
) {
  const old = request.cookies[SID_COOKIE];
  if (old) await deleteSessionByToken(deps.db, old);
  reply.setCookie(SID_COOKIE, out.sessionToken, sessionCookieOptions(deps.config));
  if (out.rememberToken) reply.setCookie(RT_COOKIE, out.rememberToken, rememberCookieOptions(deps.config));
}

export function registerUserRoutes(app: App, deps: Deps): void {
  app.post(
    '/api/User/getCode',
    {
      schema: {
        body: getCodeSchema,
        response: { 200: envelope(z.object({ resendIn: z.number(), expiresIn: z.number() })) },
      },
    },
    async (request) => okEnvelope(await service.getCode(deps, request.body, meta(request))),
  );

  app.post(
    '/api/User/regist',
    { schema: { body: registSchema, response: { 200: envelope(z.object({ cardno: z.string() })) } } },
    async (request) => okEnvelope(await service.regist(deps, request.body)),
  );

  app.post(
    '/api/User/login',
    { schema: { body: loginSchema, response: { 200: envelope(loginResultSchema) } } },
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
      const out = await service.loginWithPassword(
        deps,
        { mobile: body.mobile!, password: body.password!, remember: auto },
        meta(request),
      );
      await startSession(deps, request, reply, out);
      return okEnvelope(out.result);
    },
  );

  app.get(
    '/api/User/loginCheck',
    { schema: { response: { 200: envelope(sessionMemberSchema) } } },
    async (request) => {
      if (!request.member) throw new AppError('NOT_LOGGED_IN');
      const { memberId: _m, sessionHash: _s, ...member } = request.member;
      return okEnvelope(member);
    },
  );

  app.get(
    '/api/User/logout',
    { schema: { response: { 200: envelope(z.null()) } } },
    async (request, reply) => {
      const sid = request.cookies[SID_COOKIE];
      const rt = request.cookies[RT_COOKIE];
      if (sid) await deleteSessionByToken(deps.db, sid);
      if (rt) await deleteRememberToken(deps.db, rt);
      clearSessionCookies(reply, deps.config);
      return okEnvelope(null);
    },
  );

  app.post(
    '/api/User/checkCode',
    {
      schema: {
        body: checkCodeSchema,
        response: { 200: envelope(z.object({ token: z.string(), expiresIn: z.number() })) },
      },
    },
    async (request) => okEnvelope(await service.checkCode(deps, request.body)),
  );

  app.post(
    '/api/User/resetPwd',
    { schema: { body: resetPwdSchema, response: { 200: envelope(z.null()) } } },
    async (request, reply) => {
      await service.resetPwd(deps, request.body);
      // The resetting browser starts clean too: it logs in with the new password.
      const sid = request.cookies[SID_COOKIE];
      if (sid) await deleteSessionByToken(deps.db, sid);
      clearSessionCookies(reply, deps.config);
      return okEnvelope(null);
    },
  );
}
