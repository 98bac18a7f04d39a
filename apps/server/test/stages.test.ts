import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { showEndOf } from '@zl/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { noticeRound } from '../src/modules/notice/notice-send.ts';
import {
  bookEscrowSplit,
  type PaymentDeps,
  sendSplitRefund,
} from '../src/modules/payment/payment.service.ts';
import { createPlatformAlipay } from '../src/modules/payment/platform-alipay.ts';
import { lockProject } from '../src/modules/project/project-transition.ts';
import { acceptReport } from '../src/modules/report/report.service.ts';
import { stageRound } from '../src/modules/stage/stage.service.ts';
import { DevSmsSender } from '../src/modules/user/sms-sender.ts';
import { adminClient, approvedAuth } from './admin-helpers.ts';
import { freePort } from './free-port.ts';
import { expectError, expectOk, rows } from './helpers.ts';
import { cookieOf, useTestApp } from './member-fixtures.ts';
import { reportBody } from './report-fixtures.ts';
import { STAGE_TOTAL, stageMoves } from './stage-fixtures.ts';

/**
 * The whole contract's money in stages (docs/staged-escrow.md): the plan becomes stages at the
 * award, each paid once through the same Alipay settlement, released once on its event, frozen by a
 * complaint, split by a ruling — with the ledger checked after every money test.
 */
let port = 0;
beforeAll(async () => {
  port = await freePort();
});
const ctx = useTestApp({
  env: () => ({
    PORT: String(port),
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    PLATFORM_COMMISSION_BP: '500',
    RETENTION_DAYS: '7',
  }),
  members: { sup: 'supplier', loser: 'supplier', cust: 'customer', cust2: 'customer' },
});
const { sup, loser, cust, cust2 } = ctx.members;

beforeAll(async () => {
  // the sandbox's refunds go over real HTTP to PUBLIC_BASE_URL
  await ctx.app.listen({ port, host: '127.0.0.1' });
  await approvedAuth(ctx, cust.id, 'person');
});

const { db, ledgerOk, escrow, cash, rules, awarded, planOf, signedNotify, postNotify, link, pay, status } =
  stageMoves(ctx, { sup, loser, cust });
const TOTAL = STAGE_TOTAL;

describe('the plan becomes stages at the award', () => {
  it('stages sum to the winning total exactly; prepay is the first stage; the contract prints the plan', async () => {
    const p = await awarded({ prepay: 30, progress: 40, final: 30, retention: 10 });
    const plan = await planOf(p.id);
    expect(plan.contractAmount).toBe(TOTAL);
    expect(plan.stages.map((s) => [s.kind, s.percent, s.amount, s.status])).toEqual([
      ['prepay', 30, 261_600, 'due'],
      ['progress', 40, 348_800, 'due'],
      ['final', 20, 174_400, 'due'],
      ['retention', 10, 87_200, 'due'],
    ]);
    expect(plan.stages.reduce((t, s) => t + s.amount, 0)).toBe(TOTAL);
    expect(plan.stages.map((s) => s.payable)).toEqual([true, false, false, false]);
    // the winner sees the same; anyone else nothing
    expect((await planOf(p.id, sup.c)).stages).toHaveLength(4);
    for (const who of [loser.c, cust2.c])
      expectError(await who.post('Projectcenter/payPlan', { id: p.id }), 'NOT_FOUND');
    const [row] = await rows<{ prepay: number; contract_amount: number }>(
      ctx,
      sql`select prepay, contract_amount from projects where id = ${p.id}`,
    );
    expect([Number(row!.prepay), Number(row!.contract_amount)]).toEqual([261_600, TOTAL]);
    const pdf = await ctx.app.inject({
      method: 'GET',
      url: `/api/Projectcenter/contractPdf?id=${p.id}`,
      headers: { cookie: cookieOf(sup.c) },
    });
    expect(pdf.statusCode).toBe(200);
    const dir = mkdtempSync(path.join(tmpdir(), 'zl-stages-'));
    writeFileSync(path.join(dir, 'c.pdf'), pdf.rawPayload);
    const text = execFileSync('pdftotext', [path.join(dir, 'c.pdf'), '-'], { encoding: 'utf8' }).replace(
      /\s+/g,
      '',
    );
    for (const s of [
      '合同金额：¥8,720.00',
      '预付款（30%）：¥2,616.00',
      '进场款（40%）：¥3,488.00',
      '尾款（20%）：¥1,744.00',
      '质保金（10%）：¥872.00',
    ])
      expect(text).toContain(s);
  });

  it('a 1 分 contract and a prime total still sum exactly; 100 % prepay is one stage', async () => {
    const one = await awarded({ prepay: 30, progress: 40, final: 30, retention: 0 }, 1);
    expect((await planOf(one.id)).stages.map((s) => [s.kind, s.amount])).toEqual([['final', 1]]);
    const prime = await awarded({ prepay: 33, progress: 33, final: 34, retention: 7 }, 1_000_003);
    const st = (await planOf(prime.id)).stages;
    expect(st.reduce((t, s) => t + s.amount, 0)).toBe(1_000_003);
    expect(st.map((s) => s.kind)).toEqual(['prepay', 'progress', 'final', 'retention']);
    const full = await awarded({ prepay: 100, progress: 0, final: 0, retention: 0 });
    expect((await planOf(full.id)).stages.map((s) => [s.kind, s.amount])).toEqual([['prepay', TOTAL]]);
  });
});

describe('paying, releasing and accepting', () => {
  it('the whole life: each stage paid once, released on its event, acceptance waits for the 尾款, retention after its hold', async () => {
    const p = await awarded({ prepay: 30, progress: 40, final: 30, retention: 10 });
    const plan0 = await planOf(p.id);
    const progress = plan0.stages.find((s) => s.kind === 'progress')!;
    // a later stage cannot jump the queue, nor be paid by anyone else
    expectError(
      await cust.c.post('Alipay/getPayLink', { purpose: 'stage', id: p.id, stage: progress.id }),
      'INVALID_STATE',
    );
    expectError(
      await cust2.c.post('Alipay/getPayLink', { purpose: 'stage', id: p.id, stage: progress.id }),
      'NOT_FOUND',
    );
    expectError(
      await sup.c.post('Alipay/getPayLink', { purpose: 'stage', id: p.id, stage: progress.id }),
      'FORBIDDEN',
    );
    await pay(p.id, 'prepay');
    expect((await planOf(p.id)).stages[0]!.status).toBe('paid');
    const [pr] = await rows<{ status: number; ispaid: boolean }>(
      ctx,
      sql`select status, ispaid from projects where id = ${p.id}`,
    );
    expect(pr).toMatchObject({ status: 4, ispaid: true });

    // 进场款: 8 notifications one after another, then 20 at once — settled once
    const l = await link(p.id, progress);
    const form = await signedNotify(l.outTradeNo);
    for (let i = 0; i < 8; i++) expect(await postNotify(form)).toBe('success');
    const all = await Promise.all(Array.from({ length: 20 }, () => postNotify(form)));
    expect(new Set(all)).toEqual(new Set(['success']));
    const [n] = await rows<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from ledger_transactions where idempotency_key = ${`pay:${l.outTradeNo}`}`,
    );
    expect(Number(n!.n)).toBe(1);
    expect(await escrow(p.id)).toBe(261_600 + 348_800);
    await ledgerOk();

    // 确认进场: 20 at once, one confirms; the prepayment and the 进场款 go to the winner
    const before = await cash(sup.id);
    const confirms = await Promise.all(
      Array.from({ length: 20 }, () =>
        cust.c.post<{ released: number }>('Customer/confirmBuildIn', { id: p.id }),
      ),
    );
    expect(confirms.filter((r) => r.body.success)).toHaveLength(1);
    for (const r of confirms.filter((x) => !x.body.success)) expectError(r, 'INVALID_STATE');
    expect(confirms.find((r) => r.body.success)!.body.data).toMatchObject({
      released: 610_400,
      commission: 13_080 + 17_440,
    });
    expect((await cash(sup.id)) - before).toBe(610_400 - 30_520);
    expect(await escrow(p.id)).toBe(0);
    expect(await status(p.id)).toMatchObject({ prepay: 'released', progress: 'released', final: 'due' });
    await ledgerOk();

    // the report handed in (the build-in began yesterday); acceptance is refused while the 尾款 and 质保金 are unpaid
    await db().execute(sql`update projects set build_start = now() - interval '1 day' where id = ${p.id}`);
    expectOk(await sup.c.post('Projectcenter/fUpdateReports', await reportBody(ctx, p.id, sup.id)));
    const approve = {
      id: p.id,
      approve: true,
      lines: ['dimian:0', 'dimian:1', 'beiban:0'].map((line) => ({ line, ok: true })),
    };
    const refused = await cust.c.post('Customer/reportReview', approve);
    expectError(refused, 'INVALID_STATE');
    expect(refused.body.errMsg).toContain('尾款、质保金未支付');
    // the supplier's 我的项目 says what the project waits for
    const mine = await sup.c.post<{
      listItem: Array<{ id: number; delivery: { label: string; next: { label: string } } | null }>;
    }>('Projectcenter/factoryPrjctList', { page: 1, pageSize: 50 });
    expectOk(mine);
    expect(mine.body.data!.listItem.find((x) => x.id === p.id)!.delivery).toMatchObject({
      label: '待付尾款',
      next: { label: '等待参展商支付尾款' },
    });
    // the auto-acceptance passes it by too (its report is old enough)
    await db().execute(sql`update projects set reportdate = now() - interval '30 days' where id = ${p.id}`);
    const { autoAcceptReports } = await import('../src/modules/report/report.service.ts');
    expect((await autoAcceptReports(db(), { days: 7, rules: rules() })).accepted).toBe(0);

    await pay(p.id, 'final');
    await pay(p.id, 'retention');
    expect(await escrow(p.id)).toBe(174_400 + 87_200);
    const accepted = await cust.c.post<{ released: number }>('Customer/reportReview', approve);
    expectOk(accepted);
    expect(accepted.body.data).toMatchObject({ released: 174_400 });
    expect(await escrow(p.id)).toBe(87_200);
    expect(await status(p.id)).toMatchObject({ final: 'released', retention: 'paid' });

    // the retention's hold: not before the show's end + RETENTION_DAYS; then once, even with two schedulers
    const [dates] = await rows<{ edate: string }>(
      ctx,
      sql`select edate::text as edate from projects where id = ${p.id}`,
    );
    const holdEnds = showEndOf(dates!.edate).getTime() + 7 * 86_400_000;
    const early = await stageRound(db(), rules(), { now: new Date(holdEnds - 3_600_000) });
    expect(early.retentions).toBe(0);
    const late = new Date(holdEnds + 86_400_000);
    const two = await Promise.all([
      stageRound(db(), rules(), { now: late }),
      stageRound(db(), rules(), { now: late }),
    ]);
    expect(two.reduce((t, r) => t + r.released, 0)).toBe(87_200);
    expect(await escrow(p.id)).toBe(0);
    expect(await status(p.id)).toMatchObject({ retention: 'released' });
    const [released] = await rows<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from ledger_transactions where type = 'escrow_release' and ref_id = ${String(p.id)}`,
    );
    expect(Number(released!.n)).toBe(4);
    const commission = [261_600, 348_800, 174_400, 87_200].reduce(
      (t, a) => t + Math.floor((a * 500) / 10_000),
      0,
    );
    expect((await cash(sup.id)) - before).toBe(TOTAL - commission);
    await ledgerOk();
  });

  it('a build-in nobody confirmed is confirmed by the job a day after it began; a paid 进场款 after that goes at once', async () => {
    const p = await awarded({ prepay: 30, progress: 40, final: 30, retention: 0 });
    await pay(p.id, 'prepay');
    const plan = await planOf(p.id);
    const start = new Date(plan.buildInStart).getTime();
    await stageRound(db(), rules(), { now: new Date(start + 3_600_000) });
    expect((await planOf(p.id)).buildInConfirmed).toBe(false);
    expect(await escrow(p.id)).toBe(261_600);
    const r = await stageRound(db(), rules(), { now: new Date(start + 86_400_000 + 3_600_000) });
    expect(r.confirmed).toBeGreaterThanOrEqual(1);
    expect((await planOf(p.id)).buildInConfirmed).toBe(true);
    expect(await status(p.id)).toMatchObject({ prepay: 'released', progress: 'due' });
    await pay(p.id, 'progress');
    expect(await status(p.id)).toMatchObject({ prepay: 'released', progress: 'released', final: 'due' });
    expect(await escrow(p.id)).toBe(0);
    await ledgerOk();
  });

  it('confirmBuildIn: only the customer, only while building, never in someone else’s project', async () => {
    const p = await awarded({ prepay: 30, progress: 40, final: 30, retention: 0 });
    expectError(await cust.c.post('Customer/confirmBuildIn', { id: p.id }), 'INVALID_STATE'); // still 签约中
    await pay(p.id, 'prepay');
    expectError(await cust2.c.post('Customer/confirmBuildIn', { id: p.id }), 'NOT_FOUND');
    expectError(await sup.c.post('Customer/confirmBuildIn', { id: p.id }), 'FORBIDDEN');
    expectError(await cust.c.post('Customer/confirmBuildIn', { id: 'x' }), 'VALIDATION_FAILED');
    expect(await escrow(p.id)).toBe(261_600);
    expectOk(await cust.c.post('Customer/confirmBuildIn', { id: p.id }));
    await ledgerOk();
  });
});

describe('overdue', () => {
  it('a stage unpaid on its due date: marked once (two schedulers), both parties tipped, one SMS to the customer, listed for operators', async () => {
    const p = await awarded({ prepay: 30, progress: 40, final: 30, retention: 0 }, TOTAL, '逾期测试展台');
    await pay(p.id, 'prepay');
    const plan = await planOf(p.id);
    const after = new Date(new Date(plan.buildInStart).getTime() + 3_600_000);
    // the build-in started an hour ago, the 进场款 is unpaid: overdue (the build-in is not yet a day old)
    const two = await Promise.all([
      stageRound(db(), rules(), { now: after }),
      stageRound(db(), rules(), { now: after }),
    ]);
    expect(two.reduce((t, r) => t + r.overdue, 0)).toBeGreaterThanOrEqual(1);
    const marked = await rows<{ kind: string }>(
      ctx,
      sql`select kind from project_stages where project_id = ${p.id} and overdue_at is not null`,
    );
    expect(marked.map((m) => m.kind)).toEqual(['progress']);
    const [events] = await rows<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from outbox_events where type = 'stage.overdue' and aggregate_id = ${p.id}`,
    );
    expect(Number(events!.n)).toBe(1);
    // a third round marks nothing more
    expect((await stageRound(db(), rules(), { now: after })).overdue).toBe(0);
    await ctx.app.outbox.drain();
    const tips = await rows<{ member_id: number; title: string; link: string }>(
      ctx,
      sql`select member_id, title, link from tips where title like '%进场款%逾期%' and link like ${`%id=${p.id}%`} order by member_id`,
    );
    expect(tips.map((t) => Number(t.member_id)).sort()).toEqual([cust.id, sup.id].sort());
    // both tips are notices of kind payment (SMS on by default): the SMS names only the project's number
    const queued = await rows<{ member_id: number; kind: string; channel: string }>(
      ctx,
      sql`select member_id, kind, channel from notices where event_id =
            (select id from outbox_events where type = 'stage.overdue' and aggregate_id = ${String(p.id)})
          order by member_id`,
    );
    expect(queued.map((n) => [Number(n.member_id), n.kind, n.channel])).toEqual(
      [cust.id, sup.id].sort((a, b) => a - b).map((id) => [id, 'payment', 'sms']),
    );
    // sent by the notices job in the day (queued in the quiet hours, a notice waits for 08:00)
    await db().execute(sql`update notices set send_after = now() where project_id = ${p.id}`);
    const sender = new DevSmsSender(db(), ctx.app.log);
    await noticeRound(
      { db: db(), sms: sender, wechat: null, log: ctx.app.log },
      new Date('2026-11-28T04:00:00Z'),
    );
    const [mobile] = await rows<{ mobile: string }>(
      ctx,
      sql`select mobile from members where id = ${cust.id}`,
    );
    const sms = await rows<{ purpose: string; text: string }>(
      ctx,
      sql`select purpose, text from dev_sms_outbox where mobile = ${mobile!.mobile} and purpose = 'notice.payment'`,
    );
    expect(sms.filter((m) => m.text.includes(p.orders)).length).toBeGreaterThanOrEqual(1);
    expect(sms.map((m) => m.text).join()).not.toMatch(/逾期测试展台|¥/);
    // the operators' 资金概览 (overdue now, by the clock of the request: move the due time back)
    await db().execute(
      sql`update project_stages set due_at = now() - interval '2 days' where project_id = ${p.id} and kind = 'progress'`,
    );
    const ops = await adminClient(ctx, 'finance');
    const funds = await ops.c.post<{
      overdue: { count: number; items: Array<{ orders: string; kindText: string; amount: number }> };
    }>('Admin/fundsOverview', {});
    expectOk(funds);
    expect(funds.body.data!.overdue.items).toContainEqual(
      expect.objectContaining({ orders: p.orders, kindText: '进场款', amount: 348_800 }),
    );
    // the customer's plan says so too
    expect((await planOf(p.id)).stages.find((s) => s.kind === 'progress')!.overdue).toBe(true);
    expect((await planOf(p.id)).escrow.overdue).toBe(348_800);
  });
});

describe('complaints', () => {
  it('an open complaint freezes every stage; a ruling splits what is held over several stages and orders', async () => {
    const p = await awarded({ prepay: 30, progress: 40, final: 30, retention: 0 });
    await pay(p.id, 'prepay');
    await pay(p.id, 'progress');
    await db().execute(sql`update projects set complaint_open = true where id = ${p.id}`);
    expectError(await cust.c.post('Customer/confirmBuildIn', { id: p.id }), 'ACCEPTANCE_FROZEN');
    const plan = await planOf(p.id);
    const late = new Date(new Date(plan.buildInStart).getTime() + 3 * 86_400_000);
    await stageRound(db(), rules(), { now: late });
    expect((await planOf(p.id)).buildInConfirmed).toBe(false);
    expect(await escrow(p.id)).toBe(610_400);
    // the ruling: 400,000 back to the customer (the whole 进场款 and part of the prepayment), the rest to the winner
    const deps: PaymentDeps = {
      db: db(),
      config: ctx.config,
      log: ctx.app.log,
      alipay: createPlatformAlipay(ctx.config, db()) as PaymentDeps['alipay'],
    };
    const before = await cash(sup.id);
    const booked = await db().transaction(async (tx) => {
      await tx.execute(
        sql`update projects set complaint_open = false, status = 7, closed_by = 'complaint' where id = ${p.id}`,
      );
      return bookEscrowSplit(tx, p.id, 400_000, 500);
    });
    expect(booked.refunds.map((r) => [r.outRequestNo, Number(r.amount)])).toEqual([
      [`E${p.id}`, 348_800],
      [`E${p.id}-2`, 51_200],
    ]);
    expect(await sendSplitRefund(deps, booked.refunds)).toBe(2);
    expect(await escrow(p.id)).toBe(0);
    expect((await cash(sup.id)) - before).toBe(210_400 - Math.floor((210_400 * 500) / 10_000));
    const st = await rows<{ kind: string; status: string; refunded: number }>(
      ctx,
      sql`select kind, status, refunded from project_stages where project_id = ${p.id} order by seq`,
    );
    expect(st.map((s) => [s.kind, s.status, Number(s.refunded)])).toEqual([
      ['prepay', 'released', 51_200],
      ['progress', 'refunded', 348_800],
      ['final', 'due', 0],
    ]);
    await ledgerOk();
  });
});

describe('a bounded random run', () => {
  it('concurrent stage payments, duplicate notifications, confirmations, acceptances and releases: Σ = 0, every balance its postings', async () => {
    const projects = await Promise.all(
      [0, 1, 2].map(() => awarded({ prepay: 20, progress: 30, final: 50, retention: 5 }, 500_000 + 7)),
    );
    let seed = 20261128;
    const rnd = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    for (let round = 0; round < 6; round++) {
      const ops = projects.flatMap((p) => {
        const pick = rnd(4);
        return [
          async () => {
            const plan = await planOf(p.id);
            const next = plan.stages.find((s) => s.payable);
            if (!next) return;
            const l = await link(p.id, next);
            const form = await signedNotify(l.outTradeNo);
            await Promise.all(Array.from({ length: 1 + pick }, () => postNotify(form)));
          },
          () => cust.c.post('Customer/confirmBuildIn', { id: p.id }),
          () => stageRound(db(), rules(), { now: new Date(Date.now() + 60 * 86_400_000) }),
          () =>
            db().transaction(async (tx) => {
              const row = await lockProject(tx, p.id);
              if (row?.status === 5)
                await acceptReport(tx, row, { type: 'system', id: null }, rules()).catch(() => undefined);
            }),
        ];
      });
      await Promise.all(ops.map((op) => op()));
      // once all paid, hand the report in (status 5) so the acceptance can happen
      for (const p of projects) {
        const plan = await planOf(p.id);
        if (plan.stages.every((s) => s.status !== 'due'))
          await db().execute(
            sql`update projects set status = 5, reportck = 1 where id = ${p.id} and status = 4`,
          );
      }
    }
    await ledgerOk();
    const done = await rows<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from projects where status = 6 and id in (${sql.join(
        projects.map((p) => sql`${p.id}`),
        sql`, `,
      )})`,
    );
    // the run went the whole way: stages paid, released and accepted, not only refused
    expect(Number(done[0]!.n)).toBeGreaterThan(0);
    for (const p of projects) {
      const plan = await planOf(p.id);
      expect(plan.stages.reduce((t, s) => t + s.amount, 0)).toBe(500_007);
      // what the escrow holds is exactly the paid, unreleased stages
      expect(await escrow(p.id)).toBe(plan.escrow.held);
    }
  });
});
