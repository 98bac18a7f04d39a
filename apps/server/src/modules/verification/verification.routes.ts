import { authInfoSchema, businesAuthSchema, personAuthInfoSchema, personAuthSchema } from '@zl/shared';
import { z } from 'zod';
import { envelope, okEnvelope } from '../../lib/errors.ts';
import type { App, Deps } from '../../lib/types.ts';
import { memberOf } from '../../plugins/guards.ts';
import * as service from './verification.service.ts';

/** Personal and business verification (the seed's Member/* calls); operators review elsewhere. */
export function registerVerificationRoutes(app: App, deps: Deps): void {
  app.post(
    '/api/Member/personAuth',
    {
      config: { guard: 'member' },
      schema: {
        tags: ['Member'],
        summary: '提交个人认证',
        description: '提交姓名、身份证号与身份证正反面照片（先经 File/upload 上传），进入待审核。需登录。',
        body: personAuthSchema,
        response: { 200: envelope(personAuthInfoSchema) },
      },
    },
    async (request) => {
      const { memberId } = memberOf(request);
      await service.personAuth(deps, memberId, request.body);
      return okEnvelope((await service.personAuthInfo(deps, memberId))!);
    },
  );

  app.post(
    '/api/Member/personAuthInfo',
    {
      config: { guard: 'member' },
      schema: {
        tags: ['Member'],
        summary: '个人认证信息',
        description: '最近一次个人认证的提交与审核结果；从未提交为 null。需登录。',
        body: z.strictObject({}),
        response: { 200: envelope(personAuthInfoSchema.nullable()) },
      },
    },
    async (request) => okEnvelope(await service.personAuthInfo(deps, memberOf(request).memberId)),
  );

  app.post(
    '/api/Member/businesAuth',
    {
      config: { guard: 'member' },
      schema: {
        tags: ['Member'],
        summary: '提交企业认证',
        description: '提交企业名称、统一社会信用代码、营业执照等，进入待审核。需登录。',
        body: businesAuthSchema,
        response: { 200: envelope(authInfoSchema) },
      },
    },
    async (request) => {
      const { memberId } = memberOf(request);
      await service.businesAuth(deps, memberId, request.body);
      return okEnvelope((await service.businesAuthInfo(deps, memberId))!);
    },
  );

  app.post(
    '/api/Member/businesAuthInfo',
    {
      config: { guard: 'member' },
      schema: {
        tags: ['Member'],
        summary: '企业认证信息',
        description: '最近一次企业认证的提交与审核结果；从未提交为 null。需登录。',
        body: z.strictObject({}),
        response: { 200: envelope(authInfoSchema.nullable()) },
      },
    },
    async (request) => okEnvelope(await service.businesAuthInfo(deps, memberOf(request).memberId)),
  );
}
