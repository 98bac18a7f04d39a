import {
  changePwdSchema,
  setPaymentResultSchema,
  setPaymentSchema,
  updateBaseInfoSchema,
  userInfoSchema,
} from '@zl/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { okEnvelope } from '../../lib/errors.ts';
import { type App, type Deps, envelope } from '../../lib/types.ts';
import { RT_COOKIE, rememberCookieOptions, requireMember } from '../../plugins/session.ts';
import * as service from './member.service.ts';

/** Login is checked before the body: a logged-out caller hears NOT_LOGGED_IN, not field errors. */
export async function memberOnly(request: FastifyRequest): Promise<void> {
  requireMember(request);
}

export function registerMemberRoutes(app: App, deps: Deps): void {
  app.post(
    '/api/Member/userInfo',
    {
      preValidation: memberOnly,
      schema: { body: z.strictObject({}), response: { 200: envelope(userInfoSchema) } },
    },
    async (request) => okEnvelope(await service.userInfo(deps, requireMember(request).memberId)),
  );

  app.post(
    '/api/Member/updateBaseInfo',
    {
      preValidation: memberOnly,
      schema: { body: updateBaseInfoSchema, response: { 200: envelope(userInfoSchema) } },
    },
    async (request) =>
      okEnvelope(await service.updateBaseInfo(deps, requireMember(request).memberId, request.body)),
  );

  app.post(
    '/api/Member/setPayment',
    {
      preValidation: memberOnly,
      schema: { body: setPaymentSchema, response: { 200: envelope(setPaymentResultSchema) } },
    },
    async (request) =>
      okEnvelope(await service.setPayment(deps, requireMember(request).memberId, request.body)),
  );

  app.post(
    '/api/Member/changePwd',
    { preValidation: memberOnly, schema: { body: changePwdSchema, response: { 200: envelope(z.null()) } } },
    async (request, reply) => {
      await service.changePwd(deps, requireMember(request), request.body);
      // Every remember token ended with the old password, this browser's too.
      reply.clearCookie(RT_COOKIE, { ...rememberCookieOptions(deps.config), maxAge: 0 });
      return okEnvelope(null);
    },
  );
}
