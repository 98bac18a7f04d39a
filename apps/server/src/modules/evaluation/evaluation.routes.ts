import {
  customerEvaluateSchema,
  evaluateChangeSchema,
  evaluateItemSchema,
  evaluateReplySchema,
  evaluationListPageSchema,
  evaluationViewSchema,
  factoryCmtListSchema,
  factoryCmtSchema,
  projectEvaluationsSchema,
  projectIdSchema,
} from '@zl/shared';
import { okEnvelope } from '../../lib/errors.ts';
import { routeOptions } from '../../lib/route.ts';
import type { App, Deps } from '../../lib/types.ts';
import { customerOf, supplierOf } from '../../plugins/guards.ts';
import * as service from './evaluation.service.ts';

const BLIND = '双盲：对方提交前（且验收后 14 天评价期未结束）看不到对方的评分与内容。';

/** Two-sided, double-blind evaluations of a completed project (docs/delivery-evaluation.md). */
export function registerEvaluationRoutes(app: App, deps: Deps): void {
  const supplier = routeOptions('supplier', 'Projectcenter');
  const customer = routeOptions('customer', 'Customer');

  app.post(
    '/api/Projectcenter/factoryCmt',
    supplier(
      '评价参展商',
      `中标供应商在项目已完成（状态 6）后 14 天内评价参展商一次：综合评分 1–5、内容 2–500 字、最多 9 张图片。${BLIND}`,
      factoryCmtSchema,
      projectEvaluationsSchema,
    ),
    async (request) => okEnvelope(await service.factoryCmt(deps, supplierOf(request).memberId, request.body)),
  );

  app.post(
    '/api/Projectcenter/factoryCmtEdit',
    supplier(
      '修改对参展商的评价',
      '公开前（对方未评价且评价期未结束）可修改自己的评价；公开后不能修改。',
      factoryCmtSchema,
      projectEvaluationsSchema,
    ),
    async (request) =>
      okEnvelope(await service.factoryCmtEdit(deps, supplierOf(request).memberId, request.body)),
  );

  app.post(
    '/api/Projectcenter/factoryCmtItem',
    supplier(
      '项目的双方评价',
      `中标供应商查看该项目双方的评价及可进行的操作。${BLIND}`,
      projectIdSchema,
      projectEvaluationsSchema,
    ),
    async (request) =>
      okEnvelope(await service.factoryCmtItem(deps, supplierOf(request).memberId, request.body.id)),
  );

  app.post(
    '/api/Projectcenter/factoryCmtList',
    supplier(
      '我的评价记录',
      'kind=received：参展商对我的评价；kind=given：我对参展商的评价。最新在前，分页；未公开的对方评价不含内容。',
      factoryCmtListSchema,
      evaluationListPageSchema,
    ),
    async (request) => okEnvelope(await service.list(deps, supplierOf(request).memberId, request.body)),
  );

  app.post(
    '/api/Projectcenter/evaluateList',
    supplier(
      '收到的评价',
      '参展商对我的评价（质量、服务、准时三项评分、内容、图片、回复与修改申请状态），最新在前，分页。',
      factoryCmtListSchema.omit({ kind: true }),
      evaluationListPageSchema,
    ),
    async (request) =>
      okEnvelope(
        await service.list(deps, supplierOf(request).memberId, { ...request.body, kind: 'received' }),
      ),
  );

  app.post(
    '/api/Projectcenter/evaluateItem',
    supplier(
      '收到的一条评价',
      '供应商收到的一条评价（回复与申请修改页面用）；未公开时不含内容。id 为评价编号。',
      evaluateItemSchema,
      evaluationViewSchema,
    ),
    async (request) =>
      okEnvelope(await service.receivedOne(deps, supplierOf(request).memberId, request.body.id)),
  );

  app.post(
    '/api/Projectcenter/evaluateReply',
    supplier(
      '回复评价',
      '对已公开的、收到的评价公开回复一次（2–300 字）。',
      evaluateReplySchema,
      evaluationViewSchema,
    ),
    async (request) => okEnvelope(await service.reply(deps, supplierOf(request).memberId, request.body)),
  );

  app.post(
    '/api/Projectcenter/evaluateChange',
    supplier(
      '申请修改评价',
      '对已公开的、收到的评价申请参展商修改一次（写明理由）；参展商随后可修改该评价一次。',
      evaluateChangeSchema,
      evaluationViewSchema,
    ),
    async (request) =>
      okEnvelope(await service.requestChange(deps, supplierOf(request).memberId, request.body)),
  );

  app.post(
    '/api/Customer/evaluate',
    customer(
      '评价供应商',
      `参展商在项目已完成（状态 6）后 14 天内评价中标供应商一次：质量、服务、准时各 1–5 分，内容 2–500 字，最多 9 张图片。${BLIND}`,
      customerEvaluateSchema,
      projectEvaluationsSchema,
    ),
    async (request) => okEnvelope(await service.evaluate(deps, customerOf(request).memberId, request.body)),
  );

  app.post(
    '/api/Customer/evaluateEdit',
    customer(
      '修改对供应商的评价',
      '公开前可修改；公开后仅在供应商申请修改后可修改一次。',
      customerEvaluateSchema,
      projectEvaluationsSchema,
    ),
    async (request) =>
      okEnvelope(await service.evaluateEdit(deps, customerOf(request).memberId, request.body)),
  );

  app.post(
    '/api/Customer/evaluateInfo',
    customer(
      '项目的双方评价',
      `参展商查看该项目双方的评价及可进行的操作。${BLIND}`,
      projectIdSchema,
      projectEvaluationsSchema,
    ),
    async (request) =>
      okEnvelope(await service.evaluateInfo(deps, customerOf(request).memberId, request.body.id)),
  );
}
