import {
  ADMIN_PERMISSIONS,
  adminWithdrawListSchema,
  adminWithdrawPageSchema,
  fundsOverviewResultSchema,
  fundsOverviewSchema,
  ledgerRecheckResultSchema,
  ledgerRecheckSchema,
  withdrawListPageSchema,
  withdrawListSchema,
  withdrawNewResultSchema,
  withdrawNewSchema,
  withdrawReviewResultSchema,
  withdrawReviewSchema,
} from '@zl/shared';
import { okEnvelope } from '../../lib/errors.ts';
import { idempotent, routeOptions } from '../../lib/route.ts';
import type { App, Deps } from '../../lib/types.ts';
import { adminOf, memberOf } from '../../plugins/guards.ts';
import * as service from './withdraw.service.ts';

/** Withdrawals (docs/withdrawals.md): the member's calls and the finance console's. */
export function registerWithdrawRoutes(app: App, deps: Deps): void {
  // suppliers only: a customer's money comes back to its Alipay payment, never as cash to withdraw
  // (docs/withdrawals.md "Who may withdraw")
  const member = routeOptions('supplier', 'Applycash');
  const finance = routeOptions({ admin: ADMIN_PERMISSIONS.finance }, 'Admin');

  app.post(
    '/api/Applycash/postNew',
    idempotent(
      member(
        '申请提现',
        '从可用余额提现到已设置的收款账户：校验支付密码（连续 5 次错误锁定提现 15 分钟）、最低 ¥10.00（1000 分）、不超过可用余额、每天最多 3 次；申请金额在同一事务中冻结，等待财务打款。',
        withdrawNewSchema,
        withdrawNewResultSchema,
      ),
    ),
    async (request) => okEnvelope(await service.postNew(deps, memberOf(request).memberId, request.body)),
  );

  app.post(
    '/api/Applycash/list',
    member(
      '提现记录',
      '当前会员的提现申请，最新在前，含状态、驳回原因、脱敏收款账号，以及可用与冻结余额。',
      withdrawListSchema,
      withdrawListPageSchema,
    ),
    async (request) => okEnvelope(await service.list(deps, memberOf(request).memberId, request.body)),
  );

  app.post(
    '/api/Admin/withdrawList',
    finance(
      '提现审核队列',
      '提现申请按状态筛选，待审核的最早在前，分页；含完整收款账户供打款。角色：财务、超级管理员。',
      adminWithdrawListSchema,
      adminWithdrawPageSchema,
    ),
    async (request) => okEnvelope(await service.adminList(deps, request.body)),
  );

  app.post(
    '/api/Admin/withdrawReview',
    finance(
      '提现打款或驳回',
      '打款：已配置支付宝时支付宝账户经单笔转账到账，否则填写打款凭证号；驳回需写原因，冻结金额退回余额。每条申请只处理一次。角色：财务、超级管理员。',
      withdrawReviewSchema,
      withdrawReviewResultSchema,
    ),
    async (request) => okEnvelope(await service.review(deps, adminOf(request), request.body)),
  );

  app.post(
    '/api/Admin/fundsOverview',
    finance(
      '资金概览',
      '账本核对结果，今日与本月入账、托管中的预付款、平台佣金、待处理与本月已打款的提现。角色：财务、超级管理员。',
      fundsOverviewSchema,
      fundsOverviewResultSchema,
    ),
    async () => okEnvelope(await service.fundsOverview(deps)),
  );

  app.post(
    '/api/Admin/ledgerRecheck',
    finance(
      '重新核对账本',
      '立即核对整个账本（每个余额等于其分录之和、每笔交易借贷平衡、无透支）并记录结果；30 秒内再次请求返回最近一次的结果，同时多次请求只核对一次。角色：财务、超级管理员。',
      ledgerRecheckSchema,
      ledgerRecheckResultSchema,
    ),
    async () => okEnvelope(await service.ledgerRecheck(deps)),
  );
}
