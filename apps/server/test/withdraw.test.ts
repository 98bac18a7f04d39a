import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Deps } from '../src/lib/types.ts';
import { balanceOf, verifyLedger } from '../src/modules/ledger/ledger.service.ts';
import type { AlipayGateway } from '../src/modules/payment/alipay-gateway.ts';
import * as service from '../src/modules/withdraw/withdraw.service.ts';
import { makeAdmin } from './admin-helpers.ts';
import { type Client, expectError, expectFields, expectOk, rows } from './helpers.ts';
import { useTestApp } from './member-fixtures.ts';
import { memberClient } from './projectcenter-fixtures.ts';
import { cashMember, PAYPWD } from './withdraw-fixtures.ts';

// Payments off: a payout needs a manual reference here; the Alipay path is tested with a fake
// gateway below and against the sandbox in withdraw-alipay.test.ts.
const ctx = useTestApp({
  members: { finance: 'finance', reviewer: 'reviewer', superAdmin: 'super' },
  app: { alipay: null },
});
const { finance, reviewer, superAdmin } = ctx.members;

const db = () => ctx.database.db;
const cash = (memberId: number) => balanceOf(db(), { kind: 'member_cash', memberId }, 'CNY');
const frozen = (memberId: number) => balanceOf(db(), { kind: 'member_frozen', memberId }, 'CNY');
const withdraw = (c: Client, amount: unknown, paypwd: unknown = PAYPWD) =>
  c.post<{ item: { id: number } }>('Applycash/postNew', { amount, paypwd });
const ledgerOk = async () => expect((await verifyLedger(db())).ok).toBe(true);

async function statusOf(id: number): Promise<string> {
  const [r] = await rows<{ status: string }>(ctx, sql`select status from withdrawals where id = ${id}`);
  return r!.status;
}

describe('Applycash/postNew', () => {
  it('freezes the amount with the request; the list shows it masked, newest first', async () => {
    const m = await cashMember(ctx, 50_000);
    const r = await withdraw(m.c, 12_345);
    expectOk(r);
    expect(await cash(m.id)).toBe(50_000 - 12_345);
    expect(await frozen(m.id)).toBe(12_345);
    expectOk(await withdraw(m.c, 1000));
    const l = await m.c.post<{
      listItem: Array<{ amount: number; status: string; statusText: string; payoutAccount: string }>;
      total: number;
      balance: { cash: number; frozen: number };
      today: number;
    }>('Applycash/list', { page: 1, pageSize: 10 });
    expectOk(l);
    expect(l.body.data.total).toBe(2);
    expect(l.body.data.today).toBe(2);
    expect(l.body.data.listItem.map((i) => i.amount)).toEqual([1000, 12_345]);
    expect(l.body.data.listItem[0]).toMatchObject({ status: 'pending', statusText: '审核中' });
    expect(l.body.data.listItem[0]!.payoutAccount).toBe('138****8000');
    expect(JSON.stringify(l.body)).not.toContain('13800138000');
    expect(l.body.data.balance).toEqual({ cash: 50_000 - 13_345, frozen: 13_345 });
    await ledgerOk();
  });

  it('the minimum is ¥10.00; more than the available cash is refused; nothing moves', async () => {
    const m = await cashMember(ctx, 5000);
    expect(expectFields(await withdraw(m.c, 999), ['amount']).amount).toBe('最低提现 ¥10.00');
    const r = await withdraw(m.c, 5001);
    expectError(r, 'INSUFFICIENT_FUNDS');
    expect(r.body.errMsg).toContain('¥50.00');
    expect(await cash(m.id)).toBe(5000);
    expectOk(await withdraw(m.c, 5000));
    expect(await cash(m.id)).toBe(0);
    await ledgerOk();
  });

  it('without a pay password or payout account: a clear message pointing to 账号安全', async () => {
    const m = await memberClient(ctx, { cardtype: 'workshop' });
    const r = await withdraw(m.c, 1000);
    expectError(r, 'PAYOUT_NOT_SET');
    expect(r.body.errMsg).toContain('账号安全');
    const noAccount = await cashMember(ctx, 5000, { payoutType: '', payoutAccount: '' });
    expectError(await withdraw(noAccount.c, 1000), 'PAYOUT_NOT_SET');
    expect(await cash(noAccount.id)).toBe(5000);
  });

  it('bad input gets per-field Chinese messages and changes nothing', async () => {
    const m = await cashMember(ctx, 5000);
    for (const amount of ['1000', 1000.5, -1000, 0, 1e15, null, true, [1000], '１０００'])
      expectFields(await withdraw(m.c, amount), ['amount']);
    for (const paypwd of ['13579\u0000', '1357900', 'abcdef', 135790, '', '\u001b13579'])
      expectFields(await withdraw(m.c, 1000, paypwd), ['paypwd']);
    expectFields(await m.c.post('Applycash/postNew', { amount: 1000, paypwd: PAYPWD, extra: 1 }), ['extra']);
    expectFields(await m.c.post('Applycash/list', { page: 'x' }), ['page']);
    expect(await cash(m.id)).toBe(5000);
    const [{ n }] = (await rows<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from withdrawals where member_id = ${m.id}`,
    )) as [{ n: number }];
    expect(n).toBe(0);
  });

  it('logged out is refused; an operator session is not a member', async () => {
    const { Client } = await import('./helpers.ts');
    const anon = new Client(ctx.app);
    expectError(await withdraw(anon, 1000), 'NOT_LOGGED_IN');
    expectError(await anon.post('Applycash/list', {}), 'NOT_LOGGED_IN');
    expectError(await finance.c.post('Applycash/list', {}), 'NOT_LOGGED_IN');
  });

  it("another member's requests are invisible", async () => {
    const a = await cashMember(ctx, 5000);
    const b = await cashMember(ctx, 5000);
    expectOk(await withdraw(a.c, 1000));
    const l = await b.c.post<{ total: number }>('Applycash/list', {});
    expect(l.body.data.total).toBe(0);
  });

  it('at most 3 requests a day, also when sent at once', async () => {
    const m = await cashMember(ctx, 100_000);
    for (let i = 0; i < 3; i++) expectOk(await withdraw(m.c, 1000));
    expectError(await withdraw(m.c, 1000), 'WITHDRAW_DAILY_LIMIT');

    const p = await cashMember(ctx, 100_000);
    const results = await Promise.all(Array.from({ length: 10 }, () => withdraw(p.c, 1000)));
    const ok = results.filter((r) => r.body.success);
    expect(ok).toHaveLength(3);
    for (const r of results.filter((x) => !x.body.success))
      expect(['WITHDRAW_DAILY_LIMIT', 'RATE_LIMITED']).toContain(r.body.errCode);
    expect(await frozen(p.id)).toBe(3000);
    expect(await cash(p.id)).toBe(97_000);
    await ledgerOk();
  });

  it('yesterday’s requests (Asia/Shanghai) do not count today', async () => {
    const m = await cashMember(ctx, 100_000);
    for (let i = 0; i < 3; i++) expectOk(await withdraw(m.c, 1000));
    const { dayStart } = service.shanghaiBoundaries();
    await db().execute(
      sql`update withdrawals set created_at = ${new Date(dayStart.getTime() - 1000)} where member_id = ${m.id}`,
    );
    expectOk(await withdraw(m.c, 1000));
  });

  it('50 concurrent withdrawals over the available cash: never more than the cash, no balance below zero', async () => {
    const m = await cashMember(ctx, 2500);
    const results = await Promise.all(Array.from({ length: 50 }, () => withdraw(m.c, 1000)));
    const ok = results.filter((r) => r.body.success);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(ok.length).toBeLessThanOrEqual(2);
    for (const r of results.filter((x) => !x.body.success))
      expect(['INSUFFICIENT_FUNDS', 'RATE_LIMITED']).toContain(r.body.errCode);
    expect(await cash(m.id)).toBe(2500 - ok.length * 1000);
    expect(await frozen(m.id)).toBe(ok.length * 1000);
    // paying them all out never pays more than the member had
    for (const r of ok)
      expectOk(
        await finance.c.post('Admin/withdrawReview', {
          id: r.body.data.item.id,
          approve: true,
          reference: 'B1',
        }),
      );
    const [paid] = await rows<{ sum: string }>(
      ctx,
      sql`select coalesce(sum(amount), 0) as sum from withdrawals where member_id = ${m.id} and status = 'paid'`,
    );
    expect(Number(paid!.sum)).toBeLessThanOrEqual(2500);
    expect(await frozen(m.id)).toBe(0);
    await ledgerOk();
  });
});

/** The paypwd message of a PAYCODE_WRONG answer (the form shows it under the field). */
function wrongField(r: { body: { data: unknown } }): string {
  return (r.body.data as { fields: { paypwd: string } }).fields.paypwd;
}

describe('the pay password', () => {
  it('5 wrong tries lock withdrawals for 15 minutes, even with the right one; the login stays open', async () => {
    const m = await cashMember(ctx, 5000);
    for (let i = 1; i <= 4; i++) {
      const r = await withdraw(m.c, 1000, '000000');
      expectError(r, 'PAYCODE_WRONG');
      expect(wrongField(r)).toBe(`支付密码不正确，还可尝试 ${5 - i} 次`);
    }
    expectError(await withdraw(m.c, 1000, '000000'), 'PAYCODE_LOCKED');
    expectError(await withdraw(m.c, 1000), 'PAYCODE_LOCKED');
    expect(await cash(m.id)).toBe(5000);
    const [row] = await rows<{ minutes: number; failed: number; login: number }>(
      ctx,
      sql`select round(extract(epoch from pay_locked_until - now()) / 60)::int as minutes,
            pay_failed as failed, failed_logins as login from members where id = ${m.id}`,
    );
    expect(row).toEqual({ minutes: 15, failed: 5, login: 0 });
    // the session still works for everything else
    expectOk(await m.c.post('Applycash/list', {}));
    // 15 minutes later
    await db().execute(
      sql`update members set pay_locked_until = now() - interval '1 second' where id = ${m.id}`,
    );
    expectOk(await withdraw(m.c, 1000));
    await ledgerOk();
  });

  it('a right one in between starts the count over', async () => {
    const m = await cashMember(ctx, 5000);
    for (let i = 0; i < 4; i++) await withdraw(m.c, 1000, '000000');
    expectOk(await withdraw(m.c, 1000));
    const r = await withdraw(m.c, 1000, '000000');
    expectError(r, 'PAYCODE_WRONG');
    expect(wrongField(r)).toContain('还可尝试 4 次');
  });

  it('20 parallel wrong guesses cannot get more than 5 checked', async () => {
    const m = await cashMember(ctx, 5000);
    const results = await Promise.all(Array.from({ length: 20 }, () => withdraw(m.c, 1000, '000000')));
    const wrong = results.filter((r) => r.body.errCode === 'PAYCODE_WRONG');
    const locked = results.filter((r) => r.body.errCode === 'PAYCODE_LOCKED');
    expect(wrong.length).toBeLessThanOrEqual(4);
    expect(
      wrong.length + locked.length + results.filter((r) => r.body.errCode === 'RATE_LIMITED').length,
    ).toBe(20);
    expect(locked.length).toBeGreaterThanOrEqual(1);
    const [row] = await rows<{ failed: number }>(
      ctx,
      sql`select pay_failed as failed from members where id = ${m.id}`,
    );
    expect(row!.failed).toBe(5);
    expectError(await withdraw(m.c, 1000), 'PAYCODE_LOCKED');
  });
});

describe('the finance console', () => {
  async function pendingRequest(amount = 2000) {
    const m = await cashMember(ctx, 10_000);
    const r = await withdraw(m.c, amount);
    expectOk(r);
    return { m, id: r.body.data.item.id };
  }

  it('a finance operator pays with a manual reference: frozen → paid out, audited; the member sees 已打款', async () => {
    const { m, id } = await pendingRequest(2000);
    const r = await finance.c.post('Admin/withdrawReview', {
      id,
      approve: true,
      reference: 'ICBC20261123001',
    });
    expectOk(r);
    expect(r.body.data).toEqual({ id, status: 'paid', reference: 'ICBC20261123001' });
    expect(await frozen(m.id)).toBe(0);
    expect(await cash(m.id)).toBe(8000);
    const l = await m.c.post<{ listItem: Array<{ statusText: string }> }>('Applycash/list', {});
    expect(l.body.data.listItem[0]!.statusText).toBe('已打款');
    const [a] = await rows<{ action: string; actor_id: number }>(
      ctx,
      sql`select action, actor_id::int as actor_id from audit_log where target_type = 'withdrawal' and target_id = ${String(id)} and actor_type = 'admin'`,
    );
    expect(a).toMatchObject({ action: 'withdraw.pay', actor_id: finance.id });
    await ledgerOk();
  });

  it('without Alipay a payout needs a reference', async () => {
    const { id } = await pendingRequest();
    expectFields(await finance.c.post('Admin/withdrawReview', { id, approve: true }), ['reference']);
    expect(await statusOf(id)).toBe('pending');
  });

  it('reject needs a reason and returns the cash', async () => {
    const { m, id } = await pendingRequest(3000);
    expectFields(await finance.c.post('Admin/withdrawReview', { id, approve: false }), ['reason']);
    const r = await superAdmin.c.post('Admin/withdrawReview', {
      id,
      approve: false,
      reason: '收款账户信息有误',
    });
    expectOk(r);
    expect(await cash(m.id)).toBe(10_000);
    expect(await frozen(m.id)).toBe(0);
    const l = await m.c.post<{ listItem: Array<{ statusText: string; reason: string }> }>(
      'Applycash/list',
      {},
    );
    expect(l.body.data.listItem[0]).toMatchObject({ statusText: '已驳回', reason: '收款账户信息有误' });
    // the member's tip carries the reason and links to the records that show it (docs/messages.md)
    await ctx.app.outbox.drain();
    const [tip] = await rows<{ title: string; content: string; link: string }>(
      ctx,
      sql`select title, content, link from tips where member_id = ${m.id} and title = '提现申请未通过'`,
    );
    expect(tip).toEqual({
      title: '提现申请未通过',
      content: '您申请提现的 ¥30.00 未通过审核，金额已退回余额。原因：收款账户信息有误。',
      link: '/personCenter/defaultPage#withdrawals',
    });
    // decided once: paying it now is refused
    expectError(
      await finance.c.post('Admin/withdrawReview', { id, approve: true, reference: 'X' }),
      'INVALID_STATE',
    );
    await ledgerOk();
  });

  it('20 concurrent reviews of one request have one effect', async () => {
    const { m, id } = await pendingRequest(2000);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        finance.c.post(
          'Admin/withdrawReview',
          i % 2 ? { id, approve: true, reference: `R${i}` } : { id, approve: false, reason: '重复' },
        ),
      ),
    );
    expect(results.filter((r) => r.body.success)).toHaveLength(1);
    for (const r of results.filter((x) => !x.body.success)) expectError(r, 'INVALID_STATE');
    const status = await statusOf(id);
    expect(await frozen(m.id)).toBe(0);
    expect(await cash(m.id)).toBe(status === 'paid' ? 8000 : 10_000);
    const [n] = await rows<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from ledger_transactions where ref_type = 'withdrawal' and ref_id = ${String(id)}`,
    );
    expect(n!.n).toBe(2);
    await ledgerOk();
  });

  it('a reviewer (not finance) is refused; a member is refused; an unknown id is not found', async () => {
    const { id } = await pendingRequest();
    expectError(await reviewer.c.post('Admin/withdrawList', {}), 'FORBIDDEN');
    expectError(
      await reviewer.c.post('Admin/withdrawReview', { id, approve: true, reference: 'X' }),
      'FORBIDDEN',
    );
    expectError(await reviewer.c.post('Admin/fundsOverview', {}), 'FORBIDDEN');
    const m = await cashMember(ctx, 0);
    expectError(await m.c.post('Admin/withdrawList', {}), 'ADMIN_NOT_LOGGED_IN');
    expect(await statusOf(id)).toBe('pending');
    expectError(
      await finance.c.post('Admin/withdrawReview', { id: 99_999_999, approve: false, reason: 'x' }),
      'NOT_FOUND',
    );
    expectFields(await finance.c.post('Admin/withdrawReview', { id: 'x', approve: 1 }), ['approve', 'id']);
    expectFields(await finance.c.post('Admin/withdrawReview', { id, approve: true, reference: 'A\u0000' }), [
      'reference',
    ]);
    expectFields(await finance.c.post('Admin/withdrawList', { status: 'gone' }), ['status']);
  });

  it('the queue: pending oldest first, with the full payout account; filters by status', async () => {
    const a = await pendingRequest(1000);
    const b = await pendingRequest(1100);
    const l = await finance.c.post<{
      listItem: Array<{ id: number; payoutAccount: string; status: string }>;
      alipay: boolean;
    }>('Admin/withdrawList', { status: 'pending', pageSize: 50 });
    expectOk(l);
    const ids = l.body.data.listItem.map((i) => i.id);
    expect(ids.indexOf(a.id)).toBeLessThan(ids.indexOf(b.id));
    expect(l.body.data.listItem.every((i) => i.status === 'pending')).toBe(true);
    expect(l.body.data.listItem.find((i) => i.id === a.id)!.payoutAccount).toBe('13800138000');
    expect(l.body.data.alipay).toBe(false);
  });

  it('资金概览: the ledger check and the figures', async () => {
    const before = await finance.c.post<{ pendingCount: number; pendingAmount: number; paidMonth: number }>(
      'Admin/fundsOverview',
      {},
    );
    expectOk(before);
    const { id } = await pendingRequest(1500);
    const mid = await finance.c.post<{ pendingCount: number; pendingAmount: number }>(
      'Admin/fundsOverview',
      {},
    );
    expect(mid.body.data.pendingCount).toBe(before.body.data.pendingCount + 1);
    expect(mid.body.data.pendingAmount).toBe(before.body.data.pendingAmount + 1500);
    expectOk(await finance.c.post('Admin/withdrawReview', { id, approve: true, reference: 'R' }));
    const after = await finance.c.post<{
      ledger: { ok: boolean; problems: number };
      paidMonth: number;
      inflowToday: number;
      escrowHeld: number;
    }>('Admin/fundsOverview', {});
    expect(after.body.data.ledger).toMatchObject({ ok: true, problems: 0 });
    expect(after.body.data.paidMonth).toBe(before.body.data.paidMonth + 1500);
    expect(after.body.data.inflowToday).toBe(0);
    expect(after.body.data.escrowHeld).toBe(0);
  });

  it('资金概览 shows the newest recorded ledger check; it runs one (once for 20 at once) only when none is recent', async () => {
    const checks = async () =>
      (await rows<{ n: number }>(ctx, sql`select count(*)::int as n from ledger_checks`))[0]!.n;
    await ctx.database.db.execute(sql`delete from ledger_checks`);
    const first = await Promise.all(
      Array.from({ length: 20 }, () =>
        finance.c.post<{ ledger: { ok: boolean; checkedAt: string; transactions: number } }>(
          'Admin/fundsOverview',
          {},
        ),
      ),
    );
    for (const r of first) expectOk(r);
    expect(await checks()).toBe(1);
    const checkedAt = first[0]!.body.data.ledger.checkedAt;
    expect(first.every((r) => r.body.data.ledger.checkedAt === checkedAt)).toBe(true);
    expect(first[0]!.body.data.ledger.transactions).toBeGreaterThan(0);
    // within two hours the recorded one is shown, not run again
    const again = await finance.c.post<{ ledger: { checkedAt: string } }>('Admin/fundsOverview', {});
    expect(again.body.data.ledger.checkedAt).toBe(checkedAt);
    expect(await checks()).toBe(1);
    // what the page shows is the record: a failed round is shown as failed
    await ctx.database.db.execute(
      sql`update ledger_checks set ok = false, problems = 2, checked_at = now() - interval '30 minutes'`,
    );
    const bad = await finance.c.post<{ ledger: { ok: boolean; problems: number } }>(
      'Admin/fundsOverview',
      {},
    );
    expect(bad.body.data.ledger).toMatchObject({ ok: false, problems: 2 });
    // a stale record (the hourly job missed rounds): checked anew
    await ctx.database.db.execute(sql`update ledger_checks set checked_at = now() - interval '3 hours'`);
    const fresh = await finance.c.post<{ ledger: { ok: boolean; problems: number } }>(
      'Admin/fundsOverview',
      {},
    );
    expect(fresh.body.data.ledger).toMatchObject({ ok: true, problems: 0 });
    expect(await checks()).toBe(2);
  });

  it('重新核对 (Admin/ledgerRecheck) runs the check now — once for 20 at once, not again within 30 s; finance only', async () => {
    const checks = async () =>
      (await rows<{ n: number }>(ctx, sql`select count(*)::int as n from ledger_checks`))[0]!.n;
    // a recorded round of 10 minutes ago that failed: 资金概览 shows it, 重新核对 runs a new one
    await ctx.database.db.execute(sql`delete from ledger_checks`);
    expectOk(await finance.c.post('Admin/fundsOverview', {}));
    await ctx.database.db.execute(
      sql`update ledger_checks set ok = false, problems = 3, checked_at = now() - interval '10 minutes'`,
    );
    const shown = await finance.c.post<{ ledger: { ok: boolean } }>('Admin/fundsOverview', {});
    expect(shown.body.data.ledger.ok).toBe(false);
    const many = await Promise.all(
      Array.from({ length: 20 }, () =>
        finance.c.post<{ ok: boolean; problems: number; checkedAt: string; transactions: number }>(
          'Admin/ledgerRecheck',
          {},
        ),
      ),
    );
    for (const r of many) expectOk(r);
    expect(await checks()).toBe(2);
    const now = many[0]!.body.data;
    expect(now).toMatchObject({ ok: true, problems: 0 });
    expect(Date.now() - Date.parse(now.checkedAt)).toBeLessThan(60_000);
    expect(many.every((r) => r.body.data.checkedAt === now.checkedAt)).toBe(true);
    // the page now shows the new round
    const after = await finance.c.post<{ ledger: { ok: boolean; checkedAt: string } }>(
      'Admin/fundsOverview',
      {},
    );
    expect(after.body.data.ledger).toMatchObject({ ok: true, checkedAt: now.checkedAt });
    // clicking again within 30 s answers the same round
    const again = await finance.c.post<{ checkedAt: string }>('Admin/ledgerRecheck', {});
    expect(again.body.data.checkedAt).toBe(now.checkedAt);
    expect(await checks()).toBe(2);
    expectError(await reviewer.c.post('Admin/ledgerRecheck', {}), 'FORBIDDEN');
    const m = await cashMember(ctx, 0);
    expectError(await m.c.post('Admin/ledgerRecheck', {}), 'ADMIN_NOT_LOGGED_IN');
    expectFields(await finance.c.post('Admin/ledgerRecheck', { force: true }), ['force']);
    expect(await checks()).toBe(2);
  });
});

describe('payouts through Alipay (a fake gateway)', () => {
  function fakeGateway(answer: 'ok' | 'fail') {
    const calls: Array<{ outBizNo: string; amountFen: number; payeeAccount: string; payeeName: string }> = [];
    const gw: AlipayGateway = {
      sandbox: true,
      pagePayUrl: () => '',
      verifyNotify: () => false,
      query: async () => ({ tradeStatus: 'NOT_EXIST' }),
      refund: async () => ({ ok: true }),
      transfer: async (t) => {
        calls.push(t);
        return answer === 'ok'
          ? { ok: true, orderId: `2026112300${t.outBizNo}` }
          : { ok: false, code: 'PAYEE_NOT_EXIST', message: '收款账号不存在' };
      },
    };
    return { gw, calls };
  }
  const depsWith = (alipay: AlipayGateway) =>
    ({ db: ctx.database.db, config: ctx.config, alipay, log: ctx.app.log }) as unknown as Deps;
  const actor = async () => {
    const a = await makeAdmin(ctx, 'finance');
    return {
      adminId: a.id,
      username: a.username,
      displayName: '财务',
      role: 'finance' as const,
      sessionHash: '',
    };
  };

  it('pays through alipay.fund.trans.uni.transfer with outBizNo W<id>; the order id is the reference', async () => {
    const m = await cashMember(ctx, 10_000);
    const r = await withdraw(m.c, 4321);
    const id = r.body.data.item.id;
    const { gw, calls } = fakeGateway('ok');
    const out = await service.review(depsWith(gw), await actor(), { id, approve: true });
    expect(out).toEqual({ id, status: 'paid', reference: `2026112300W${id}` });
    expect(calls).toEqual([
      {
        outBizNo: `W${id}`,
        amountFen: 4321,
        payeeAccount: '13800138000',
        payeeName: '张三',
        remark: `提现 W${id}`,
      },
    ]);
    expect(await frozen(m.id)).toBe(0);
    expect(await statusOf(id)).toBe('paid');
    // decided: a second review does not call Alipay again
    await expect(service.review(depsWith(gw), await actor(), { id, approve: true })).rejects.toMatchObject({
      code: 'INVALID_STATE',
    });
    expect(calls).toHaveLength(1);
    const list = await service.adminList(depsWith(gw), { status: 'paid', page: 1, pageSize: 50 });
    expect(list.alipay).toBe(true);
    await ledgerOk();
  });

  it('a refused transfer changes nothing and shows Alipay’s message', async () => {
    const m = await cashMember(ctx, 10_000);
    const id = (await withdraw(m.c, 2000)).body.data.item.id;
    const { gw } = fakeGateway('fail');
    await expect(service.review(depsWith(gw), await actor(), { id, approve: true })).rejects.toMatchObject({
      code: 'WITHDRAW_TRANSFER_FAILED',
      message: '支付宝打款失败：收款账号不存在',
    });
    expect(await statusOf(id)).toBe('pending');
    expect(await frozen(m.id)).toBe(2000);
    // a retry with the same outBizNo after the gateway recovers pays it once
    const ok = fakeGateway('ok');
    expect((await service.review(depsWith(ok.gw), await actor(), { id, approve: true })).status).toBe('paid');
    expect(ok.calls.map((c) => c.outBizNo)).toEqual([`W${id}`]);
    await ledgerOk();
  });

  it('concurrent Alipay payouts of one request call Alipay once', async () => {
    const m = await cashMember(ctx, 10_000);
    const id = (await withdraw(m.c, 2000)).body.data.item.id;
    const { gw, calls } = fakeGateway('ok');
    const a = await actor();
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => service.review(depsWith(gw), a, { id, approve: true })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(calls).toHaveLength(1);
    expect(await frozen(m.id)).toBe(0);
    await ledgerOk();
  });

  it('the crash window: Alipay paid but the answer was lost; the retry sends the same outBizNo and pays once', async () => {
    const m = await cashMember(ctx, 10_000);
    const id = (await withdraw(m.c, 3000)).body.data.item.id;
    // a gateway like Alipay: one transfer per outBizNo; the first answer is lost on the way back
    const paidOut = new Map<string, string>();
    let lose = true;
    const gw: AlipayGateway = {
      ...fakeGateway('ok').gw,
      transfer: async (t) => {
        if (!paidOut.has(t.outBizNo)) paidOut.set(t.outBizNo, `ORDER-${paidOut.size + 1}`);
        if (lose) {
          lose = false;
          throw new Error('socket hang up');
        }
        return { ok: true, orderId: paidOut.get(t.outBizNo)! };
      },
    };
    await expect(service.review(depsWith(gw), await actor(), { id, approve: true })).rejects.toThrow();
    expect(await statusOf(id)).toBe('pending');
    expect(await frozen(m.id)).toBe(3000);
    const out = await service.review(depsWith(gw), await actor(), { id, approve: true });
    expect(out.reference).toBe('ORDER-1');
    expect([...paidOut.keys()]).toEqual([`W${id}`]);
    expect(await frozen(m.id)).toBe(0);
    await ledgerOk();
  });

  it('a bank account is paid by hand even when Alipay is configured', async () => {
    const m = await cashMember(ctx, 10_000, {
      payoutType: 'bank',
      payoutAccount: '6222020200112233445',
      payoutBank: '工商银行',
    });
    const id = (await withdraw(m.c, 2000)).body.data.item.id;
    const { gw, calls } = fakeGateway('ok');
    await expect(service.review(depsWith(gw), await actor(), { id, approve: true })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    await service.review(depsWith(gw), await actor(), { id, approve: true, reference: 'ICBC-1' });
    expect(calls).toHaveLength(0);
    expect(await statusOf(id)).toBe('paid');
  });
});
