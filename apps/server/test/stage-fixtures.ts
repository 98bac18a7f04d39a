import type { PayPlan, PayPlanResult } from '@zl/shared';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { quotes } from '../src/db/schema/index.ts';
import { balanceOf, verifyLedger } from '../src/modules/ledger/ledger.service.ts';
import { releaseRules } from '../src/modules/payment/payment.service.ts';
import { sandboxKeys } from '../src/modules/payment/platform-alipay.ts';
import { notifyForm } from '../src/modules/payment/sandbox.ts';
import { expectOk, rows, type TestContext } from './helpers.ts';
import type { LoggedIn } from './member-fixtures.ts';
import { makeProject } from './project-fixtures.ts';
import { REPORT_QUOTE_LINES } from './report-fixtures.ts';

/** The winning quote's total of the staged-escrow tests: the report tests' three lines, 分. */
export const STAGE_TOTAL = 872_000;

/**
 * The staged-escrow tests' moves (docs/staged-escrow.md), over one test app: a project awarded
 * with a plan, its plan read, a stage paid through a signed sandbox notification, and the ledger
 * checked. `cust` owns the projects, `sup` wins them, `loser` quotes and loses.
 */
export function stageMoves(ctx: TestContext, m: { sup: LoggedIn; loser: LoggedIn; cust: LoggedIn }) {
  const db = () => ctx.database.db;
  const { sup, loser, cust } = m;

  async function ledgerOk() {
    const report = await verifyLedger(db());
    expect(report, JSON.stringify(report)).toMatchObject({ ok: true });
  }
  const escrow = (projectId: number) => balanceOf(db(), { kind: 'escrow', projectId }, 'CNY');
  const cash = (memberId: number) => balanceOf(db(), { kind: 'member_cash', memberId }, 'CNY');
  const rules = () => releaseRules(ctx.config);

  /** A project of `cust` with `plan`, quoted by `sup` and by `loser`, awarded to `sup` through Customer/award; contract approved (签约中). */
  async function awarded(plan: PayPlan, total = STAGE_TOTAL, title = '上海国际车展特装展台搭建') {
    const p = await makeProject(ctx, cust.id, { status: 1, prepay: 0, payPlan: plan, title });
    const [win] = await db()
      .insert(quotes)
      .values({
        projectId: p.id,
        supplierId: sup.id,
        lines: REPORT_QUOTE_LINES,
        subtotals: { dimian: 372_000, beiban: 500_000 },
        total,
        days: 3,
        coinsPaid: 0,
      })
      .returning();
    await db()
      .insert(quotes)
      .values({
        projectId: p.id,
        supplierId: loser.id,
        lines: {},
        subtotals: {},
        total: total + 1,
        days: 3,
        coinsPaid: 0,
      });
    expectOk(await cust.c.post('Customer/award', { id: p.id, quoteId: win!.id }));
    await db().execute(sql`update projects set status = 3, contctck = 2 where id = ${p.id}`);
    return p;
  }

  async function planOf(projectId: number, who = cust.c): Promise<PayPlanResult> {
    const r = await who.post<PayPlanResult>('Projectcenter/payPlan', { id: projectId });
    expectOk(r);
    return r.body.data!;
  }

  /** Alipay's notification of a paid order, signed with the sandbox's key. */
  async function signedNotify(outTradeNo: string) {
    const keys = await sandboxKeys(db());
    const [o] = await rows<{ amount: number; subject: string }>(
      ctx,
      sql`select amount, subject from payment_orders where out_trade_no = ${outTradeNo}`,
    );
    return notifyForm(keys, {
      outTradeNo,
      tradeNo: `2026ST${outTradeNo.slice(-12)}`,
      totalAmount: Number(o!.amount),
      subject: o!.subject,
    });
  }

  async function postNotify(form: Record<string, string>) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/Alipay/notify',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      payload: new URLSearchParams(form).toString(),
    });
    return res.body;
  }

  /** The pay link of one stage (the first through purpose 'prepay', as the seed's page does). */
  async function link(projectId: number, stage: { id: number; kind: string }) {
    const r = await cust.c.post<{ outTradeNo: string; amount: number }>(
      'Alipay/getPayLink',
      stage.kind === 'prepay'
        ? { purpose: 'prepay', id: projectId }
        : { purpose: 'stage', id: projectId, stage: stage.id },
    );
    expectOk(r);
    // the sandbox must know the trade for a later refund, as after the 收银台
    await db().execute(
      sql`insert into alipay_sandbox_trades (out_trade_no, trade_no, subject, total_amount, status, paid_at)
          values (${r.body.data!.outTradeNo}, ${`T${r.body.data!.outTradeNo.slice(-12)}`}, '阶段款', ${r.body.data!.amount}, 'TRADE_SUCCESS', now())
          on conflict do nothing`,
    );
    return r.body.data!;
  }

  /** Pays the project's first stage of `kind` (a notification answered 'success'). */
  async function pay(projectId: number, kind: string) {
    const stage = (await planOf(projectId)).stages.find((s) => s.kind === kind)!;
    const l = await link(projectId, stage);
    expect(await postNotify(await signedNotify(l.outTradeNo))).toBe('success');
    return l;
  }

  const status = async (projectId: number) =>
    Object.fromEntries((await planOf(projectId)).stages.map((s) => [s.kind, s.status]));

  return { db, ledgerOk, escrow, cash, rules, awarded, planOf, signedNotify, postNotify, link, pay, status };
}
