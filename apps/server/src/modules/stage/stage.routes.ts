import { confirmBuildInResultSchema, payPlanResultSchema, projectIdSchema } from '@zl/shared';
import { okEnvelope } from '../../lib/errors.ts';
import { idempotent, routeOptions } from '../../lib/route.ts';
import type { App, Deps } from '../../lib/types.ts';
import { memberOf } from '../../plugins/guards.ts';
import { confirmBuildIn, payPlan, type ReleaseRules } from './stage.service.ts';
import { registerStageNotices } from './stage-notices.ts';

/** The payment plan's calls (docs/staged-escrow.md). */
export function registerStageRoutes(app: App, deps: Deps): void {
  const member = routeOptions('member', 'Projectcenter');
  const customer = routeOptions('customer', 'Customer');
  const { db, config } = deps;
  registerStageNotices(deps.outbox);
  const rules: ReleaseRules = {
    commissionBp: config.marketplace.platformCommissionBp,
    retentionDays: config.marketplace.retentionDays,
  };

  app.post(
    '/api/Projectcenter/payPlan',
    member(
      '付款计划',
      '项目的付款计划与各阶段（预付款、进场款、尾款、质保金、增项款）：金额、应付时间、状态，以及托管中、已结算、待付、逾期的金额。仅项目的参展商与中标供应商。',
      projectIdSchema,
      payPlanResultSchema,
    ),
    async (request) => okEnvelope(await payPlan(db, memberOf(request).memberId, request.body.id)),
  );

  app.post(
    '/api/Customer/confirmBuildIn',
    idempotent(
      customer(
        '确认进场',
        '参展商确认供应商已进场施工：托管中的预付款和进场款结算给供应商（扣除平台佣金）。施工中或待验收的项目，仅一次；有未处理的投诉时不能确认。',
        projectIdSchema,
        confirmBuildInResultSchema,
      ),
    ),
    async (request) =>
      okEnvelope(await confirmBuildIn(db, memberOf(request).memberId, request.body.id, rules)),
  );
}
