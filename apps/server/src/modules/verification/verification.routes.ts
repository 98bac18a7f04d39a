import { authInfoSchema, businesAuthSchema, personAuthInfoSchema, personAuthSchema } from '@zl/shared';
import { z } from 'zod';
import { okEnvelope } from '../../lib/errors.ts';
import { type App, type Deps, envelope } from '../../lib/types.ts';
import { requireMember } from '../../plugins/session.ts';
import { memberOnly } from '../member/member.routes.ts';
import * as service from './verification.service.ts';

/** Personal and business verification (the seed's Member/* calls); operators review elsewhere. */
export function registerVerificationRoutes(app: App, deps: Deps): void {
  app.post(
    '/api/Member/personAuth',
    {
      preValidation: memberOnly,
      schema: { body: personAuthSchema, response: { 200: envelope(personAuthInfoSchema) } },
    },
    async (request) => {
      const { memberId } = requireMember(request);
      await service.personAuth(deps, memberId, request.body);
      return okEnvelope((await service.personAuthInfo(deps, memberId))!);
    },
  );

  app.post(
    '/api/Member/personAuthInfo',
    {
      preValidation: memberOnly,
      schema: { body: z.strictObject({}), response: { 200: envelope(personAuthInfoSchema.nullable()) } },
    },
    async (request) => okEnvelope(await service.personAuthInfo(deps, requireMember(request).memberId)),
  );

  app.post(
    '/api/Member/businesAuth',
    {
      preValidation: memberOnly,
      schema: { body: businesAuthSchema, response: { 200: envelope(authInfoSchema) } },
    },
    async (request) => {
      const { memberId } = requireMember(request);
      await service.businesAuth(deps, memberId, request.body);
      return okEnvelope((await service.businesAuthInfo(deps, memberId))!);
    },
  );

  app.post(
    '/api/Member/businesAuthInfo',
    {
      preValidation: memberOnly,
      schema: { body: z.strictObject({}), response: { 200: envelope(authInfoSchema.nullable()) } },
    },
    async (request) => okEnvelope(await service.businesAuthInfo(deps, requireMember(request).memberId)),
  );
}
