import {
  orderStatusRequestSchema,
  orderStatusResultSchema,
  payLinkRequestSchema,
  payLinkResultSchema,
} from '@zl/shared';
import { okEnvelope } from '../../lib/errors.ts';
import { idempotent, routeOptions } from '../../lib/route.ts';
import type { App } from '../../lib/types.ts';
import { memberOf } from '../../plugins/guards.ts';
import { addFormParser } from './form-body.ts';
import * as service from './payment.service.ts';

export function registerPaymentRoutes(app: App, deps: service.PaymentDeps): void {
  const member = routeOptions('member', 'Alipay');
  const open = routeOptions('public', 'Alipay');
  app.post(
    '/api/Alipay/getPayLink',
    // one order per submission, however often it is sent (docs/adr/0010-idempotency-keys.md)
    idempotent(
      member(
        '生成支付宝支付链接',
        '购买金币 `{purpose:"coins", coins: 10–5000}`（1 金币 = ¥1.00，任何会员），或支付项目预付款 ' +
          '`{purpose:"prepay", id}`（仅项目的参展商，合同审核通过且未支付时）。保存待支付订单，返回 ' +
          '`payUrl`（alipay.trade.page.pay 收银台地址），浏览器跳转过去付款。未配置支付宝的生产环境答 PAYMENT_NOT_CONFIGURED。',
        payLinkRequestSchema,
        payLinkResultSchema,
      ),
    ),
    async (request) => okEnvelope(await service.getPayLink(deps, memberOf(request), request.body)),
  );

  app.post(
    '/api/Alipay/orderStatus',
    member(
      '查询支付订单状态',
      '支付后返回页轮询：pending 待支付、paid 已支付、closed 已关闭。仅订单本人可查，他人的订单答 NOT_FOUND。',
      orderStatusRequestSchema,
      orderStatusResultSchema,
    ),
    async (request) =>
      okEnvelope(await service.orderStatus(deps.db, memberOf(request).memberId, request.body.outTradeNo)),
  );

  // Alipay's server posts a form, not JSON: this scope parses forms only.
  app.register(async (scope) => {
    addFormParser(scope);
    scope.post(
      service.NOTIFY_PATH,
      open.other(
        '支付宝异步通知',
        '支付宝服务器回调（application/x-www-form-urlencoded，sign_type=RSA2）。RSA2 验签通过、app_id 为本应用、' +
          'out_trade_no 为本平台订单、total_amount 与订单金额一致、seller_id 一致（已配置时）且 trade_status 为 ' +
          'TRADE_SUCCESS/TRADE_FINISHED 时入账（同一订单只入账一次），提交后答纯文本 `success`；否则什么都不改，答 `failure`。',
        {},
      ),
      async (request, reply) => {
        const body = (request.body ?? {}) as Record<string, string>;
        const answer = await service.handleNotify(deps, body);
        return reply.type('text/plain; charset=utf-8').send(answer);
      },
    );
  });
}
