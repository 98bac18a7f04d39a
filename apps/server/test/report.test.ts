import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { balanceOf, verifyLedger } from '../src/modules/ledger/ledger.service.ts';
import { Client, count, expectError, expectFields, expectOk, rows } from './helpers.ts';
import { getFile, uploadId, useTestApp } from './member-fixtures.ts';
import { buildingProject, PREPAY, REPORT_LINE_KEYS, reportBody, reportFile } from './report-fixtures.ts';

const ctx = useTestApp({
  members: {
    customer: { session: { cardtype: 'customer' } },
    winner: { session: { cardtype: 'workshop', personauth: 1, realname: '张三' } },
    otherSupplier: { session: { cardtype: 'workshop', personauth: 1 } },
    otherCustomer: { session: { cardtype: 'customer' } },
  },
});
const m = ctx.members;

const cash = (memberId: number) => balanceOf(ctx.database.db, { kind: 'member_cash', memberId }, 'CNY');
const escrow = (projectId: number) => balanceOf(ctx.database.db, { kind: 'escrow', projectId }, 'CNY');
async function project(id: number) {
  const [p] = await rows<{ status: number; reportck: number; reportdate: Date | null; workpic: string[] }>(
    ctx,
    sql`select status, reportck, reportdate, workpic from projects where id = ${id}`,
  );
  return p!;
}
async function lineStates(id: number) {
  const r = await rows<{ line: string; state: string; reason: string; round: number }>(
    ctx,
    sql`select line, state, reason, round from report_lines where project_id = ${id} order by line`,
  );
  return Object.fromEntries(r.map((x) => [x.line, { state: x.state, reason: x.reason, round: x.round }]));
}
const approveAll = (id: number) => ({
  id,
  approve: true,
  lines: REPORT_LINE_KEYS.map((line) => ({ line, ok: true })),
});

/** A project with its first report handed in (status 5, reportck 1). */
async function reported() {
  const p = await buildingProject(ctx, m.customer.id, m.winner.id);
  expectOk(await m.winner.c.post('Projectcenter/fUpdateReports', await reportBody(ctx, p.id, m.winner.id)));
  return p;
}

describe('Projectcenter/fUpdateReports', () => {
  it('the winner hands in a report covering every line: 4 → 5, reportck 1, the checklist answered', async () => {
    const p = await buildingProject(ctx, m.customer.id, m.winner.id);
    const body = await reportBody(ctx, p.id, m.winner.id);
    const r = await m.winner.c.post<{
      lines: Array<{ line: string; name: string; state: string }>;
      round: number;
    }>('Projectcenter/fUpdateReports', body);
    expectOk(r);
    expect(r.body.data.round).toBe(1);
    expect(r.body.data.lines.map((l) => [l.line, l.name, l.state])).toEqual([
      ['dimian:0', '木地台', 'pending'],
      ['dimian:1', '踢脚线', 'pending'],
      ['beiban:0', '品牌背景墙', 'pending'],
    ]);
    const row = await project(p.id);
    expect(row.status).toBe(5);
    expect(row.reportck).toBe(1);
    expect(row.reportdate).not.toBeNull();
    expect(row.workpic).toEqual(body.workpic);
    // a second report while awaiting acceptance is refused
    expectError(
      await m.winner.c.post('Projectcenter/fUpdateReports', await reportBody(ctx, p.id, m.winner.id)),
      'INVALID_STATE',
    );
    expect(await count(ctx, 'audit_log', sql`target_id = ${p.id} and action = 'project.uploadReport'`)).toBe(
      1,
    );
  });

  it('a missing, unknown or duplicate line is named in a Chinese message; nothing changes', async () => {
    const p = await buildingProject(ctx, m.customer.id, m.winner.id);
    const missing = await reportBody(ctx, p.id, m.winner.id, ['dimian:0', 'beiban:0']);
    const f1 = expectFields(await m.winner.c.post('Projectcenter/fUpdateReports', missing), ['lines']);
    expect(f1.lines).toContain('地面 · 踢脚线');
    const unknown = await reportBody(ctx, p.id, m.winner.id, [...REPORT_LINE_KEYS, 'zulin:0']);
    const f2 = expectFields(await m.winner.c.post('Projectcenter/fUpdateReports', unknown), ['lines.3.line']);
    expect(f2['lines.3.line']).toContain('租赁');
    const dup = await reportBody(ctx, p.id, m.winner.id, [...REPORT_LINE_KEYS, 'dimian:0']);
    expect(
      expectFields(await m.winner.c.post('Projectcenter/fUpdateReports', dup), ['lines.3.line'])[
        'lines.3.line'
      ],
    ).toContain('重复');
    expect((await project(p.id)).status).toBe(4);
    expect(await count(ctx, 'report_lines', sql`project_id = ${p.id}`)).toBe(0);
  });

  it('files must be the winner’s own report uploads; photos must be images', async () => {
    const p = await buildingProject(ctx, m.customer.id, m.winner.id);
    const body = await reportBody(ctx, p.id, m.winner.id);
    const foreign = { ...body, workpic: [await reportFile(ctx, m.otherSupplier.id)] };
    expectError(await m.winner.c.post('Projectcenter/fUpdateReports', foreign), 'FILE_NOT_FOUND');
    const pdfPhoto = {
      ...body,
      lines: body.lines.map((l, i) => (i === 0 ? { ...l, photos: [body.reports[0]!] } : l)),
    };
    expectFields(await m.winner.c.post('Projectcenter/fUpdateReports', pdfPhoto), ['lines.0.photos.0']);
    expect((await project(p.id)).status).toBe(4);
  });

  it('bad input: bounds, control characters, huge values → VALIDATION_FAILED', async () => {
    const p = await buildingProject(ctx, m.customer.id, m.winner.id);
    const body = await reportBody(ctx, p.id, m.winner.id);
    const post = (b: unknown) => m.winner.c.post('Projectcenter/fUpdateReports', b);
    expectFields(await post({ ...body, workpic: [] }), ['workpic']);
    expectFields(await post({ ...body, remark: 'a\u0000b' }), ['remark']);
    expectFields(await post({ ...body, remark: '长'.repeat(1001) }), ['remark']);
    expectFields(await post({ ...body, lines: [{ ...body.lines[0]!, photos: [] }] }), ['lines.0.photos']);
    expectFields(await post({ ...body, lines: [{ ...body.lines[0]!, note: 'x\u0007' }] }), ['lines.0.note']);
    expectFields(await post({ ...body, lines: [{ ...body.lines[0]!, line: 'dimian:99999' }] }), [
      'lines.0.line',
    ]);
    expectFields(await post({ ...body, id: 1e300 }), ['id']);
    expectFields(await post({ ...body, workpic: Array(31).fill(body.workpic[0]) }), ['workpic']);
    expect((await project(p.id)).status).toBe(4);
  });

  it('only the winner: another supplier and the customer get NOT_FOUND / FORBIDDEN; logged out 401', async () => {
    const p = await buildingProject(ctx, m.customer.id, m.winner.id);
    const body = await reportBody(ctx, p.id, m.winner.id);
    expectError(await m.otherSupplier.c.post('Projectcenter/fUpdateReports', body), 'NOT_FOUND');
    expectError(await m.customer.c.post('Projectcenter/fUpdateReports', body), 'FORBIDDEN');
    expectError(await new Client(ctx.app).post('Projectcenter/fUpdateReports', body), 'NOT_LOGGED_IN');
    expectError(
      await m.winner.c.post('Projectcenter/fUpdateReports', { ...body, id: 999_999_999 }),
      'NOT_FOUND',
    );
  });

  it('in the wrong status (signing) → INVALID_STATE', async () => {
    const p = await buildingProject(ctx, m.customer.id, m.winner.id);
    await ctx.database.db.execute(sql`update projects set status = 3 where id = ${p.id}`);
    expectError(
      await m.winner.c.post('Projectcenter/fUpdateReports', await reportBody(ctx, p.id, m.winner.id)),
      'INVALID_STATE',
    );
  });
});

describe('Projectcenter/reportInfo', () => {
  it('the winner and the customer see the checklist; others NOT_FOUND; logged out 401', async () => {
    const p = await reported();
    for (const who of [m.winner, m.customer]) {
      const r = await who.c.post<{ lines: Array<{ amount: number; photos: unknown[] }>; role: string }>(
        'Projectcenter/reportInfo',
        { id: p.id },
      );
      expectOk(r);
      expect(r.body.data.lines.map((l) => l.amount)).toEqual([324_000, 48_000, 500_000]);
      expect(r.body.data.lines.every((l) => l.photos.length === 1)).toBe(true);
      expect(r.body.data.role).toBe(who === m.winner ? 'supplier' : 'customer');
    }
    expectError(await m.otherSupplier.c.post('Projectcenter/reportInfo', { id: p.id }), 'NOT_FOUND');
    expectError(await m.otherCustomer.c.post('Projectcenter/reportInfo', { id: p.id }), 'NOT_FOUND');
    expectError(await new Client(ctx.app).post('Projectcenter/reportInfo', { id: p.id }), 'NOT_LOGGED_IN');
  });
});

describe('report files', () => {
  it('readable by the winner and the project’s customer only', async () => {
    const p = await buildingProject(ctx, m.customer.id, m.winner.id);
    const body = await reportBody(ctx, p.id, m.winner.id);
    const photo = await uploadId(ctx, m.winner.c, 'report');
    body.lines[0]!.photos = [photo];
    expectOk(await m.winner.c.post('Projectcenter/fUpdateReports', body));
    expect((await getFile(ctx, `/files/${photo}`, m.winner.c)).statusCode).toBe(200);
    expect((await getFile(ctx, `/files/${photo}`, m.customer.c)).statusCode).toBe(200);
    expect((await getFile(ctx, `/files/${photo}/thumb`, m.customer.c)).statusCode).toBe(200);
    expect((await getFile(ctx, `/files/${photo}`, m.otherCustomer.c)).statusCode).toBe(404);
    expect((await getFile(ctx, `/files/${photo}`, m.otherSupplier.c)).statusCode).toBe(404);
    expect((await getFile(ctx, `/files/${photo}`, null)).statusCode).toBe(404);
  });
});

describe('Customer/reportReview', () => {
  it('approve with every line ticked: 5 → 6, reportck 2, escrow released less commission, ledger clean', async () => {
    const p = await reported();
    const before = await cash(m.winner.id);
    const r = await m.customer.c.post<{ released: number; commission: number }>(
      'Customer/reportReview',
      approveAll(p.id),
    );
    expectOk(r);
    const commission = Math.floor((PREPAY * ctx.config.marketplace.platformCommissionBp) / 10_000);
    expect(r.body.data).toMatchObject({ status: 6, reportck: 2, released: PREPAY, commission });
    expect(await cash(m.winner.id)).toBe(before + PREPAY - commission);
    expect(await escrow(p.id)).toBe(0);
    expect((await project(p.id)).status).toBe(6);
    expect(Object.values(await lineStates(p.id)).every((l) => l.state === 'ok')).toBe(true);
    const info = await m.winner.c.post<{ accepted: { by: string; released: number } }>(
      'Projectcenter/reportInfo',
      {
        id: p.id,
      },
    );
    expect(info.body.data.accepted).toMatchObject({ by: 'customer', released: PREPAY });
    expect((await verifyLedger(ctx.database.db)).ok).toBe(true);
    // again: the project is done
    expectError(await m.customer.c.post('Customer/reportReview', approveAll(p.id)), 'INVALID_STATE');
  });

  it('approve with a line unticked or flagged is refused; nothing changes', async () => {
    const p = await reported();
    const partial = { id: p.id, approve: true, lines: [{ line: 'dimian:0', ok: true }] };
    expect(
      expectFields(await m.customer.c.post('Customer/reportReview', partial), ['lines']).lines,
    ).toContain('地面 · 踢脚线');
    expectFields(await m.customer.c.post('Customer/reportReview', { id: p.id, approve: true }), ['lines']);
    const flagged = approveAll(p.id);
    flagged.lines[1] = { line: 'dimian:1', ok: false, reason: '高度不对' } as (typeof flagged.lines)[number];
    expectFields(await m.customer.c.post('Customer/reportReview', flagged), ['lines']);
    expect((await project(p.id)).status).toBe(5);
    expect(await escrow(p.id)).toBe(PREPAY);
  });

  it('flag without a reason (or too short) → VALIDATION_FAILED; with none flagged → VALIDATION_FAILED', async () => {
    const p = await reported();
    const lines = (reason?: string) => [
      { line: 'dimian:0', ok: true },
      { line: 'dimian:1', ok: false, ...(reason === undefined ? {} : { reason }) },
      { line: 'beiban:0', ok: true },
    ];
    const post = (b: unknown) => m.customer.c.post('Customer/reportReview', b);
    expectFields(await post({ id: p.id, approve: false, lines: lines() }), ['lines.1.reason']);
    expectFields(await post({ id: p.id, approve: false, lines: lines('差') }), ['lines.1.reason']);
    expectFields(await post({ id: p.id, approve: false, lines: lines('x\u0000y') }), ['lines.1.reason']);
    expectFields(await post({ id: p.id, approve: false, lines: lines('长'.repeat(201)) }), [
      'lines.1.reason',
    ]);
    expectFields(await post({ id: p.id, approve: false, lines: approveAll(p.id).lines }), ['lines']);
    expectFields(await post({ id: p.id, approve: 'yes' }), ['approve']);
    expect((await project(p.id)).status).toBe(5);
  });

  it('rework: flagged lines go back (5 → 4, reportck 3); only they are re-submitted; then accepted', async () => {
    const p = await reported();
    expectOk(
      await m.customer.c.post('Customer/reportReview', {
        id: p.id,
        approve: false,
        lines: [
          { line: 'dimian:0', ok: true },
          { line: 'dimian:1', ok: false, reason: '踢脚线有破损，请更换' },
          { line: 'beiban:0', ok: true },
        ],
      }),
    );
    expect(await project(p.id)).toMatchObject({ status: 4, reportck: 3 });
    expect(await lineStates(p.id)).toEqual({
      'beiban:0': { state: 'ok', reason: '', round: 1 },
      'dimian:0': { state: 'ok', reason: '', round: 1 },
      'dimian:1': { state: 'flagged', reason: '踢脚线有破损，请更换', round: 1 },
    });
    // re-submitting a ticked line is refused; leaving out the flagged one too
    const withTicked = await reportBody(ctx, p.id, m.winner.id, ['dimian:1', 'dimian:0']);
    expect(
      expectFields(await m.winner.c.post('Projectcenter/fUpdateReports', withTicked), ['lines.1.line'])[
        'lines.1.line'
      ],
    ).toContain('已验收');
    const none = await reportBody(ctx, p.id, m.winner.id, []);
    expect(
      expectFields(await m.winner.c.post('Projectcenter/fUpdateReports', none), ['lines']).lines,
    ).toContain('踢脚线');
    const rework = await reportBody(ctx, p.id, m.winner.id, ['dimian:1']);
    expectOk(await m.winner.c.post('Projectcenter/fUpdateReports', rework));
    expect(await project(p.id)).toMatchObject({ status: 5, reportck: 1 });
    expect(await lineStates(p.id)).toEqual({
      'beiban:0': { state: 'ok', reason: '', round: 1 },
      'dimian:0': { state: 'ok', reason: '', round: 1 },
      'dimian:1': { state: 'pending', reason: '', round: 2 },
    });
    // a ticked line cannot be flagged afterwards; the customer decides only the re-submitted one
    expectFields(
      await m.customer.c.post('Customer/reportReview', {
        id: p.id,
        approve: false,
        lines: [{ line: 'dimian:0', ok: false, reason: '后悔了' }],
      }),
      ['lines.0.ok'],
    );
    expectOk(
      await m.customer.c.post('Customer/reportReview', {
        id: p.id,
        approve: true,
        lines: [{ line: 'dimian:1', ok: true }],
      }),
    );
    expect((await project(p.id)).status).toBe(6);
    expect((await verifyLedger(ctx.database.db)).ok).toBe(true);
  });

  it('ownership: another customer NOT_FOUND, a supplier FORBIDDEN, logged out 401; wrong status INVALID_STATE', async () => {
    const p = await reported();
    expectError(await m.otherCustomer.c.post('Customer/reportReview', approveAll(p.id)), 'NOT_FOUND');
    expectError(await m.winner.c.post('Customer/reportReview', approveAll(p.id)), 'FORBIDDEN');
    expectError(await new Client(ctx.app).post('Customer/reportReview', approveAll(p.id)), 'NOT_LOGGED_IN');
    const building = await buildingProject(ctx, m.customer.id, m.winner.id);
    expectError(await m.customer.c.post('Customer/reportReview', approveAll(building.id)), 'INVALID_STATE');
    expect((await project(p.id)).status).toBe(5);
  });

  it('while a complaint is open the acceptance is frozen (ACCEPTANCE_FROZEN)', async () => {
    const p = await reported();
    await ctx.database.db.execute(sql`update projects set complaint_open = true where id = ${p.id}`);
    const r = await m.customer.c.post('Customer/reportReview', approveAll(p.id));
    expectError(r, 'ACCEPTANCE_FROZEN');
    expect(r.body.errMsg).toBe('该项目有未处理的投诉，托管款已冻结，暂不能验收');
    expect((await project(p.id)).status).toBe(5);
    expect(await escrow(p.id)).toBe(PREPAY);
  });

  it('20 concurrent approvals: one acceptance, one release', async () => {
    const p = await reported();
    const before = await cash(m.winner.id);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => m.customer.c.post('Customer/reportReview', approveAll(p.id))),
    );
    expect(results.filter((r) => r.body.success)).toHaveLength(1);
    for (const r of results.filter((x) => !x.body.success)) expectError(r, 'INVALID_STATE');
    const commission = Math.floor((PREPAY * ctx.config.marketplace.platformCommissionBp) / 10_000);
    expect(await cash(m.winner.id)).toBe(before + PREPAY - commission);
    expect(await count(ctx, 'ledger_transactions', sql`type = 'escrow_release' and ref_id = ${p.id}`)).toBe(
      1,
    );
    expect((await verifyLedger(ctx.database.db)).ok).toBe(true);
  });
});
