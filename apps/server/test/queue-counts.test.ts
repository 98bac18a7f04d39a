import { COMPLAINT_TYPES, type QueueCounts } from '@zl/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeMember, submitBusiness, submitPerson } from './admin-helpers.ts';
import { type Client, expectError, expectOk } from './helpers.ts';
import { useTestApp } from './member-fixtures.ts';
import { makeProject } from './project-fixtures.ts';
import { memberClient } from './projectcenter-fixtures.ts';

/** Admin/queueCounts (docs/admin.md "Queue badges"): each role its own queues, the queues' own totals. */
const ctx = useTestApp({ members: { reviewer: 'reviewer', finance: 'finance', super: 'super' } });
const exec = (q: ReturnType<typeof sql>) => ctx.database.db.execute(q);

const counts = async (c: Client) => {
  const r = await c.post<QueueCounts>('Admin/queueCounts', {});
  expectOk(r);
  return r.body.data!;
};
const total = async (c: Client, path: string, body: object) => {
  const r = await c.post<{ total: number }>(path, { page: 1, pageSize: 10, ...body });
  expectOk(r);
  return r.body.data!.total;
};

describe('Admin/queueCounts', () => {
  const ids: Record<string, number> = {};

  // Every queue is seeded once with waiting and decided items, before the checks, so each check runs on its own.
  beforeAll(async () => {
    const m = await makeMember(ctx);
    const m2 = await makeMember(ctx);
    const customer = await makeMember(ctx, { cardtype: 'customer' });
    // verifications: two people and one company pending, one person decided
    ids.person = (await submitPerson(ctx, m.id)).id;
    await submitPerson(ctx, m2.id, { idcard: '110105194912310037' });
    await submitBusiness(ctx, m.id);
    const decided = await submitPerson(ctx, customer.id, { idcard: '110105194912310053' });
    await exec(sql`update person_auths set checked = 1 where id = ${decided.id}`);
    // projects: two pending, one approved, one cancelled while pending (checked 0 but not waiting)
    ids.project = (await makeProject(ctx, customer.id, { status: 0, checked: 0 })).id;
    await makeProject(ctx, customer.id, { status: 0, checked: 0 });
    await makeProject(ctx, customer.id, { status: 1, checked: 1 });
    await makeProject(ctx, customer.id, { status: 7, checked: 0, closedBy: 'cancelled' });
    // withdrawals: two pending, one paid
    for (const status of ['pending', 'pending', 'paid'])
      await exec(sql`insert into withdrawals (member_id, amount, status, payout_type, payout_account, payout_name)
        values (${m.id}, 1000, ${status}, 'alipay', '13800138000', '张三')`);
    // complaints: open, answered (both waiting for a ruling), ruled
    for (const state of ['open', 'answered', 'ruled']) {
      const p = await makeProject(ctx, customer.id, { status: 2 });
      await exec(sql`insert into complaints (project_id, complainant_id, complainant_side, respondent_id, type, content, state, decision, ruled_at)
        values (${p.id}, ${customer.id}, 'customer', ${m.id}, ${COMPLAINT_TYPES[0]}, '施工质量问题', ${state},
          ${state === 'ruled' ? 'dismiss' : null}, ${state === 'ruled' ? new Date().toISOString() : null})`);
    }
  });

  it('a reviewer sees verifications, projects and complaints; not withdrawals', async () => {
    const c = ctx.members.reviewer.c;
    expect(await counts(c)).toEqual({ verify: 3, projects: 2, withdrawals: null, complaints: 2 });
  });

  it('finance sees withdrawals only; super sees all', async () => {
    expect(await counts(ctx.members.finance.c)).toEqual({
      verify: null,
      projects: null,
      withdrawals: 2,
      complaints: null,
    });
    expect(await counts(ctx.members.super.c)).toEqual({
      verify: 3,
      projects: 2,
      withdrawals: 2,
      complaints: 2,
    });
  });

  it("each count is the total of the queue's own list of waiting items", async () => {
    const c = ctx.members.super.c;
    const n = await counts(c);
    expect(n.verify).toBe(
      (await total(c, 'Admin/authQueue', { kind: 'person', checked: 0 })) +
        (await total(c, 'Admin/authQueue', { kind: 'business', checked: 0 })),
    );
    expect(n.projects).toBe(await total(c, 'Admin/projectQueue', { checked: 0 }));
    expect(n.withdrawals).toBe(await total(c, 'Admin/withdrawList', { status: 'pending' }));
    expect(n.complaints).toBe(
      (await total(c, 'Admin/complaintList', { state: 'open' })) +
        (await total(c, 'Admin/complaintList', { state: 'answered' })),
    );
  });

  it('a decision takes the item off its badge', async () => {
    const c = ctx.members.reviewer.c;
    const before = await counts(c);
    expectOk(await c.post('Admin/authReview', { kind: 'person', id: ids.person, approve: true }));
    expectOk(await c.post('Admin/projectReview', { id: ids.project, approve: true, coins: 5 }));
    expect(await counts(c)).toMatchObject({ verify: before.verify! - 1, projects: before.projects! - 1 });
  });

  it('members and strangers are refused', async () => {
    const { c } = await memberClient(ctx);
    expectError(await c.post('Admin/queueCounts', {}), 'ADMIN_NOT_LOGGED_IN');
  });
});
