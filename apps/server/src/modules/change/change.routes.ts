import {
  changeOrderAddSchema,
  changeOrderListResultSchema,
  changeOrderPdfSchema,
  changeOrderReviewResultSchema,
  changeOrderReviewSchema,
  changeOrderSchema,
  projectIdSchema,
} from '@zl/shared';
import { okEnvelope } from '../../lib/errors.ts';
import { idempotent, routeOptions } from '../../lib/route.ts';
import type { App, Deps } from '../../lib/types.ts';
import { customerOf, memberOf } from '../../plugins/guards.ts';
import { sendPdfAttachment } from '../file/file.routes.ts';
import { addChangeOrder, changeOrderPdf, listChangeOrders, reviewChangeOrder } from './change.service.ts';
import { registerChangeTips } from './change-tips.ts';

/** Change orders (变更单 增项 / 减项, docs/change-orders.md). */
export function registerChangeRoutes(app: App, deps: Deps): void {
  const member = routeOptions('member', 'Projectcenter');
  const customer = routeOptions('customer', 'Customer');
  const { db } = deps;
  registerChangeTips(deps.outbox);

  app.post(
    '/api/Projectcenter/changeOrderAdd',
    idempotent(
      member(
        '提出变更单',
        '中标供应商在签约中或施工中提出增项或减项：逐项填写类别、名称、规格、单位、数量、单价（分），变更原因（2–500 字）与现场照片（本人上传的图片，最多 9 张）。同时最多 5 张待确认；减项金额不超过尚未结算的合同款。仅中标供应商。',
        changeOrderAddSchema,
        changeOrderSchema,
      ),
    ),
    async (request) => okEnvelope(await addChangeOrder(db, memberOf(request).memberId, request.body)),
  );

  app.post(
    '/api/Projectcenter/changeOrderList',
    member(
      '变更单列表',
      '项目的全部变更单（新的在前）：明细、金额、原因、照片、状态、确认前后的合同金额、减项退款与补充协议链接；以及当前合同金额、能否提出变更、可减金额。仅项目的参展商与中标供应商。',
      projectIdSchema,
      changeOrderListResultSchema,
    ),
    async (request) => okEnvelope(await listChangeOrders(db, memberOf(request).memberId, request.body.id)),
  );

  app.post(
    '/api/Customer/changeOrderReview',
    idempotent(
      customer(
        '确认变更单',
        '参展商同意或拒绝（须填原因）一张待确认的变更单。同意增项：合同金额增加，计入下一笔待付款项（没有时新增一笔立即应付的增项款）；同意减项：合同金额减少，从最后的未结算款项中扣减，已托管的部分原路退回。同意后生成补充协议。仅项目的参展商。',
        changeOrderReviewSchema,
        changeOrderReviewResultSchema,
      ),
    ),
    async (request) => okEnvelope(await reviewChangeOrder(deps, customerOf(request).memberId, request.body)),
  );

  const sendPdf = sendPdfAttachment;
  const pdfDescription =
    '已同意的变更单的补充协议 PDF（双方、变更明细、变更前后合同金额、付款与退款约定、签字栏），以附件下载（application/pdf）。仅项目的参展商与中标供应商。';
  app.post(
    '/api/Projectcenter/changeOrderPdf',
    member.other('补充协议 PDF', pdfDescription, { body: changeOrderPdfSchema }),
    async (request, reply) =>
      sendPdf(
        reply,
        await changeOrderPdf(db, memberOf(request).memberId, request.body.id, request.body.orderId),
      ),
  );
  app.get(
    '/api/Projectcenter/changeOrderPdf',
    member.other('下载补充协议 PDF', `下载链接用：${pdfDescription}`, { querystring: changeOrderPdfSchema }),
    async (request, reply) =>
      sendPdf(
        reply,
        await changeOrderPdf(db, memberOf(request).memberId, request.query.id, request.query.orderId),
      ),
  );
}
