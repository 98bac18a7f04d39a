import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/client.ts';
import { routeOptions } from '../../lib/route.ts';
import type { App } from '../../lib/types.ts';
import { addFormParser } from './form-body.ts';
import { fenToYuan } from './money.ts';
import { SANDBOX_GATEWAY_PATH } from './platform-alipay.ts';
import { confirm, gatewayRequest } from './sandbox.ts';
import { cashierPage, errorPage } from './sandbox-page.ts';

export const SANDBOX_PAY_PATH = '/sandbox/alipay/pay';

function html(reply: FastifyReply, status: number, body: string) {
  return reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);
}

/** All parameters of a gateway request: the URL's and the form's (the SDK splits them so). */
function paramsOf(query: unknown, body: unknown): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  for (const source of [query, body]) {
    if (!source || typeof source !== 'object') continue;
    for (const [k, v] of Object.entries(source as Record<string, unknown>)) {
      if (typeof v === 'string' && !Object.hasOwn(out, k)) out[k] = v;
    }
  }
  return out;
}

/**
 * The sandbox gateway's routes (development without ALIPAY_APP_ID only; docs/payments.md): the
 * 收银台 of alipay.trade.page.pay, its 确认支付 / 取消, and the signed JSON answers of
 * alipay.trade.query / refund / fund.trans.uni.transfer.
 */
export function registerSandboxRoutes(app: App, db: Db): void {
  const open = routeOptions('public', 'Alipay');
  app.register(async (scope) => {
    addFormParser(scope);
    const gateway = async (query: unknown, body: unknown, reply: FastifyReply) => {
      const r = await gatewayRequest(db, paramsOf(query, body));
      if (r.kind === 'json') return reply.type('application/json; charset=utf-8').send(r.body);
      if (r.kind === 'error') return html(reply, 400, errorPage(r.message));
      return html(
        reply,
        200,
        cashierPage({
          outTradeNo: r.trade.outTradeNo,
          subject: r.trade.subject,
          amountYuan: fenToYuan(r.trade.totalAmount),
          status: r.trade.status,
        }),
      );
    };
    const gatewayOptions = open.other(
      '（仅开发环境）支付宝沙箱网关',
      '未配置 ALIPAY_APP_ID 的开发环境里，本机模拟的支付宝网关：验 alipay-sdk 的 RSA2 请求签名；' +
        'alipay.trade.page.pay 显示沙箱收银台（HTML），alipay.trade.query / alipay.trade.refund / ' +
        'alipay.fund.trans.uni.transfer 答带签名的 JSON。生产环境不存在。',
      {},
    );
    scope.get(SANDBOX_GATEWAY_PATH, gatewayOptions, (request, reply) =>
      gateway(request.query, undefined, reply),
    );
    scope.post(SANDBOX_GATEWAY_PATH, gatewayOptions, (request, reply) =>
      gateway(request.query, request.body, reply),
    );
    scope.post(
      SANDBOX_PAY_PATH,
      open.other(
        '（仅开发环境）沙箱收银台：确认支付或取消',
        '收银台表单提交：action=pay 时交易变为 TRADE_SUCCESS，向 notify_url 发送带签名的异步通知，' +
          '再把浏览器带回 return_url（带签名的同步参数）；action=cancel 不付款返回。生产环境不存在。',
        {},
      ),
      async (request, reply) => {
        const body = paramsOf(undefined, request.body);
        const r = await confirm(db, request.log, (body.out_trade_no ?? '').slice(0, 64), body.action ?? '');
        if ('error' in r) return html(reply, 400, errorPage(r.error));
        return reply.redirect(r.redirect, 303);
      },
    );
  });
}
