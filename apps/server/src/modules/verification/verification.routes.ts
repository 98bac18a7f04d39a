import { authInfoSchema, businesAuthSchema, personAuthInfoSchema, personAuthSchema } from '@zl/shared';
import { z } from 'zod';
import { okEnvelope } from '../../lib/errors.ts';
import { routeOptions } from '../../lib/route.ts';
import type { App, Deps } from '../../lib/types.ts';
import { memberOf } from '../../plugins/guards.ts';
import * as service from './verification.service.ts';

/** Personal and business verification (the seed's Member/* calls); operators review elsewhere. */
export function registerVerificationRoutes(app: App, deps: Deps): void {
  const member = routeOptions('member', 'Member');
  app.post(
    '/api/Member/personAuth',
    member(
      '提交个人认证',
      '提交姓名、身份证号与身份证正反面照片（先经 File/upload 上传），进入待审核。需登录。',
      personAuthSchema,
      personAuthInfoSchema,
    ),
    async (request) => {
      const { memberId } = memberOf(request);
      await service.personAuth(deps, memberId, request.body);
      return okEnvelope((await service.personAuthInfo(deps, memberId))!);
    },
  );

  app.post(
    '/api/Member/personAuthInfo',
    member(
      '个人认证信息',
      '最近一次个人认证的提交与审核结果；从未提交为 null。需登录。',
      z.strictObject({}),
      personAuthInfoSchema.nullable(),
    ),
    async (request) => okEnvelope(await service.personAuthInfo(deps, memberOf(request).memberId)),
  );

  app.post(
    '/api/Member/businesAuth',
    member(
      '提交企业认证',
      '提交企业名称、统一社会信用代码、营业执照等，进入待审核。需登录。',
      businesAuthSchema,
      authInfoSchema,
    ),
    async (request) => {
      const { memberId } = memberOf(request);
      await service.businesAuth(deps, memberId, request.body);
      return okEnvelope((await service.businesAuthInfo(deps, memberId))!);
    },
  );

  app.post(
    '/api/Member/businesAuthInfo',
    member(
      '企业认证信息',
      '最近一次企业认证的提交与审核结果；从未提交为 null。需登录。',
      z.strictObject({}),
      authInfoSchema.nullable(),
    ),
    async (request) => okEnvelope(await service.businesAuthInfo(deps, memberOf(request).memberId)),
  );
}
