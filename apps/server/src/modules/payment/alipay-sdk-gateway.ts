import type { AlipayGateway } from './alipay-gateway.ts';
import { fenToYuan, yuanToFen } from './money.ts';

export interface AlipayClientOptions {
  appId: string;
  /** PKCS#8 PEM (config/alipay.ts normalises every accepted form to it) */
  privateKey: string;
  /** SPKI PEM */
  alipayPublicKey: string;
  /** https://openapi.alipay.com/gateway.do, or the sandbox's own /sandbox/alipay/gateway.do */
  gateway: string;
  sandbox: boolean;
  timeoutMs?: number;
}

type TradeStatus = Awaited<ReturnType<AlipayGateway['query']>>['tradeStatus'];
const TRADE_STATUSES: readonly TradeStatus[] = [
  'WAIT_BUYER_PAY',
  'TRADE_CLOSED',
  'TRADE_SUCCESS',
  'TRADE_FINISHED',
];

type AlipaySdkModule = typeof import('alipay-sdk');

function failure(
  AlipayRequestError: AlipaySdkModule['AlipayRequestError'],
  err: unknown,
): { ok: false; code: string; message: string } {
  if (err instanceof AlipayRequestError) {
    return { ok: false, code: err.code ?? 'REQUEST_ERROR', message: err.message.slice(0, 200) };
  }
  return { ok: false, code: 'REQUEST_ERROR', message: String((err as Error)?.message ?? err).slice(0, 200) };
}

/**
 * The platform's Alipay client (docs/payments.md): the official `alipay-sdk` does every signature
 * and verification — page pay links are signed by it, asynchronous notifications are checked with
 * `checkNotifySignV2` and every `exec` answer with `validateSign: true`. Only the gateway address
 * and the keys tell production from the built-in sandbox.
 */
export async function createAlipayGateway(opts: AlipayClientOptions): Promise<AlipayGateway> {
  // loaded with the first client, not at start (docs/adr/0018-demo-template.md "Start time")
  const { AlipaySdk, AlipayRequestError } = await import('alipay-sdk');
  const failed = (err: unknown) => failure(AlipayRequestError, err);
  const sdk = new AlipaySdk({
    appId: opts.appId,
    privateKey: opts.privateKey,
    keyType: 'PKCS8',
    alipayPublicKey: opts.alipayPublicKey,
    gateway: opts.gateway,
    signType: 'RSA2',
    timeout: opts.timeoutMs ?? 10_000,
    camelcase: true,
  });

  return {
    sandbox: opts.sandbox,

    pagePayUrl(order) {
      return sdk.pageExecute('alipay.trade.page.pay', 'GET', {
        notifyUrl: order.notifyUrl,
        returnUrl: order.returnUrl,
        bizContent: {
          out_trade_no: order.outTradeNo,
          product_code: 'FAST_INSTANT_TRADE_PAY',
          total_amount: fenToYuan(order.amountFen),
          subject: order.subject,
          timeout_express: '2h',
        },
      });
    },

    verifyNotify(form) {
      try {
        return sdk.checkNotifySignV2(form);
      } catch {
        return false;
      }
    },

    async query(outTradeNo) {
      const r = await sdk.exec(
        'alipay.trade.query',
        { bizContent: { out_trade_no: outTradeNo } },
        { validateSign: true },
      );
      if (r.code !== '10000') {
        if (r.subCode === 'ACQ.TRADE_NOT_EXIST') return { tradeStatus: 'NOT_EXIST' };
        throw new Error(`alipay.trade.query ${r.code} ${r.subCode ?? ''} ${r.subMsg ?? r.msg ?? ''}`);
      }
      const status = r.tradeStatus as TradeStatus;
      if (!TRADE_STATUSES.includes(status)) throw new Error(`alipay.trade.query: trade_status ${status}`);
      const fen = yuanToFen(r.totalAmount);
      return {
        tradeStatus: status,
        ...(fen === null ? {} : { totalAmountFen: fen }),
        ...(typeof r.tradeNo === 'string' ? { tradeNo: r.tradeNo } : {}),
      };
    },

    async refund(req) {
      try {
        const r = await sdk.exec(
          'alipay.trade.refund',
          {
            bizContent: {
              out_trade_no: req.outTradeNo,
              out_request_no: req.outRequestNo,
              refund_amount: fenToYuan(req.amountFen),
              refund_reason: req.reason,
            },
          },
          { validateSign: true },
        );
        if (r.code === '10000') return { ok: true };
        return {
          ok: false,
          code: r.subCode ?? r.code,
          message: String(r.subMsg ?? r.msg ?? '').slice(0, 200),
        };
      } catch (err) {
        return failed(err);
      }
    },

    async transfer(t) {
      try {
        const r = await sdk.exec(
          'alipay.fund.trans.uni.transfer',
          {
            bizContent: {
              out_biz_no: t.outBizNo,
              trans_amount: fenToYuan(t.amountFen),
              product_code: 'TRANS_ACCOUNT_NO_PWD',
              biz_scene: 'DIRECT_TRANSFER',
              order_title: t.remark,
              remark: t.remark,
              payee_info: { identity: t.payeeAccount, identity_type: 'ALIPAY_LOGON_ID', name: t.payeeName },
            },
          },
          { validateSign: true },
        );
        if (r.code === '10000' && typeof r.orderId === 'string') return { ok: true, orderId: r.orderId };
        return {
          ok: false,
          code: r.subCode ?? r.code,
          message: String(r.subMsg ?? r.msg ?? '').slice(0, 200),
        };
      } catch (err) {
        return failed(err);
      }
    },
  };
}
