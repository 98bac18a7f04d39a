import {
  changePwdSchema,
  setPaymentResultSchema,
  setPaymentSchema,
  updateBaseInfoSchema,
  userInfoSchema,
} from '@zl/shared';
import { z } from 'zod';
import { okEnvelope } from '../../lib/errors.ts';
import { routeOptions } from '../../lib/route.ts';
import type { App, Deps } from '../../lib/types.ts';
import { memberOf } from '../../plugins/guards.ts';
import { RT_COOKIE, rememberCookieOptions } from '../../plugins/session.ts';
import * as service from './member.service.ts';

export function registerMemberRoutes(app: App, deps: Deps): void {
  const member = routeOptions('member', 'Member');
  // the pay password guards withdrawals, which only suppliers make (docs/withdrawals.md "Who may withdraw")
  const supplier = routeOptions('supplier', 'Member');
  app.post(
    '/api/Member/userInfo',
    member(
      '会员信息',
      '当前会员的资料、认证状态、金币余额、提现账户等（UserInfo）。需登录。',
      z.strictObject({}),
      userInfoSchema,
    ),
    async (request) => okEnvelope(await service.userInfo(deps, memberOf(request).memberId)),
  );

  app.post(
    '/api/Member/updateBaseInfo',
    member(
      '修改基本资料',
      '修改昵称、头像、公司、职务、生日、性别、QQ、邮箱、地区、地址、简介中的任意几项，返回更新后的 UserInfo。需登录。',
      updateBaseInfoSchema,
      userInfoSchema,
    ),
    async (request) =>
      okEnvelope(await service.updateBaseInfo(deps, memberOf(request).memberId, request.body)),
  );

  app.post(
    '/api/Member/setPayment',
    supplier(
      '设置支付密码与提现账户',
      '凭登录密码设置 6 位支付密码和提现账户（支付宝或银行卡）。需登录。',
      setPaymentSchema,
      setPaymentResultSchema,
    ),
    async (request) => okEnvelope(await service.setPayment(deps, memberOf(request).memberId, request.body)),
  );

  app.post(
    '/api/Member/changePwd',
    member(
      '修改登录密码',
      '凭原密码设置新密码；其他会话与所有记住我令牌失效，本会话保留。需登录。',
      changePwdSchema,
      z.null(),
    ),
    async (request, reply) => {
      await service.changePwd(deps, memberOf(request), request.body);
      // Every remember token ended with the old password, this browser's too.
      reply.clearCookie(RT_COOKIE, { ...rememberCookieOptions(deps.config), maxAge: 0 });
      return okEnvelope(null);
    },
  );
}
