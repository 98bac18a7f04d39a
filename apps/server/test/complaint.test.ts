import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fundDemoEscrow } from '../src/demo/demo-complaint.ts';
import { balanceOf, verifyLedger } from '../src/modules/ledger/ledger.service.ts';
import { trackRecords } from '../src/modules/member/track-record.ts';
import type { PlatformAlipay } from '../src/modules/payment/platform-alipay.ts';
import { Client, expectError, expectFields, expectOk, rows } from './helpers.ts';
import { getFile, uploadId, useTestApp } from './member-fixtures.ts';
import { isoDate, makeProject, makeQuote } from './project-fixtures.ts';

const refunds: Array<{ outTradeNo: string; outRequestNo: string; amountFen: number }> = [];
const fakeAlipay = {
  sandbox: false,
  ready: async () => ({}),
  pagePayUrl: () => '',
  verifyNotify: () => false,
  query: async () => ({ tradeStatus: 'NOT_EXIST' as const }),
  refund: async (r: { outTradeNo: string; outRequestNo: string; amountFen: number }) => {
    refunds.push({ outTradeNo: r.outTradeNo, outRequestNo: r.outRequestNo, amountFen: r.amountFen });
    return { ok: true as const };
  },
  transfer: async () => ({ ok: false as const, code: 'X', message: 'x' }),
} as unknown as PlatformAlipay;

const ctx = useTestApp({
  env: { PLATFORM_COMMISSION_BP: '500' },
  app: { alipay: fakeAlipay },
  members: {
    cust: 'customer',
    sup: 'supplier',
    other: 'supplier',
    cust2: 'customer',
    reviewer: 'reviewer',
    admin: 'super',
    finance: 'finance',
  },
});
const { cust, sup, other, cust2, reviewer, admin, finance } = ctx.members;
const db = () => ctx.database.db;
const DAY = 86_400_000;

/** A project of `cust` won by `sup` at `status`, with `escrowFen` prepaid into escrow (prepay_in). */
async function awarded(status: number, escrowFen = 0, winner = sup.id, customer = cust.id) {
  const p = await makeProject(ctx, customer, { status: 1, prepay: escrowFen });
  const q = await makeQuote(ctx, p.id, winner, 5);
  await db().execute(
    sql`update projects set status = ${status}, contctck = 2, winner_quote_id = ${q.id},
        ispaid = ${escrowFen > 0}, prepayp = ${escrowFen} where id = ${p.id}`,
  );
  if (escrowFen > 0)
    await db().transaction((tx) =>
      fundDemoEscrow(tx, { projectId: p.id, customerId: customer, orders: p.orders, amountFen: escrowFen }),
    );
  return p;
}

async function project(id: number) {
  const [p] = await rows<{ status: number; complaint_open: boolean; closed_by: string }>(
    ctx,
    sql`select status, complaint_open, closed_by from projects where id = ${id}`,
  );
  return p!;
}

type Detail = {
  id: number;
  state: string;
  mine: boolean;
  canEdit: boolean;
  canAnswer: boolean;
  content: string;
  answer: string;
  files: Array<{ id: string; url: string }>;
  answerFiles: Array<{ id: string; url: string }>;
  ruling: null | { decision: string; refundFen: number; releasedFen: number; commissionFen: number };
  complainant: { side: string };
  respondent: { side: string; id: number };
  answerDue: string;
  created: string;
};

const CONTENT = '进场后第四天背景墙仍未完成，影响开展。';

async function file(c: Client, body: Record<string, unknown>) {
  return c.post<Detail>('Complain/complainAdd', { type: '工期延误', content: CONTENT, ...body });
}

async function ledgerOk() {
  const report = await verifyLedger(db());
  expect(report, JSON.stringify(report)).toMatchObject({ ok: true });
}

describe('Complain/complainAdd', () => {
  it('the customer files one with evidence: the flag is set, both parties see it, nobody else', async () => {
    const p = await awarded(4);
    const ev = await uploadId(ctx, cust.c, 'attachment');
    const r = await file(cust.c, { id: p.id, files: [ev] });
    expectOk(r);
    const d = r.body.data;
    expect(d).toMatchObject({ state: 'open', mine: true, canEdit: true, canAnswer: false, content: CONTENT });
    expect(d.complainant.side).toBe('customer');
    expect(d.respondent).toMatchObject({ side: 'supplier', id: sup.id });
    expect(Date.parse(d.answerDue) - Date.parse(d.created)).toBe(3 * DAY);
    expect((await project(p.id)).complaint_open).toBe(true);

    const seen = await sup.c.post<Detail>('Complain/complainInfo', { id: d.id });
    expectOk(seen);
    expect(seen.body.data).toMatchObject({ mine: false, canEdit: false, canAnswer: true });
    for (const c of [other.c, cust2.c])
      expectError(await c.post('Complain/complainInfo', { id: d.id }), 'NOT_FOUND');
    expectError(await new Client(ctx.app).post('Complain/complainInfo', { id: d.id }), 'NOT_LOGGED_IN');

    // the evidence: the other party reads it, a third member does not
    expect((await getFile(ctx, d.files[0]!.url, sup.c)).statusCode).toBe(200);
    expect((await getFile(ctx, d.files[0]!.url, other.c)).statusCode).toBe(404);

    const mine = await sup.c.post<{ listItem: Array<{ id: number; mine: boolean }> }>(
      'Complain/complainList',
      {},
    );
    expect(mine.body.data.listItem.find((i) => i.id === d.id)).toMatchObject({ mine: false });
    const byProject = await cust.c.post<{ total: number }>('Complain/complainList', { projectId: p.id });
    expect(byProject.body.data.total).toBe(1);
    const theirs = await other.c.post<{ total: number }>('Complain/complainList', {});
    expect(theirs.body.data.total).toBe(0);
  });

  it('one open complaint per project, whoever files it; 20 at once make one', async () => {
    const p = await awarded(3);
    expectOk(await file(sup.c, { id: p.id, type: '付款纠纷' }));
    const second = await file(cust.c, { id: p.id });
    expectError(second, 'INVALID_STATE');
    expect(second.body.errMsg).toContain('已有处理中的投诉');

    const q = await awarded(2);
    const all = await Promise.all(Array.from({ length: 20 }, () => file(cust.c, { id: q.id })));
    expect(all.filter((r) => r.body.success)).toHaveLength(1);
    for (const r of all.filter((x) => !x.body.success)) expectError(r, 'INVALID_STATE');
    const [n] = await rows<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from complaints where project_id = ${q.id}`,
    );
    expect(n!.n).toBe(1);
  });

  it('wrong status, third parties, logged out and bad input change nothing', async () => {
    const bidding = await makeProject(ctx, cust.id, { status: 1 });
    expectError(await file(cust.c, { id: bidding.id }), 'INVALID_STATE');
    const done = await awarded(6);
    expectError(await file(cust.c, { id: done.id }), 'INVALID_STATE');
    expectError(await file(sup.c, { id: done.id }), 'INVALID_STATE');
    const p = await awarded(4);
    expectError(await file(other.c, { id: p.id }), 'NOT_FOUND');
    expectError(await file(cust2.c, { id: p.id }), 'NOT_FOUND');
    expectError(await file(new Client(ctx.app), { id: p.id }), 'NOT_LOGGED_IN');
    expectError(await file(cust.c, { id: 99_999_999 }), 'NOT_FOUND');

    const bad = await file(cust.c, { id: p.id, content: '太短了', type: '别的' });
    expectFields(bad, ['content', 'type']);
    expectError(await file(cust.c, { id: p.id, content: `${'长'.repeat(1001)}` }), 'VALIDATION_FAILED');
    expectError(
      await file(cust.c, { id: p.id, content: `投诉内容包含控制字符\u0000啊啊` }),
      'VALIDATION_FAILED',
    );
    const eleven = await Promise.all(Array.from({ length: 11 }, () => uploadId(ctx, cust.c, 'attachment')));
    expectError(await file(cust.c, { id: p.id, files: eleven }), 'VALIDATION_FAILED');
    // someone else's upload is not evidence the customer can attach
    const theirs = await uploadId(ctx, other.c, 'attachment');
    expectError(await file(cust.c, { id: p.id, files: [theirs] }), 'FILE_NOT_FOUND');
    expect(await project(p.id)).toMatchObject({ complaint_open: false, status: 4 });
    const [n] = await rows<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from complaints where project_id = ${p.id}`,
    );
    expect(n!.n).toBe(0);
  });
});

describe('Complain/complainEdit', () => {
  it('the complainant edits until answered; the respondent answers and may rewrite until the ruling', async () => {
    const p = await awarded(4);
    const { id } = (await file(cust.c, { id: p.id })).body.data;
    const edited = await cust.c.post<Detail>('Complain/complainEdit', {
      id,
      content: `${CONTENT}补充说明。`,
    });
    expectOk(edited);
    expect(edited.body.data.content).toBe(`${CONTENT}补充说明。`);
    expectError(await other.c.post('Complain/complainEdit', { id, content: CONTENT }), 'NOT_FOUND');
    expectError(await cust.c.post('Complain/complainEdit', { id, content: '短' }), 'VALIDATION_FAILED');

    const ev = await uploadId(ctx, sup.c, 'attachment');
    const answered = await sup.c.post<Detail>('Complain/complainEdit', {
      id,
      content: '材料物流延误一天，明日完工，附物流单据。',
      files: [ev],
    });
    expectOk(answered);
    expect(answered.body.data).toMatchObject({ state: 'answered', canAnswer: true });
    expect((await getFile(ctx, answered.body.data.answerFiles[0]!.url, cust.c)).statusCode).toBe(200);
    const late = await cust.c.post('Complain/complainEdit', { id, content: `${CONTENT}再改。` });
    expectError(late, 'INVALID_STATE');
    expectOk(
      await sup.c.post('Complain/complainEdit', { id, content: '材料物流延误一天，今日已完工，附照片。' }),
    );

    expectOk(await reviewer.c.post('Admin/complaintRule', { id, decision: 'dismiss', reason: '已按期完工' }));
    expectError(
      await sup.c.post('Complain/complainEdit', { id, content: '裁决后再修改答复内容' }),
      'INVALID_STATE',
    );
  });
});

describe('Admin/complaintRule', () => {
  it('only reviewers and super; dismiss clears the flag and leaves the project; a second ruling is refused', async () => {
    const p = await awarded(4);
    const { id } = (await file(cust.c, { id: p.id })).body.data;
    expectError(await finance.c.post('Admin/complaintList', {}), 'FORBIDDEN');
    expectError(
      await finance.c.post('Admin/complaintRule', { id, decision: 'dismiss', reason: '驳回' }),
      'FORBIDDEN',
    );
    expectError(await new Client(ctx.app).post('Admin/complaintInfo', { id }), 'ADMIN_NOT_LOGGED_IN');
    expectError(await cust.c.post('Admin/complaintInfo', { id }), 'ADMIN_NOT_LOGGED_IN');

    const q = await reviewer.c.post<{ listItem: Array<{ id: number; state: string }> }>(
      'Admin/complaintList',
      {
        state: 'open',
      },
    );
    expect(q.body.data.listItem.map((i) => i.id)).toContain(id);
    const info = await admin.c.post<{ escrowHeld: number; commissionBp: number }>('Admin/complaintInfo', {
      id,
    });
    expectOk(info);
    expect(info.body.data).toMatchObject({ escrowHeld: 0, commissionBp: 500 });

    expectError(
      await reviewer.c.post('Admin/complaintRule', { id, decision: 'maybe', reason: '' }),
      'VALIDATION_FAILED',
    );
    const r = await reviewer.c.post<{ ruling: { decision: string }; projectStatus: number }>(
      'Admin/complaintRule',
      {
        id,
        decision: 'dismiss',
        reason: '证据不足',
      },
    );
    expectOk(r);
    expect(r.body.data).toMatchObject({ ruling: { decision: 'dismiss' }, projectStatus: 4 });
    expect(await project(p.id)).toMatchObject({ status: 4, complaint_open: false });
    expectError(
      await admin.c.post('Admin/complaintRule', { id, decision: 'split', reason: '再裁' }),
      'INVALID_STATE',
    );
    // ruled: the project may be complained about again
    expectOk(await file(sup.c, { id: p.id, type: '付款纠纷' }));
  });

  it('split: one transaction closes the project, refunds part to the customer and releases the rest', async () => {
    const p = await awarded(4, 960_000);
    const { id } = (await file(cust.c, { id: p.id })).body.data;
    // more than held: nothing changes
    const tooMuch = await reviewer.c.post('Admin/complaintRule', {
      id,
      decision: 'split',
      refundFen: 960_001,
      reason: '退款过多',
    });
    expectFields(tooMuch, ['refundFen']);
    expect(await project(p.id)).toMatchObject({ status: 4, complaint_open: true });
    expect(await balanceOf(db(), { kind: 'escrow', projectId: p.id }, 'CNY')).toBe(960_000);

    const supCashBefore = await balanceOf(db(), { kind: 'member_cash', memberId: sup.id }, 'CNY');
    const r = await reviewer.c.post<{
      ruling: { refundFen: number; releasedFen: number; commissionFen: number };
      projectStatus: number;
      refundSent: boolean;
    }>('Admin/complaintRule', {
      id,
      decision: 'split',
      refundFen: 300_000,
      reason: '工期延误属实，退还部分预付款',
    });
    expectOk(r);
    expect(r.body.data).toMatchObject({
      ruling: { refundFen: 300_000, releasedFen: 660_000, commissionFen: 33_000 },
      projectStatus: 7,
      refundSent: true,
    });
    expect(await project(p.id)).toMatchObject({ status: 7, complaint_open: false, closed_by: 'complaint' });
    expect(await balanceOf(db(), { kind: 'escrow', projectId: p.id }, 'CNY')).toBe(0);
    expect(await balanceOf(db(), { kind: 'member_cash', memberId: sup.id }, 'CNY')).toBe(
      supCashBefore + 627_000,
    );
    expect(refunds.filter((x) => x.outRequestNo === `E${p.id}`)).toEqual([
      expect.objectContaining({ outRequestNo: `E${p.id}`, amountFen: 300_000 }),
    ]);
    const [refund] = await rows<{ status: string; amount: number }>(
      ctx,
      sql`select status, amount from payment_refunds where project_id = ${p.id}`,
    );
    expect(refund).toMatchObject({ status: 'done' });
    expect(Number(refund!.amount)).toBe(300_000);
    await ledgerOk();
    // the customer sees the ruling
    const seen = await cust.c.post<Detail>('Complain/complainInfo', { id });
    expect(seen.body.data).toMatchObject({
      state: 'ruled',
      ruling: { decision: 'split', refundFen: 300_000 },
    });
    const [audit] = await rows<{ action: string }>(
      ctx,
      sql`select action from audit_log where target_type = 'project' and target_id = ${String(p.id)} order by id desc limit 1`,
    );
    expect(audit!.action).toBe('project.closeByComplaint');
  });

  it('20 concurrent rulings: one takes effect, the escrow moves once', async () => {
    const p = await awarded(5, 500_000);
    const { id } = (await file(sup.c, { id: p.id, type: '付款纠纷' })).body.data;
    const all = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? admin : reviewer).c.post('Admin/complaintRule', {
          id,
          decision: 'split',
          refundFen: 100_000,
          reason: '双方各担部分责任',
        }),
      ),
    );
    expect(all.filter((r) => r.body.success)).toHaveLength(1);
    for (const r of all.filter((x) => !x.body.success)) expectError(r, 'INVALID_STATE');
    const [n] = await rows<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from ledger_transactions where ref_id = ${p.id} and type in ('escrow_refund', 'escrow_release')`,
    );
    expect(n!.n).toBe(2);
    expect(refunds.filter((x) => x.outRequestNo === `E${p.id}`)).toHaveLength(1);
    await ledgerOk();
  });

  it('split with nothing in escrow just closes the project', async () => {
    const p = await awarded(2);
    const { id } = (await file(cust.c, { id: p.id, type: '违约' })).body.data;
    const r = await admin.c.post('Admin/complaintRule', {
      id,
      decision: 'split',
      refundFen: 0,
      reason: '供应商拒绝签约',
    });
    expectOk(r);
    expect(await project(p.id)).toMatchObject({ status: 7, closed_by: 'complaint', complaint_open: false });
    expectError(
      await admin.c.post('Admin/complaintRule', { id, decision: 'split', refundFen: 1, reason: '再次裁决' }),
      'INVALID_STATE',
    );
  });
});

describe('track record', () => {
  it('completed, on time by the first report before 开展 (Asia/Shanghai), complaints upheld; shown with the quotes', async () => {
    const winner = other;
    const now = Date.now();
    const mk = async (reportAt: number | null, sdateMs: number) => {
      const p = await awarded(6, 0, winner.id, cust2.id);
      // built before the ready_on_time mark: judged by its first report (docs/delivery-complaint.md)
      await db().execute(
        sql`update projects set sdate = ${isoDate(sdateMs)}, build_start = (select at from platform_marks where key = 'ready_on_time') - interval '1 day' where id = ${p.id}`,
      );
      if (reportAt !== null) {
        await db().execute(
          sql`insert into audit_log (actor_type, actor_id, action, target_type, target_id, created_at)
              values ('member', ${winner.id}, 'project.uploadReport', 'project', ${String(p.id)}, ${new Date(reportAt)}),
                     ('member', ${winner.id}, 'project.uploadReport', 'project', ${String(p.id)}, ${new Date(reportAt + 9 * DAY)})`,
        );
      }
      return p;
    };
    // show on day D: a first report at D−1 is on time; one at 00:30 Shanghai of D is not
    const show = now - 10 * DAY;
    const sdate = isoDate(show);
    const midnight = Date.parse(`${sdate}T00:00:00+08:00`);
    await mk(midnight - 3_600_000, show);
    await mk(midnight + 1_800_000, show);
    await mk(midnight - DAY, show);
    await mk(null, show);
    // a split complaint against it counts; a dismissed one and one it filed do not
    const split = await awarded(4, 0, winner.id, cust2.id);
    const a = (await file(cust2.c, { id: split.id })).body.data;
    expectOk(await admin.c.post('Admin/complaintRule', { id: a.id, decision: 'split', reason: '投诉成立' }));

    const rec = (await trackRecords(db(), [winner.id, cust.id])).get(winner.id);
    expect(rec).toEqual({ completed: 4, onTimeRate: 0.5, readyCounted: 0, complaintsUpheld: 1 });
    expect((await trackRecords(db(), [cust.id])).get(cust.id)).toEqual({
      completed: 0,
      onTimeRate: null,
      readyCounted: 0,
      complaintsUpheld: 0,
    });

    // beside the supplier in the customer's quote comparison and in winnerInfo
    const bidding = await makeProject(ctx, cust2.id, { status: 1 });
    await makeQuote(ctx, bidding.id, winner.id, 5);
    const list = await cust2.c.post<{ listItem: Array<{ supplier: { trackRecord: unknown } }> }>(
      'Customer/quoteList',
      { id: bidding.id },
    );
    expectOk(list);
    expect(list.body.data.listItem[0]!.supplier.trackRecord).toEqual({
      completed: 4,
      onTimeRate: 0.5,
      readyCounted: 0,
      complaintsUpheld: 1,
    });
    const w = await cust2.c.post<{ winner: { trackRecord: unknown } }>('Projectcenter/winnerInfo', {
      id: split.id,
    });
    expectOk(w);
    expect(w.body.data.winner.trackRecord).toMatchObject({ completed: 4, complaintsUpheld: 1 });
  });
});
