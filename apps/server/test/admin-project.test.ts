import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminClient } from './admin-helpers.ts';
import { Client, expectError, expectFields, expectOk, rows } from './helpers.ts';
import { loggedIn, useTestApp } from './member-fixtures.ts';
import { makeProject } from './project-fixtures.ts';

const ctx = useTestApp({
  members: {
    reviewer: 'reviewer',
    customer: { row: { cardtype: 'customer', nickname: '华展会务', company: '华展会务有限公司' } },
  },
});
const { reviewer, customer } = ctx.members;

const pending = (values: Parameters<typeof makeProject>[2] = {}) =>
  makeProject(ctx, customer.id, { status: 0, checked: 0, coins: 0, ...values });

async function projectRow(id: number) {
  const [p] = await rows<Record<string, unknown>>(ctx, sql`select * from projects where id = ${id}`);
  return p!;
}

type Page = { listItem: Array<Record<string, unknown> & { id: number }>; total: number; page: number };

describe('Admin/projectQueue', () => {
  it('lists pending projects oldest first, finds by keyword, and decided ones by checked', async () => {
    const title = `队列测试${Date.now() % 100000}`;
    const a = await pending({ title: `${title} A`, updatedAt: new Date(Date.now() - 3_600_000) });
    const b = await pending({ title: `${title} B` });
    await pending({ title: `${title} C`, status: 7, closedBy: 'cancelled' }); // left the queue
    const r = await reviewer.c.post<Page>('Admin/projectQueue', { keyword: title, page: 1, pageSize: 10 });
    expectOk(r);
    expect(r.body.data.listItem.map((p) => p.id)).toEqual([a.id, b.id]);
    expect(r.body.data.listItem[0]).toMatchObject({
      checked: 0,
      status: 0,
      customer: { nickname: '华展会务', mobile: '13900000000' },
      submitted: expect.any(String),
    });
    const byOrder = await reviewer.c.post<Page>('Admin/projectQueue', {
      keyword: b.orders,
      page: 1,
      pageSize: 10,
    });
    expect(byOrder.body.data.listItem.map((p) => p.id)).toEqual([b.id]);
    expectOk(await reviewer.c.post('Admin/projectReview', { id: a.id, approve: true, coins: 8 }));
    const approved = await reviewer.c.post<Page>('Admin/projectQueue', {
      checked: 1,
      keyword: title,
      page: 1,
      pageSize: 10,
    });
    expect(approved.body.data.listItem.map((p) => p.id)).toEqual([a.id]);
    expect(approved.body.data.listItem[0]!.checkdate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expectFields(await reviewer.c.post('Admin/projectQueue', { checked: 3, pageSize: 0 }), [
      'checked',
      'pageSize',
    ]);
  });
});

describe('Admin/projectDetail', () => {
  it.each([
    [36, 5],
    [36.01, 10],
    [100, 10],
    [300, 20],
    [300.5, 30],
  ])('area %f m² suggests %i coins', async (areas, coins) => {
    const p = await pending({ areas });
    const r = await reviewer.c.post<Record<string, unknown>>('Admin/projectDetail', { id: p.id });
    expectOk(r);
    expect(r.body.data).toMatchObject({
      id: p.id,
      suggestedCoins: coins,
      mobile: '13900000000',
      quoteCount: 0,
      customer: { nickname: '华展会务', company: '华展会务有限公司', personauth: 3 },
    });
  });

  it('a missing project is NOT_FOUND', async () => {
    expectError(await reviewer.c.post('Admin/projectDetail', { id: 987_654_321 }), 'NOT_FOUND');
  });
});

describe('Admin/projectReview', () => {
  it('approves: 0 → 1, checked 1, checkdate, the coins set; audited as the operator', async () => {
    const p = await pending();
    const r = await reviewer.c.post<Record<string, unknown>>('Admin/projectReview', {
      id: p.id,
      approve: true,
      coins: 12,
    });
    expectOk(r);
    expect(r.body.data).toMatchObject({ status: 1, checked: 1, coins: 12, statusText: '竞标中' });
    expect(r.body.data.checkdate).not.toBe('');
    const [a] = await rows(
      ctx,
      sql`select actor_type, action, detail from audit_log where target_type = 'project' and target_id = ${String(p.id)}`,
    );
    expect(a).toMatchObject({
      actor_type: 'admin',
      action: 'project.approve',
      detail: { from: 0, to: 1, coins: 12 },
    });
  });

  it('rejects: 0 → 7, checked 2, closedBy rejected, the reason', async () => {
    const p = await pending();
    const r = await reviewer.c.post<Record<string, unknown>>('Admin/projectReview', {
      id: p.id,
      approve: false,
      reason: '展台尺寸与图片不符',
    });
    expectOk(r);
    expect(r.body.data).toMatchObject({
      status: 7,
      checked: 2,
      closedBy: 'rejected',
      reason: '展台尺寸与图片不符',
    });
  });

  it('checks its input: coins 1–100 to approve, a reason of 2–200 to reject', async () => {
    const p = await pending();
    const before = await projectRow(p.id);
    expectFields(await reviewer.c.post('Admin/projectReview', { id: p.id, approve: true }), ['coins']);
    expectFields(await reviewer.c.post('Admin/projectReview', { id: p.id, approve: true, coins: 0 }), [
      'coins',
    ]);
    expectFields(await reviewer.c.post('Admin/projectReview', { id: p.id, approve: true, coins: 101 }), [
      'coins',
    ]);
    expectFields(await reviewer.c.post('Admin/projectReview', { id: p.id, approve: true, coins: 2.5 }), [
      'coins',
    ]);
    expectFields(await reviewer.c.post('Admin/projectReview', { id: p.id, approve: false }), ['reason']);
    expectFields(await reviewer.c.post('Admin/projectReview', { id: p.id, approve: false, reason: ' 差 ' }), [
      'reason',
    ]);
    expectFields(
      await reviewer.c.post('Admin/projectReview', { id: p.id, approve: false, reason: '长'.repeat(201) }),
      ['reason'],
    );
    expectFields(await reviewer.c.post('Admin/projectReview', { id: p.id, approve: 'yes', coins: 5 }), [
      'approve',
    ]);
    expect(await projectRow(p.id)).toEqual(before);
  });

  it('refuses a decided project, a passed deadline, and two decisions at once give one', async () => {
    const bidding = await makeProject(ctx, customer.id, { status: 1 });
    const b1 = await projectRow(bidding.id);
    expectError(
      await reviewer.c.post('Admin/projectReview', { id: bidding.id, approve: true, coins: 5 }),
      'INVALID_STATE',
    );
    expectError(
      await reviewer.c.post('Admin/projectReview', { id: bidding.id, approve: false, reason: '不合规' }),
      'INVALID_STATE',
    );
    expect(await projectRow(bidding.id)).toEqual(b1);

    const late = await pending({ biddl: new Date(Date.now() - 60_000) });
    const l1 = await projectRow(late.id);
    const r = await reviewer.c.post('Admin/projectReview', { id: late.id, approve: true, coins: 5 });
    expectError(r, 'INVALID_STATE');
    expect(r.body.errMsg).toMatch(/截止时间已过/);
    expect(await projectRow(late.id)).toEqual(l1);
    // rejecting it is still possible
    expectOk(
      await reviewer.c.post('Admin/projectReview', { id: late.id, approve: false, reason: '截止时间已过' }),
    );

    const p = await pending();
    const other = (await adminClient(ctx, 'reviewer')).c;
    const out = await Promise.all([
      reviewer.c.post('Admin/projectReview', { id: p.id, approve: true, coins: 5 }),
      other.post('Admin/projectReview', { id: p.id, approve: false, reason: '重复发布' }),
    ]);
    expect(out.map((o) => o.body.errCode).sort()).toEqual(['INVALID_STATE', 'success']);
    const [n] = await rows<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from audit_log where target_type = 'project' and target_id = ${String(p.id)}`,
    );
    expect(n!.n).toBe(1);
    expectError(
      await reviewer.c.post('Admin/projectReview', { id: 987_654_321, approve: true, coins: 5 }),
      'NOT_FOUND',
    );
  });
});

describe('who may review projects', () => {
  const calls: Array<[string, Record<string, unknown>]> = [
    ['Admin/projectQueue', { page: 1, pageSize: 10 }],
    ['Admin/projectDetail', { id: 1 }],
    ['Admin/projectReview', { id: 1, approve: true, coins: 5 }],
  ];

  it('super may; finance is FORBIDDEN; members and strangers are not operators', async () => {
    const p = await pending();
    const superC = (await adminClient(ctx, 'super')).c;
    expectOk(await superC.post('Admin/projectDetail', { id: p.id }));
    const finance = (await adminClient(ctx, 'finance')).c;
    const member = await loggedIn(ctx, { cardtype: 'customer' });
    for (const [call, body] of calls) {
      expectError(await finance.post(call, { ...body, id: p.id }), 'FORBIDDEN');
      expectError(await member.c.post(call, { ...body, id: p.id }), 'ADMIN_NOT_LOGGED_IN');
      expectError(await new Client(ctx.app).post(call, {}), 'ADMIN_NOT_LOGGED_IN');
    }
    expect((await projectRow(p.id)).status).toBe(0);
  });
});
