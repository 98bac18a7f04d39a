import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { normalisePrivateKey, normalisePublicKey } from '../src/config/alipay.ts';
import { loadConfig } from '../src/config/env.ts';
import { balanceOf, coinBalance, verifyLedger } from '../src/modules/ledger/ledger.service.ts';
import {
  bookEscrowSplit,
  type MoneyDeps,
  type PaymentDeps,
  reconcile,
  sendSplitRefund,
} from '../src/modules/payment/payment.service.ts';
import { createPlatformAlipay, sandboxKeys } from '../src/modules/payment/platform-alipay.ts';
import { notifyForm } from '../src/modules/payment/sandbox.ts';
import { releaseDue } from '../src/modules/stage/stage.service.ts';
import { makeMember } from './admin-helpers.ts';
import { freePort } from './free-port.ts';
import { expectError, expectOk, makeTestApp, rows } from './helpers.ts';
import { useTestApp } from './member-fixtures.ts';
import { makeProject, makeQuote } from './project-fixtures.ts';
import { memberClient } from './projectcenter-fixtures.ts';

/**
 * A split in its own transaction, then the refund sent: what the complaint ruling does around its
 * own transaction (complaint.service `ruleComplaint`), here without the complaint.
 */
async function settleEscrowSplit(deps: MoneyDeps, projectId: number, refundFen: number) {
  const booked = await deps.db.transaction((tx) =>
    bookEscrowSplit(tx, projectId, refundFen, deps.config.marketplace.platformCommissionBp),
  );
  const refundSent =
    (await sendSplitRefund(deps, booked.refunds)) === booked.refunds.length && booked.refunds.length > 0;
  return { refunded: booked.refunded, released: booked.released, commission: booked.commission, refundSent };
}

let port = 0;
beforeAll(async () => {
  port = await freePort();
});
const ctx = useTestApp({
  env: () => ({
    PORT: String(port),
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    PLATFORM_COMMISSION_BP: '500',
  }),
  members: { sup: 'supplier', other: 'supplier', cust: 'customer', cust2: 'customer' },
});
const { sup, other, cust, cust2 } = ctx.members;

beforeAll(async () => {
  // the sandbox's server-to-server calls (query, refund, notify) go over real HTTP to PUBLIC_BASE_URL
  await ctx.app.listen({ port, host: '127.0.0.1' });
});

const db = () => ctx.database.db;
const deps = (): PaymentDeps => ({
  db: db(),
  config: ctx.config,
  log: ctx.app.log,
  alipay: ctx.app.hasRoute({ method: 'GET', url: '/sandbox/alipay/gateway.do' })
    ? (createPlatformAlipay(ctx.config, db()) as PaymentDeps['alipay'])
    : null,
});

async function order(outTradeNo: string) {
  const [o] = await rows<Record<string, unknown>>(
    ctx,
    sql`select * from payment_orders where out_trade_no = ${outTradeNo}`,
  );
  return o!;
}

/** A signed notification for an order (the sandbox's "Alipay" keys), with fields overridden. */
async function signedNotify(outTradeNo: string, overrides: Record<string, string> = {}) {
  const keys = await sandboxKeys(db());
  const o = await order(outTradeNo);
  return notifyForm(
    keys,
    {
      outTradeNo,
      tradeNo: `2026TEST${outTradeNo.slice(-10)}`,
      totalAmount: Number(o.amount),
      subject: String(o.subject),
    },
    overrides,
  );
}

async function postNotify(form: Record<string, string>) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/Alipay/notify',
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    payload: new URLSearchParams(form).toString(),
  });
  return { status: res.statusCode, text: res.body, type: String(res.headers['content-type']) };
}

async function buyCoins(c: typeof sup.c, coins: number) {
  const r = await c.post<{ outTradeNo: string; amount: number; payUrl: string; sandbox: boolean }>(
    'Alipay/getPayLink',
    { purpose: 'coins', coins },
  );
  expectOk(r);
  return r.body.data!;
}

async function ledgerOk() {
  const report = await verifyLedger(db());
  expect(report, JSON.stringify(report)).toMatchObject({ ok: true });
}

async function countTx(type: string, key: string) {
  const [n] = await rows<{ n: number }>(
    ctx,
    sql`select count(*)::int as n from ledger_transactions where type = ${type} and idempotency_key = ${key}`,
  );
  return Number(n!.n);
}

describe('Alipay/getPayLink (coins)', () => {
  it('stores a pending order and answers the sandbox page-pay address', async () => {
    const link = await buyCoins(sup.c, 50);
    expect(link.amount).toBe(5000);
    expect(link.sandbox).toBe(true);
    expect(link.outTradeNo).toMatch(/^Z\d{24}$/);
    expect(link.payUrl).toMatch(/^\/sandbox\/alipay\/gateway\.do\?/);
    const url = new URL(link.payUrl, 'http://x');
    expect(url.searchParams.get('method')).toBe('alipay.trade.page.pay');
    expect(url.searchParams.get('sign_type')).toBe('RSA2');
    expect(JSON.parse(url.searchParams.get('biz_content')!)).toMatchObject({
      out_trade_no: link.outTradeNo,
      total_amount: '50.00',
      product_code: 'FAST_INSTANT_TRADE_PAY',
    });
    expect(url.searchParams.get('notify_url')).toBe(`http://127.0.0.1:${port}/api/Alipay/notify`);
    expect(await order(link.outTradeNo)).toMatchObject({ status: 'pending', purpose: 'coins', coins: 50 });
  });

  it('refuses bad amounts and wrong types, and a logged-out caller', async () => {
    for (const coins of [9, 5001, 10.5, '50', null, -10, 1e20]) {
      expectError(await sup.c.post('Alipay/getPayLink', { purpose: 'coins', coins }), 'VALIDATION_FAILED');
    }
    expectError(await sup.c.post('Alipay/getPayLink', { purpose: 'gift', coins: 50 }), 'VALIDATION_FAILED');
    expectError(
      await sup.c.post('Alipay/getPayLink', { purpose: 'coins', coins: 50, x: 1 }),
      'VALIDATION_FAILED',
    );
    const anon = await ctx.app.inject({
      method: 'POST',
      url: '/api/Alipay/getPayLink',
      payload: { purpose: 'coins', coins: 50 },
    });
    expect(anon.statusCode).toBe(401);
  });

  it('orderStatus: the owner sees it; another member, bad input → refused', async () => {
    const link = await buyCoins(sup.c, 20);
    const r = await sup.c.post('Alipay/orderStatus', { outTradeNo: link.outTradeNo });
    expectOk(r);
    expect(r.body.data).toMatchObject({ status: 'pending', purpose: 'coins', amount: 2000, coins: 20 });
    expectError(await other.c.post('Alipay/orderStatus', { outTradeNo: link.outTradeNo }), 'NOT_FOUND');
    expectError(await sup.c.post('Alipay/orderStatus', { outTradeNo: 'Z\u0000x' }), 'VALIDATION_FAILED');
    expectError(await sup.c.post('Alipay/orderStatus', { outTradeNo: 'x'.repeat(65) }), 'VALIDATION_FAILED');
  });
});

describe('POST /api/Alipay/notify', () => {
  it('a valid notification credits the coins once and answers success', async () => {
    const link = await buyCoins(sup.c, 50);
    const before = await coinBalance(db(), sup.id);
    const r = await postNotify(await signedNotify(link.outTradeNo));
    expect(r).toMatchObject({ status: 200, text: 'success' });
    expect(r.type).toMatch(/^text\/plain/);
    expect(await coinBalance(db(), sup.id)).toBe(before + 50);
    expect(await order(link.outTradeNo)).toMatchObject({ status: 'paid' });
    const s = await sup.c.post('Alipay/orderStatus', { outTradeNo: link.outTradeNo });
    expect(s.body.data).toMatchObject({ status: 'paid' });
    expect(await countTx('coin_recharge', `pay:${link.outTradeNo}`)).toBe(1);
    await ledgerOk();
  });

  it('replayed 8 times in series and 20 times at once: credited once, success every time', async () => {
    const link = await buyCoins(sup.c, 30);
    const before = await coinBalance(db(), sup.id);
    const form = await signedNotify(link.outTradeNo);
    for (let i = 0; i < 8; i++) expect((await postNotify(form)).text).toBe('success');
    const link2 = await buyCoins(sup.c, 40);
    const form2 = await signedNotify(link2.outTradeNo);
    const all = await Promise.all(Array.from({ length: 20 }, () => postNotify(form2)));
    expect(all.map((a) => a.text)).toEqual(Array(20).fill('success'));
    expect(await coinBalance(db(), sup.id)).toBe(before + 70);
    expect(await countTx('coin_recharge', `pay:${link.outTradeNo}`)).toBe(1);
    expect(await countTx('coin_recharge', `pay:${link2.outTradeNo}`)).toBe(1);
    await ledgerOk();
  });

  it('every failing check changes nothing and answers failure', async () => {
    const link = await buyCoins(sup.c, 60);
    const before = await coinBalance(db(), sup.id);
    const good = await signedNotify(link.outTradeNo);
    const forged = { ...good, sign: Buffer.from('forged'.repeat(40)).toString('base64') };
    const tampered = { ...good, total_amount: '6000.00' };
    const tamperedSubject = { ...good, subject: '别的' };
    const cases = [
      forged,
      tampered,
      tamperedSubject,
      { ...good, sign: '' },
      await signedNotify(link.outTradeNo, { total_amount: '60.01' }),
      await signedNotify(link.outTradeNo, { total_amount: '60' }),
      await signedNotify(link.outTradeNo, { app_id: '2021000000000000' }),
      await signedNotify(link.outTradeNo, { out_trade_no: 'Z00000000000000000000000000' }),
      await signedNotify(link.outTradeNo, { trade_status: 'WAIT_BUYER_PAY' }),
      await signedNotify(link.outTradeNo, { trade_status: 'TRADE_CLOSED' }),
      await signedNotify(link.outTradeNo, { seller_id: '2088999999999999' }),
    ];
    // signed with a key that is not Alipay's (the app's own private key)
    const keys = await sandboxKeys(db());
    cases.push(
      notifyForm(
        { appId: keys.appId, alipayPrivateKey: keys.appPrivateKey },
        { outTradeNo: link.outTradeNo, tradeNo: 'T1', totalAmount: 6000, subject: 's' },
      ),
    );
    for (const form of cases) {
      const r = await postNotify(form);
      expect(r, JSON.stringify(form).slice(0, 200)).toMatchObject({ status: 200, text: 'failure' });
    }
    expect(await order(link.outTradeNo)).toMatchObject({ status: 'pending' });
    expect(await coinBalance(db(), sup.id)).toBe(before);
    // JSON, an empty body or garbage are not Alipay either
    const json = await ctx.app.inject({ method: 'POST', url: '/api/Alipay/notify', payload: good });
    expect(json.statusCode).toBe(415);
    expect((await postNotify({})).text).toBe('failure');
    const junk = await ctx.app.inject({
      method: 'POST',
      url: '/api/Alipay/notify',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '%%%&&&==\u0000__proto__=1&constructor=2',
    });
    expect(junk.body).toBe('failure');
    // and afterwards the genuine one still settles
    expect((await postNotify(good)).text).toBe('success');
    expect(await coinBalance(db(), sup.id)).toBe(before + 60);
    await ledgerOk();
  });
});

describe('the sandbox journey over real HTTP', () => {
  it('getPayLink → 收银台 → 确认支付 → notify delivered → orderStatus paid → coins credited', async () => {
    const link = await buyCoins(sup.c, 100);
    const before = await coinBalance(db(), sup.id);
    const base = `http://127.0.0.1:${port}`;
    const page = await fetch(`${base}${link.payUrl}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('沙箱');
    expect(html).toContain('¥100.00');
    expect(html).toContain('确认支付');
    expect(html).toContain('取消');
    expect(html).not.toContain('<script');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    // 取消 returns unpaid
    const cancel = await fetch(`${base}/sandbox/alipay/pay`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
      body: new URLSearchParams({ out_trade_no: link.outTradeNo, action: 'cancel' }),
    });
    expect(cancel.status).toBe(303);
    expect(cancel.headers.get('location')).toContain(`/personCenter/charging?outTradeNo=${link.outTradeNo}`);
    expect(await order(link.outTradeNo)).toMatchObject({ status: 'pending' });
    // 确认支付
    const pay = await fetch(`${base}/sandbox/alipay/pay`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
      body: new URLSearchParams({ out_trade_no: link.outTradeNo, action: 'pay' }),
    });
    expect(pay.status).toBe(303);
    const back = new URL(pay.headers.get('location')!);
    expect(back.pathname).toBe('/personCenter/charging');
    expect(back.searchParams.get('outTradeNo')).toBe(link.outTradeNo);
    expect(back.searchParams.get('total_amount')).toBe('100.00');
    expect(back.searchParams.get('sign')).toBeTruthy();
    // the notify was delivered before the redirect
    const s = await sup.c.post('Alipay/orderStatus', { outTradeNo: link.outTradeNo });
    expect(s.body.data).toMatchObject({ status: 'paid', amount: 10_000 });
    expect(await coinBalance(db(), sup.id)).toBe(before + 100);
    // the same SDK client asks alipay.trade.query of the sandbox and verifies its signed answer
    const q = await deps().alipay!.query(link.outTradeNo);
    expect(q).toMatchObject({ tradeStatus: 'TRADE_SUCCESS', totalAmountFen: 10_000 });
    expect(await deps().alipay!.query('Znope')).toEqual({ tradeStatus: 'NOT_EXIST' });
    await ledgerOk();
  });

  it('refuses a page-pay request with a bad signature', async () => {
    const link = await buyCoins(sup.c, 10);
    const bad = link.payUrl.replace(/sign=[^&]+/, 'sign=AAAA');
    const r = await fetch(`http://127.0.0.1:${port}${bad}`);
    expect(r.status).toBe(400);
    expect(await r.text()).toContain('验签出错');
  });

  it('transfer (withdrawals) answers a signed success, and a refused payee', async () => {
    const alipay = deps().alipay!;
    const ok = await alipay.transfer({
      outBizNo: 'W1',
      amountFen: 1234,
      payeeAccount: 'a@b.com',
      payeeName: '张三',
      remark: '提现',
    });
    expect(ok).toMatchObject({ ok: true });
    const again = await alipay.transfer({
      outBizNo: 'W1',
      amountFen: 1234,
      payeeAccount: 'a@b.com',
      payeeName: '张三',
      remark: '提现',
    });
    expect(again).toEqual(ok);
    const refused = await alipay.transfer({
      outBizNo: 'W2',
      amountFen: 1,
      payeeAccount: 'fail@sandbox.com',
      payeeName: '李四',
      remark: '提现',
    });
    expect(refused).toMatchObject({ ok: false, code: 'PAYEE_NOT_EXIST' });
  });
});

describe('reconciliation', () => {
  it('settles a lost notification once, however many rounds run at once', async () => {
    const link = await buyCoins(sup.c, 70);
    const before = await coinBalance(db(), sup.id);
    // the buyer opened the 收银台 and paid, but the notification never arrived
    expect((await fetch(`http://127.0.0.1:${port}${link.payUrl}`)).status).toBe(200);
    await db().execute(
      sql`update alipay_sandbox_trades set status = 'TRADE_SUCCESS', paid_at = now() where out_trade_no = ${link.outTradeNo}`,
    );
    // younger than 10 minutes: not asked about yet
    expect((await reconcile(deps())).settled).toBe(0);
    await db().execute(
      sql`update payment_orders set created_at = now() - interval '11 minutes' where out_trade_no = ${link.outTradeNo}`,
    );
    const rounds = await Promise.all([
      reconcile(deps()),
      reconcile(deps()),
      ctx.app.jobs.run('reconcile-payments'),
    ]);
    const settled = rounds.slice(0, 2).reduce((n, r) => n + (r as { settled: number }).settled, 0);
    expect(settled).toBeLessThanOrEqual(1);
    expect(await order(link.outTradeNo)).toMatchObject({ status: 'paid' });
    expect(await coinBalance(db(), sup.id)).toBe(before + 70);
    expect(await countTx('coin_recharge', `pay:${link.outTradeNo}`)).toBe(1);
    // a late notification afterwards changes nothing
    expect((await postNotify(await signedNotify(link.outTradeNo))).text).toBe('success');
    expect(await coinBalance(db(), sup.id)).toBe(before + 70);
    await ledgerOk();
  });

  it('closes a trade Alipay closed, and one it never knew after 3 hours', async () => {
    const a = await buyCoins(sup.c, 11);
    const b = await buyCoins(sup.c, 12);
    expect((await fetch(`http://127.0.0.1:${port}${a.payUrl}`)).status).toBe(200);
    await db().execute(
      sql`update alipay_sandbox_trades set status = 'TRADE_CLOSED' where out_trade_no = ${a.outTradeNo}`,
    );
    await db().execute(
      sql`update payment_orders set created_at = now() - interval '4 hours' where out_trade_no in (${a.outTradeNo}, ${b.outTradeNo})`,
    );
    await reconcile(deps());
    expect(await order(a.outTradeNo)).toMatchObject({ status: 'closed' });
    expect(await order(b.outTradeNo)).toMatchObject({ status: 'closed' });
    const s = await sup.c.post('Alipay/orderStatus', { outTradeNo: b.outTradeNo });
    expect(s.body.data).toMatchObject({ status: 'closed' });
  });
});

/** A project in 签约中 with the contract approved and the prepayment due, awarded to `winner`. */
async function dueProject(
  customerId: number,
  winnerId: number,
  prepay: number,
  values: Record<string, unknown> = {},
) {
  const p = await makeProject(ctx, customerId, { status: 1, prepay, coins: 5 });
  const q = await makeQuote(ctx, p.id, winnerId, 5);
  await db().execute(
    sql`update projects set status = 3, contctck = ${(values.contctck as number) ?? 2}, winner_quote_id = ${q.id} where id = ${p.id}`,
  );
  return p;
}

async function project(id: number) {
  const [p] = await rows<Record<string, unknown>>(ctx, sql`select * from projects where id = ${id}`);
  return p!;
}

async function payPrepay(projectId: number) {
  const r = await cust.c.post<{ outTradeNo: string; amount: number }>('Alipay/getPayLink', {
    purpose: 'prepay',
    id: projectId,
  });
  expectOk(r);
  const form = await signedNotify(r.body.data!.outTradeNo);
  expect((await postNotify(form)).text).toBe('success');
  return r.body.data!;
}

describe('prepayment into escrow', () => {
  it('only the customer, only when due; paying moves it into escrow and the project to 施工中', async () => {
    const winner = await makeMember(ctx, { cardtype: 'workshop', personauth: 1 });
    const p = await dueProject(cust.id, winner.id, 1_000_000);
    expectError(await cust2.c.post('Alipay/getPayLink', { purpose: 'prepay', id: p.id }), 'NOT_FOUND');
    expectError(await sup.c.post('Alipay/getPayLink', { purpose: 'prepay', id: p.id }), 'FORBIDDEN');
    expectError(await cust.c.post('Alipay/getPayLink', { purpose: 'prepay', id: 0 }), 'VALIDATION_FAILED');
    expectError(await cust.c.post('Alipay/getPayLink', { purpose: 'prepay', id: 99_999_999 }), 'NOT_FOUND');
    const notYet = await dueProject(cust.id, winner.id, 500_000, { contctck: 1 });
    expectError(
      await cust.c.post('Alipay/getPayLink', { purpose: 'prepay', id: notYet.id }),
      'INVALID_STATE',
    );

    // two links for one project are one order (one trade at Alipay)
    const first = await cust.c.post<{ outTradeNo: string }>('Alipay/getPayLink', {
      purpose: 'prepay',
      id: p.id,
    });
    const paid = await payPrepay(p.id);
    expect(paid.outTradeNo).toBe(first.body.data!.outTradeNo);
    expect(paid.amount).toBe(1_000_000);
    expect(await project(p.id)).toMatchObject({ status: 4, ispaid: true });
    expect(Number((await project(p.id)).prepayp)).toBe(1_000_000);
    expect(await balanceOf(db(), { kind: 'escrow', projectId: p.id }, 'CNY')).toBe(1_000_000);
    expect(await balanceOf(db(), { kind: 'member_cash', memberId: cust.id }, 'CNY')).toBe(0);
    const [audit] = await rows<{ action: string }>(
      ctx,
      sql`select action from audit_log where target_type = 'project' and target_id = ${String(p.id)} and action = 'project.prepayPaid'`,
    );
    expect(audit?.action).toBe('project.prepayPaid');
    // paid: no more links
    expectError(await cust.c.post('Alipay/getPayLink', { purpose: 'prepay', id: p.id }), 'INVALID_STATE');
    await ledgerOk();
  });

  it('20 concurrent prepay links are one pending order', async () => {
    const winner = await makeMember(ctx, { cardtype: 'workshop', personauth: 1 });
    const p = await dueProject(cust.id, winner.id, 300_000);
    const all = await Promise.all(
      Array.from({ length: 20 }, () =>
        cust.c.post<{ outTradeNo: string }>('Alipay/getPayLink', { purpose: 'prepay', id: p.id }),
      ),
    );
    for (const r of all) expectOk(r);
    expect(new Set(all.map((r) => r.body.data!.outTradeNo)).size).toBe(1);
    const [n] = await rows<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from payment_orders where project_id = ${p.id}`,
    );
    expect(Number(n!.n)).toBe(1);
  });

  it('releaseDue at acceptance: the winner gets prepay − floor(prepay × 5%), the platform the commission, once', async () => {
    const winner = await makeMember(ctx, { cardtype: 'workshop', personauth: 1 });
    const p = await dueProject(cust.id, winner.id, 333_333);
    await payPrepay(p.id);
    const revenueBefore = await balanceOf(db(), { kind: 'platform_revenue' }, 'CNY');
    const rules = { commissionBp: 500, retentionDays: 7 };
    // building, build-in not confirmed: nothing is due to the winner yet
    expect(await db().transaction((tx) => releaseDue(tx, p.id, rules))).toEqual({
      released: 0,
      commission: 0,
    });
    await db().execute(sql`update projects set status = 6, reportck = 2 where id = ${p.id}`);
    const r = await db().transaction((tx) => releaseDue(tx, p.id, rules));
    expect(r).toEqual({ released: 333_333, commission: 16_666 });
    expect(await balanceOf(db(), { kind: 'member_cash', memberId: winner.id }, 'CNY')).toBe(316_667);
    expect(await balanceOf(db(), { kind: 'platform_revenue' }, 'CNY')).toBe(revenueBefore + 16_666);
    expect(await balanceOf(db(), { kind: 'escrow', projectId: p.id }, 'CNY')).toBe(0);
    expect(await db().transaction((tx) => releaseDue(tx, p.id, rules))).toEqual({
      released: 0,
      commission: 0,
    });
    await ledgerOk();
  });

  it('settleEscrowSplit: refund to the original payment, the rest released with its commission', async () => {
    const winner = await makeMember(ctx, { cardtype: 'workshop', personauth: 1 });
    const p = await dueProject(cust.id, winner.id, 1_000_001);
    const paid = await payPrepay(p.id);
    // the sandbox must know the trade for a refund: the buyer went through the 收银台
    await db().execute(
      sql`insert into alipay_sandbox_trades (out_trade_no, trade_no, subject, total_amount, status, paid_at)
          values (${paid.outTradeNo}, 'T-split', '预付款', 1000001, 'TRADE_SUCCESS', now())`,
    );
    const r = await settleEscrowSplit(deps(), p.id, 400_000);
    expect(r).toEqual({ refunded: 400_000, released: 600_001, commission: 30_000, refundSent: true });
    expect(await balanceOf(db(), { kind: 'member_cash', memberId: winner.id }, 'CNY')).toBe(570_001);
    expect(await balanceOf(db(), { kind: 'member_cash', memberId: cust.id }, 'CNY')).toBe(0);
    expect(await balanceOf(db(), { kind: 'escrow', projectId: p.id }, 'CNY')).toBe(0);
    expect(Number((await order(paid.outTradeNo)).refunded)).toBe(400_000);
    const [t] = await rows<{ refunded: number }>(
      ctx,
      sql`select refunded from alipay_sandbox_trades where out_trade_no = ${paid.outTradeNo}`,
    );
    expect(Number(t!.refunded)).toBe(400_000);
    await expect(settleEscrowSplit(deps(), p.id, 1)).rejects.toMatchObject({ code: 'INVALID_STATE' });
    await ledgerOk();
  });

  it('a refund Alipay does not confirm stays pending and the reconciliation sends it again, once', async () => {
    const winner = await makeMember(ctx, { cardtype: 'workshop', personauth: 1 });
    const p = await dueProject(cust.id, winner.id, 200_000);
    const paid = await payPrepay(p.id);
    await db().execute(
      sql`insert into alipay_sandbox_trades (out_trade_no, trade_no, subject, total_amount, status, paid_at)
          values (${paid.outTradeNo}, 'T-retry', '预付款', 200000, 'TRADE_SUCCESS', now())`,
    );
    const failing = deps();
    failing.alipay = Object.assign(Object.create(failing.alipay!), {
      refund: async () => ({ ok: false as const, code: 'SYSTEM_ERROR', message: '系统繁忙' }),
    });
    const r = await settleEscrowSplit(failing, p.id, 200_000);
    expect(r).toMatchObject({ refunded: 200_000, released: 0, refundSent: false });
    const [pending] = await rows<{ status: string; attempts: number }>(
      ctx,
      sql`select status, attempts from payment_refunds where out_request_no = ${`E${p.id}`}`,
    );
    expect(pending).toMatchObject({ status: 'pending', attempts: 1 });
    await Promise.all([reconcile(deps()), reconcile(deps())]);
    const [done] = await rows<{ status: string }>(
      ctx,
      sql`select status from payment_refunds where out_request_no = ${`E${p.id}`}`,
    );
    expect(done!.status).toBe('done');
    expect(Number((await order(paid.outTradeNo)).refunded)).toBe(200_000);
    const [t] = await rows<{ refunded: number }>(
      ctx,
      sql`select refunded from alipay_sandbox_trades where out_trade_no = ${paid.outTradeNo}`,
    );
    expect(Number(t!.refunded)).toBe(200_000);
    await ledgerOk();
  });
});

describe('configuration', () => {
  const pair = () =>
    generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });

  it('accepts keys as PEM PKCS#1 / PKCS#8 or bare base64, and refuses anything else', () => {
    const { privateKey, publicKey } = pair();
    const pkcs8 = normalisePrivateKey(privateKey)!;
    expect(pkcs8).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    const pkcs1 = createPrivateKey(privateKey).export({ type: 'pkcs1', format: 'pem' }).toString();
    const bare8 = privateKey.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
    const bare1 = pkcs1.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
    for (const form of [pkcs1, bare8, bare1, privateKey.replaceAll('\n', '\\n')]) {
      expect(normalisePrivateKey(form)).toBe(pkcs8);
    }
    const spki = normalisePublicKey(publicKey)!;
    const rsaPub = createPublicKey(publicKey).export({ type: 'pkcs1', format: 'pem' }).toString();
    const barePub = publicKey.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
    for (const form of [rsaPub, barePub]) expect(normalisePublicKey(form)).toBe(spki);
    for (const bad of ['', 'hello', 'AAAA', '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----']) {
      expect(normalisePrivateKey(bad)).toBeNull();
      expect(normalisePublicKey(bad)).toBeNull();
    }
    // both keys missing: both named, each as missing
    expect(() => loadConfig({ ALIPAY_APP_ID: '2021000000000001' })).toThrow(
      /ALIPAY_PRIVATE_KEY: 缺少应用私钥[\s\S]*ALIPAY_PUBLIC_KEY: 缺少支付宝公钥/,
    );
    // a private key given as the public one: the public key is named as unreadable
    expect(() =>
      loadConfig({ ALIPAY_APP_ID: '2021000000000001', ALIPAY_PRIVATE_KEY: bare1, ALIPAY_PUBLIC_KEY: 'x' }),
    ).toThrow(/ALIPAY_PUBLIC_KEY: 不是有效的 RSA 公钥/);
    expect(() =>
      loadConfig({ ALIPAY_APP_ID: '2021000000000001', ALIPAY_PRIVATE_KEY: 'x', ALIPAY_PUBLIC_KEY: barePub }),
    ).toThrow(/不是有效的 RSA 私钥/);
    const c = loadConfig({
      ALIPAY_APP_ID: '2021000000000001',
      ALIPAY_PRIVATE_KEY: bare1,
      ALIPAY_PUBLIC_KEY: barePub,
    });
    expect(c.alipay).toMatchObject({
      appId: '2021000000000001',
      privateKey: pkcs8,
      alipayPublicKey: spki,
      gateway: 'https://openapi.alipay.com/gateway.do',
      sellerId: null,
    });
  });

  it('with ALIPAY_APP_ID: the configured keys; a notification signed by "Alipay" settles, no sandbox', async () => {
    const app = pair();
    const alipay = pair();
    const real = await makeTestApp({
      ALIPAY_APP_ID: '2021000000000042',
      ALIPAY_PRIVATE_KEY: app.privateKey,
      ALIPAY_PUBLIC_KEY: alipay.publicKey.replace(/-----[^-]+-----/g, '').replace(/\s+/g, ''),
      ALIPAY_SELLER_ID: '2088000000000042',
      PUBLIC_BASE_URL: 'https://zl.example.com',
    });
    try {
      expect(real.app.hasRoute({ method: 'GET', url: '/sandbox/alipay/gateway.do' })).toBe(false);
      const who = await memberClient(real, { cardtype: 'workshop' });
      const r = await who.c.post<{ outTradeNo: string; payUrl: string; sandbox: boolean }>(
        'Alipay/getPayLink',
        {
          purpose: 'coins',
          coins: 10,
        },
      );
      expectOk(r);
      const url = new URL(r.body.data!.payUrl);
      expect(url.origin + url.pathname).toBe('https://openapi.alipay.com/gateway.do');
      expect(url.searchParams.get('app_id')).toBe('2021000000000042');
      expect(url.searchParams.get('notify_url')).toBe('https://zl.example.com/api/Alipay/notify');
      expect(r.body.data!.sandbox).toBe(false);
      const keys = { appId: '2021000000000042', alipayPrivateKey: alipay.privateKey };
      const trade = { outTradeNo: r.body.data!.outTradeNo, tradeNo: 'T42', totalAmount: 1000, subject: 's' };
      const post = (form: Record<string, string>) =>
        real.app.inject({
          method: 'POST',
          url: '/api/Alipay/notify',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams(form).toString(),
        });
      // the sandbox's seller is not this merchant's
      expect((await post(notifyForm(keys, trade))).body).toBe('failure');
      expect((await post(notifyForm(keys, trade, { seller_id: '2088000000000042' }))).body).toBe('success');
      expect(await coinBalance(real.database.db, who.id)).toBe(10);
      expect((await verifyLedger(real.database.db)).ok).toBe(true);
    } finally {
      await real.close();
    }
  });

  it('production without ALIPAY_APP_ID: PAYMENT_NOT_CONFIGURED, no sandbox, notify answers failure', async () => {
    const prod = await makeTestApp({
      NODE_ENV: 'production',
      SMS_PROVIDER: 'aliyun',
      ALIYUN_ACCESS_KEY_ID: 'id',
      ALIYUN_ACCESS_KEY_SECRET: 'secret',
      ALIYUN_SMS_SIGN_NAME: '签名',
      ALIYUN_SMS_TEMPLATE: 'SMS_1',
    });
    try {
      expect(prod.app.hasRoute({ method: 'GET', url: '/sandbox/alipay/gateway.do' })).toBe(false);
      const n = await prod.app.inject({
        method: 'POST',
        url: '/api/Alipay/notify',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'out_trade_no=Z1&total_amount=1.00',
      });
      expect(n.body).toBe('failure');
      const who = await memberClient(prod, { cardtype: 'workshop' });
      expectError(
        await who.c.post('Alipay/getPayLink', { purpose: 'coins', coins: 50 }),
        'PAYMENT_NOT_CONFIGURED',
      );
    } finally {
      await prod.close();
    }
  });
});
