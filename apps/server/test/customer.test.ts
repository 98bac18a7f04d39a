import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Client, count, expectError, expectFields, expectOk, rows } from './helpers.ts';
import { loggedIn, useTestApp } from './member-fixtures.ts';
import { isoDate, makeProject, makeQuote, makeUpload, publishBody } from './project-fixtures.ts';

const ctx = useTestApp({ members: { cust: 'customer', other: 'customer', supplier: 'supplier' } });
const { cust, other, supplier } = ctx.members;

type Detail = Record<string, unknown> & { id: number; status: number; orders: string };
const DAY = 86_400_000;

async function publish(c: Client, body: Record<string, unknown> = publishBody()) {
  const r = await c.post<Detail>('Customer/projectSave', body);
  expectOk(r);
  return r.body.data;
}

async function projectRow(id: number) {
  const [p] = await rows<Record<string, unknown>>(ctx, sql`select * from projects where id = ${id}`);
  return p!;
}

describe('Customer/projectSave: publish', () => {
  it('publishes a pending project: order number, computed area, own files, the seed fields', async () => {
    const pic = await makeUpload(ctx, cust.id, 'project');
    const att = await makeUpload(ctx, cust.id, 'attachment', '需求说明.pdf');
    const p = await publish(cust.c, publishBody({ picture: [pic], attach: att }));
    expect(p).toMatchObject({
      status: 0,
      statusText: '待审核',
      checked: 0,
      mobile: cust.mobile,
      areas: 27.63, // 6.5 × 4.25 = 27.625
      coins: 0,
      peoples: 0,
      attach: att,
      attachname: '需求说明.pdf',
      contract: '[]',
      ispaid: false,
      groupname: '特装展台',
      picture: [{ id: pic, url: `/files/${pic}`, thumbUrl: `/files/${pic}/thumb` }],
      dimian: [{ name: '地台', spec: '10cm 木地台+灰色地毯', unit: '㎡', qty: 28, remark: '' }],
      zulin: [],
    });
    expect(p.orders).toMatch(/^P\d{8}\d{4}$/);
    expect(p.dates).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(p.times).toMatch(/^\d{2}:\d{2}:\d{2}$/);
    const second = await publish(cust.c);
    expect(Number(second.orders.slice(9))).toBe(Number(p.orders.slice(9)) + 1);
    expect(second.orders.slice(0, 9)).toBe(p.orders.slice(0, 9));
    const [audit] = await rows(
      ctx,
      sql`select action, actor_type, actor_id from audit_log where target_type = 'project' and target_id = ${String(p.id)}`,
    );
    expect(audit).toMatchObject({ action: 'project.publish', actor_type: 'member' });
  });

  it('refuses bad fields, one Chinese message per field, and stores nothing', async () => {
    const before = await count(ctx, 'projects');
    const now = Date.now();
    const cases: Array<[Record<string, unknown>, string[]]> = [
      [{ title: '车展' }, ['title']],
      [{ groupid: 9 }, ['groupid']],
      [{ length: 0.1, width: 1.234, height: 201 }, ['length', 'width', 'height']],
      [{ opens: 5 }, ['opens']],
      [{ payPlan: { prepay: 30, progress: 40, final: 31, retention: 0 } }, ['payPlan.final']],
      [
        { payPlan: { prepay: 30.5, progress: 40, final: 29.5, retention: 0 } },
        ['payPlan.prepay', 'payPlan.final'],
      ],
      [{ payPlan: { prepay: 30, progress: 40, final: 30, retention: 11 } }, ['payPlan.retention']],
      [{ payPlan: { prepay: 90, progress: 5, final: 5, retention: 6 } }, ['payPlan.retention']],
      [{ prepay: 2_000_000 }, ['prepay']],
      [{ sdate: isoDate(now - DAY) }, ['sdate', 'biddl']],
      [{ sdate: '2026-02-30' }, ['sdate']],
      [{ edate: isoDate(now + 29 * DAY) }, ['edate']],
      [{ biddl: new Date(now - 60_000).toISOString() }, ['biddl']],
      [{ biddl: new Date(now + 40 * DAY).toISOString() }, ['biddl']],
      [{ biddl: '明天' }, ['biddl']],
      [{ prov: '火星', city: '上海市' }, ['city']],
      [{ city: '广州市' }, ['city']],
      [{ picture: Array.from({ length: 10 }, () => 'a'.repeat(22)) }, ['picture']],
      [{ picture: ['../etc/passwd'] }, ['picture.0']],
      [{ conts: 'x'.repeat(5001) }, ['conts']],
      [{ areas: 1 }, ['areas']],
      [{ dimian: [{ name: '', spec: '', unit: '㎡', qty: 1, remark: '' }] }, ['dimian.0.name']],
      [{ beiban: [{ name: '背板', spec: '', unit: '块', qty: 0, remark: '' }] }, ['beiban.0.qty']],
      [
        { zulin: [{ name: '桌椅', spec: '', unit: '', qty: 2.5, remark: '' }] },
        ['zulin.0.unit', 'zulin.0.qty'],
      ],
      [
        {
          meigong: Array.from({ length: 51 }, () => ({
            name: '画面',
            spec: '',
            unit: '张',
            qty: 1,
            remark: '',
          })),
        },
        ['meigong'],
      ],
    ];
    for (const [over, fields] of cases) {
      const r = await cust.c.post('Customer/projectSave', publishBody(over));
      expectFields(r, fields);
    }
    expect(await count(ctx, 'projects')).toBe(before);
  });

  it('field messages say what is wrong: an empty title is asked for, a bad 项目类别 is named as such', async () => {
    const empty = expectFields(await cust.c.post('Customer/projectSave', publishBody({ title: '  ' })), [
      'title',
    ]);
    expect(empty.title).toBe('请输入项目标题');
    const short = expectFields(await cust.c.post('Customer/projectSave', publishBody({ title: '车展' })), [
      'title',
    ]);
    expect(short.title).toBe('项目标题至少 4 个字');
    const group = expectFields(await cust.c.post('Customer/projectSave', publishBody({ groupid: 99 })), [
      'groupid',
    ]);
    expect(group.groupid).toBe('请选择项目类别');
  });

  it("refuses someone else's picture, a wrong-purpose attachment and a missing file", async () => {
    const before = await count(ctx, 'projects');
    const theirs = await makeUpload(ctx, other.id, 'project');
    const idcard = await makeUpload(ctx, cust.id, 'idcard');
    const r1 = await cust.c.post('Customer/projectSave', publishBody({ picture: [theirs] }));
    expectError(r1, 'FILE_NOT_FOUND');
    expect(r1.body.data).toMatchObject({ fields: { picture: expect.stringMatching(/参考图片/) } });
    const r2 = await cust.c.post('Customer/projectSave', publishBody({ attach: idcard }));
    expectError(r2, 'FILE_NOT_FOUND');
    expect(r2.body.data).toMatchObject({ fields: { attach: expect.any(String) } });
    const r3 = await cust.c.post('Customer/projectSave', publishBody({ picture: ['A'.repeat(22)] }));
    expectError(r3, 'FILE_NOT_FOUND');
    expect(await count(ctx, 'projects')).toBe(before);
  });
});

describe('Customer/projectSave: edit and resubmit', () => {
  it('edits a pending project in place (status stays 0, areas recomputed, audited)', async () => {
    const p = await publish(cust.c);
    const r = await cust.c.post<Detail>(
      'Customer/projectSave',
      publishBody({ id: p.id, title: '广州建材展标准展位升级', length: 3, width: 3 }),
    );
    expectOk(r);
    expect(r.body.data).toMatchObject({
      id: p.id,
      orders: p.orders,
      status: 0,
      title: '广州建材展标准展位升级',
      areas: 9,
    });
    const [a] = await rows(
      ctx,
      sql`select count(*)::int as n from audit_log where action = 'project.edit' and target_id = ${String(p.id)}`,
    );
    expect(a).toEqual({ n: 1 });
  });

  it('an edit goes through the transition table (edit 0 → 0) and adds no step to the timeline', async () => {
    const p = await publish(cust.c);
    expectOk(await cust.c.post('Customer/projectSave', publishBody({ id: p.id, title: '再改一次标题' })));
    const [a] = await rows(
      ctx,
      sql`select detail from audit_log where action = 'project.edit' and target_id = ${String(p.id)}`,
    );
    expect(a).toMatchObject({ detail: { from: 0, to: 0, actorRole: 'customer' } });
    const info = await cust.c.post<{ orbits: Array<{ status: number }> }>('Projectcenter/getInfo', {
      id: p.id,
    });
    expectOk(info);
    expect(info.body.data.orbits.every((o) => o.status === 0)).toBe(true);
    expect(info.body.data.orbits.length).toBeLessThanOrEqual(2);
  });

  it('a rejected project edited is resubmitted: 7 → 0, checked 0, closedBy and reason cleared', async () => {
    const p = await makeProject(ctx, cust.id, {
      status: 7,
      checked: 2,
      closedBy: 'rejected',
      reason: '图片不清晰',
    });
    const r = await cust.c.post<Detail>('Customer/projectSave', publishBody({ id: p.id }));
    expectOk(r);
    expect(r.body.data).toMatchObject({ status: 0, checked: 0, closedBy: '', reason: '', checkdate: '' });
    const [a] = await rows(
      ctx,
      sql`select detail from audit_log where action = 'project.resubmit' and target_id = ${String(p.id)}`,
    );
    expect(a).toMatchObject({ detail: { from: 7, to: 0 } });
  });

  it("refuses editing in any other state, and another customer's project is NOT_FOUND; nothing changes", async () => {
    const states = [
      { status: 1 },
      { status: 2 },
      { status: 7, closedBy: 'cancelled' },
      { status: 7, closedBy: 'expired' },
    ];
    for (const s of states) {
      const p = await makeProject(ctx, cust.id, s);
      const before = await projectRow(p.id);
      expectError(await cust.c.post('Customer/projectSave', publishBody({ id: p.id })), 'INVALID_STATE');
      expect(await projectRow(p.id)).toEqual(before);
    }
    const mine = await publish(cust.c);
    const before = await projectRow(mine.id);
    expectError(await other.c.post('Customer/projectSave', publishBody({ id: mine.id })), 'NOT_FOUND');
    expectError(await cust.c.post('Customer/projectSave', publishBody({ id: 987_654_321 })), 'NOT_FOUND');
    expect(await projectRow(mine.id)).toEqual(before);
  });
});

describe('Customer/projectList and projectInfo', () => {
  it('lists only my own projects, newest first, filtered by status, with quote counts', async () => {
    const c = await loggedIn(ctx, { cardtype: 'customer' });
    const a = await publish(c.c);
    const b = await makeProject(ctx, c.id, { status: 1 });
    await makeProject(ctx, other.id, { status: 1 });
    const all = await c.c.post<{
      listItem: Array<{ id: number; quoteCount: number; status: number }>;
      total: number;
      page: number;
    }>('Customer/projectList', { page: 1, pageSize: 10 });
    expectOk(all);
    expect(all.body.data.total).toBe(2);
    expect(all.body.data.listItem.map((p) => p.id)).toEqual([b.id, a.id]);
    expect(all.body.data.listItem[0]).toMatchObject({
      quoteCount: 0,
      favorite: false,
      reason: '',
      closedBy: '',
    });
    // Each project counts its own quotes (a regression: the count once bound to the quote's id).
    const s1 = await loggedIn(ctx, { cardtype: 'workshop' });
    const s2 = await loggedIn(ctx, { cardtype: 'workshop' });
    await makeQuote(ctx, b.id, s1.id);
    await makeQuote(ctx, b.id, s2.id);
    const counted = await c.c.post<{ listItem: Array<{ id: number; quoteCount: number }> }>(
      'Customer/projectList',
      { page: 1, pageSize: 10 },
    );
    expect(counted.body.data.listItem.map((p) => [p.id, p.quoteCount])).toEqual([
      [b.id, 2],
      [a.id, 0],
    ]);
    const open = await c.c.post<{ listItem: Array<{ id: number }>; total: number }>('Customer/projectList', {
      status: 1,
      page: 1,
      pageSize: 10,
    });
    expect(open.body.data.listItem.map((p) => p.id)).toEqual([b.id]);
    const paged = await c.c.post<{ listItem: unknown[]; total: number; page: number }>(
      'Customer/projectList',
      { page: 2, pageSize: 1 },
    );
    expect(paged.body.data).toMatchObject({
      total: 2,
      page: 2,
      listItem: [expect.objectContaining({ id: a.id })],
    });
    expectFields(await c.c.post('Customer/projectList', { status: 8, pageSize: 51 }), ['status', 'pageSize']);
  });

  it("answers my project in full (with my contact); someone else's is NOT_FOUND", async () => {
    const p = await publish(cust.c);
    const r = await cust.c.post<Detail>('Customer/projectInfo', { id: p.id });
    expectOk(r);
    expect(r.body.data).toMatchObject({ id: p.id, mobile: cust.mobile, title: expect.any(String) });
    expectError(await other.c.post('Customer/projectInfo', { id: p.id }), 'NOT_FOUND');
    expectFields(await cust.c.post('Customer/projectInfo', { id: 'x' }), ['id']);
    expectFields(await cust.c.post('Customer/projectInfo', { id: 1, extra: 1 }), ['extra']);
  });
});

describe('who may call Customer/*', () => {
  const calls = ['projectSave', 'projectList', 'projectInfo', 'projectCancel', 'quoteList', 'award'];
  it('a supplier is FORBIDDEN and a logged-out caller NOT_LOGGED_IN, before any body check', async () => {
    for (const call of calls) {
      expectError(await supplier.c.post(`Customer/${call}`, {}), 'FORBIDDEN');
      expectError(await new Client(ctx.app).post(`Customer/${call}`, {}), 'NOT_LOGGED_IN');
    }
  });

  it('an operator session is not a customer session', async () => {
    const { adminClient } = await import('./admin-helpers.ts');
    const { c } = await adminClient(ctx, 'super');
    expectError(await c.post('Customer/projectList', { page: 1, pageSize: 10 }), 'NOT_LOGGED_IN');
  });
});
