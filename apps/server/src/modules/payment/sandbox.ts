import { randomInt, randomUUID } from 'node:crypto';
import { shanghaiIso, shanghaiToday } from '@zl/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { fenToYuan, yuanToFen } from './money.ts';
import {
  SANDBOX_SELLER_ID,
  sandboxKeys,
  signedResponse,
  signParams,
  verifyRequestSignature,
} from './platform-alipay.ts';
import * as repo from './sandbox.repo.ts';

/**
 * The built-in sandbox gateway (docs/payments.md "The sandbox"): Alipay's protocol as far as the
 * platform uses it, on the server's own routes, with the key pairs of `alipay_sandbox_keys`.
 */

/** Beijing time as Alipay writes it: `2026-11-23 16:00:00`. */
export function alipayTime(d = new Date()): string {
  return shanghaiIso(d).replace('T', ' ').slice(0, 19);
}

export function newTradeNo(now = new Date()): string {
  const day = shanghaiToday(now).replaceAll('-', '');
  return `${day}22001${String(randomInt(0, 1e12)).padStart(12, '0')}${String(randomInt(0, 1e3)).padStart(3, '0')}`;
}

/** The asynchronous notification of a paid trade, signed as Alipay signs it (sign, sign_type left out). */
export function notifyForm(
  keys: { appId: string; alipayPrivateKey: string },
  trade: { outTradeNo: string; tradeNo: string; totalAmount: number; subject: string; paidAt?: Date | null },
  overrides: Record<string, string> = {},
): Record<string, string> {
  const now = new Date();
  const amount = fenToYuan(trade.totalAmount);
  const params: Record<string, string> = {
    gmt_create: alipayTime(trade.paidAt ?? now),
    charset: 'utf-8',
    gmt_payment: alipayTime(trade.paidAt ?? now),
    notify_time: alipayTime(now),
    subject: trade.subject,
    buyer_id: '2088102177846880',
    invoice_amount: amount,
    version: '1.0',
    notify_id: `2026${randomUUID().replaceAll('-', '')}`,
    fund_bill_list: `[{"amount":"${amount}","fundChannel":"ALIPAYACCOUNT"}]`,
    notify_type: 'trade_status_sync',
    out_trade_no: trade.outTradeNo,
    total_amount: amount,
    trade_status: 'TRADE_SUCCESS',
    trade_no: trade.tradeNo,
    auth_app_id: keys.appId,
    receipt_amount: amount,
    point_amount: '0.00',
    app_id: keys.appId,
    buyer_pay_amount: amount,
    seller_id: SANDBOX_SELLER_ID,
    ...overrides,
  };
  params.sign_type = 'RSA2';
  params.sign = signParams(params, keys.alipayPrivateKey, ['sign', 'sign_type']);
  return params;
}

export type GatewayAnswer =
  | { kind: 'page'; trade: repo.SandboxTradeRow }
  | { kind: 'json'; body: string }
  | { kind: 'error'; message: string };

function bizOf(params: Record<string, string>): Record<string, unknown> | null {
  try {
    const biz = JSON.parse(params.biz_content ?? '');
    return biz && typeof biz === 'object' && !Array.isArray(biz) ? (biz as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const str = (v: unknown, max = 256): string => (typeof v === 'string' ? v.slice(0, max) : '');

/** One request to the sandbox's gateway.do (query string and form together). */
export async function gatewayRequest(db: Db, params: Record<string, string>): Promise<GatewayAnswer> {
  const keys = await sandboxKeys(db);
  const method = params.method ?? '';
  const answer = (body: Record<string, unknown>): GatewayAnswer => ({
    kind: 'json',
    body: signedResponse(method || 'error', body, keys.alipayPrivateKey),
  });
  const invalid = (subCode: string, subMsg: string) =>
    answer({ code: '40002', msg: 'Invalid Arguments', sub_code: subCode, sub_msg: subMsg });
  const business = (subCode: string, subMsg: string) =>
    answer({ code: '40004', msg: 'Business Failed', sub_code: subCode, sub_msg: subMsg });

  if (params.app_id !== keys.appId) {
    return method === 'alipay.trade.page.pay'
      ? { kind: 'error', message: '应用 app_id 不正确（isv.invalid-app-id）' }
      : invalid('isv.invalid-app-id', '无效的AppID参数');
  }
  if (params.sign_type !== 'RSA2' || !verifyRequestSignature(params, keys.appPublicKey)) {
    return method === 'alipay.trade.page.pay'
      ? { kind: 'error', message: '验签出错，请确认应用私钥与沙箱公钥匹配（isv.invalid-signature）' }
      : invalid('isv.invalid-signature', '验签出错');
  }
  const biz = bizOf(params);
  if (!biz) return invalid('isv.missing-biz-content', '缺少业务参数 biz_content');
  const outTradeNo = str(biz.out_trade_no, 64);

  switch (method) {
    case 'alipay.trade.page.pay': {
      const amount = yuanToFen(biz.total_amount);
      if (!outTradeNo || amount === null || amount <= 0 || !str(biz.subject)) {
        return { kind: 'error', message: '订单参数不完整（out_trade_no、total_amount、subject）' };
      }
      const trade = await repo.insertTrade(db, {
        outTradeNo,
        tradeNo: newTradeNo(),
        subject: str(biz.subject),
        totalAmount: amount,
        notifyUrl: str(params.notify_url, 512),
        returnUrl: str(params.return_url, 512),
      });
      if (trade.totalAmount !== amount) return { kind: 'error', message: '该订单号已用于另一金额的交易' };
      return { kind: 'page', trade };
    }
    case 'alipay.trade.query': {
      const trade = outTradeNo ? await repo.findTrade(db, outTradeNo) : undefined;
      if (!trade) return business('ACQ.TRADE_NOT_EXIST', '交易不存在');
      return answer({
        code: '10000',
        msg: 'Success',
        trade_no: trade.tradeNo,
        out_trade_no: trade.outTradeNo,
        buyer_logon_id: 'san***@sandbox.com',
        trade_status: trade.status,
        total_amount: fenToYuan(trade.totalAmount),
        ...(trade.paidAt ? { send_pay_date: alipayTime(trade.paidAt) } : {}),
      });
    }
    case 'alipay.trade.refund': {
      const amount = yuanToFen(biz.refund_amount);
      const requestNo = str(biz.out_request_no, 64) || outTradeNo;
      const trade = outTradeNo ? await repo.findTrade(db, outTradeNo) : undefined;
      if (!trade) return business('ACQ.TRADE_NOT_EXIST', '交易不存在');
      if (amount === null || amount <= 0) return invalid('isv.invalid-parameter', '退款金额不正确');
      const key = `${outTradeNo}|${requestNo}`;
      const done = await db.transaction(async (tx) => {
        const seen = await repo.findRequest(tx, 'refund', key);
        if (seen) return seen.amount === amount ? 'again' : 'conflict';
        if (trade.status !== 'TRADE_SUCCESS') return 'not-paid';
        const updated = await repo.addTradeRefund(tx, outTradeNo, amount);
        if (!updated) return 'too-much';
        await repo.insertRequest(tx, { kind: 'refund', requestKey: key, amount, orderId: trade.tradeNo });
        return 'new';
      });
      if (done === 'not-paid') return business('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
      if (done === 'too-much') return business('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限');
      if (done === 'conflict') return business('ACQ.REFUND_AMT_RESTRICTION', '同一退款请求号金额不一致');
      const now = (await repo.findTrade(db, outTradeNo))!;
      return answer({
        code: '10000',
        msg: 'Success',
        trade_no: now.tradeNo,
        out_trade_no: now.outTradeNo,
        buyer_logon_id: 'san***@sandbox.com',
        fund_change: done === 'new' ? 'Y' : 'N',
        refund_fee: fenToYuan(now.refunded),
        gmt_refund_pay: alipayTime(),
      });
    }
    case 'alipay.fund.trans.uni.transfer': {
      const outBizNo = str(biz.out_biz_no, 64);
      const amount = yuanToFen(biz.trans_amount);
      const payee = (biz.payee_info ?? {}) as Record<string, unknown>;
      if (!outBizNo || amount === null || amount <= 0) return invalid('isv.invalid-parameter', '参数不正确');
      // A payee named fail@sandbox.com lets a test see Alipay refuse a transfer.
      if (str(payee.identity) === 'fail@sandbox.com') return business('PAYEE_NOT_EXIST', '收款账号不存在');
      const orderId = `2026${String(randomInt(0, 1e12)).padStart(12, '0')}`;
      await repo.insertRequest(db, { kind: 'transfer', requestKey: outBizNo, amount, orderId });
      const seen = (await repo.findRequest(db, 'transfer', outBizNo))!;
      if (seen.amount !== amount) return business('ORDER_NOT_MATCH', '同一商户订单号金额不一致');
      return answer({
        code: '10000',
        msg: 'Success',
        out_biz_no: outBizNo,
        order_id: seen.orderId,
        pay_fund_order_id: seen.orderId,
        status: 'SUCCESS',
        trans_date: alipayTime(seen.createdAt),
      });
    }
    default:
      return invalid('isv.invalid-method', '不存在的方法名');
  }
}

/**
 * 确认支付: the trade becomes TRADE_SUCCESS once, its signed notification is posted to notify_url
 * (a failed delivery is left to the platform's reconciliation, as with Alipay's retries), and the
 * browser goes to return_url with the signed synchronous parameters. 取消 returns unpaid.
 */
export async function confirm(
  db: Db,
  log: FastifyBaseLogger,
  outTradeNo: string,
  action: string,
): Promise<{ redirect: string } | { error: string }> {
  const keys = await sandboxKeys(db);
  const trade = await repo.findTrade(db, outTradeNo);
  if (!trade) return { error: '交易不存在' };
  const back = (params: Record<string, string>) => {
    let url: URL;
    try {
      url = new URL(trade.returnUrl);
    } catch {
      return { error: '交易没有有效的 return_url' };
    }
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    return { redirect: url.toString() };
  };
  if (action !== 'pay') return back({ out_trade_no: trade.outTradeNo, sandbox_cancel: '1' });

  const paid = await repo.markTradePaid(db, outTradeNo);
  if (paid) await deliverNotify(log, paid.notifyUrl, notifyForm(keys, paid));
  const current = paid ?? trade;
  const sync: Record<string, string> = {
    charset: 'utf-8',
    out_trade_no: current.outTradeNo,
    method: 'alipay.trade.page.pay.return',
    total_amount: fenToYuan(current.totalAmount),
    trade_no: current.tradeNo,
    auth_app_id: keys.appId,
    version: '1.0',
    app_id: keys.appId,
    seller_id: SANDBOX_SELLER_ID,
    timestamp: alipayTime(),
  };
  sync.sign = signParams(sync, keys.alipayPrivateKey, ['sign', 'sign_type']);
  sync.sign_type = 'RSA2';
  return back(sync);
}

async function deliverNotify(
  log: FastifyBaseLogger,
  notifyUrl: string,
  form: Record<string, string>,
): Promise<void> {
  if (!/^https?:\/\//.test(notifyUrl)) return;
  try {
    const res = await fetch(notifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      body: new URLSearchParams(form).toString(),
      signal: AbortSignal.timeout(10_000),
    });
    const text = (await res.text()).trim();
    if (text !== 'success')
      log.warn(
        { notifyUrl, status: res.status, text: text.slice(0, 100) },
        'sandbox notify not acknowledged',
      );
  } catch (err) {
    log.warn(
      { err, notifyUrl },
      'sandbox notify not delivered; the reconciliation job will find the payment',
    );
  }
}
