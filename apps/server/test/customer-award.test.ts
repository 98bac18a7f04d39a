import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { coinBalance, verifyLedger } from '../src/modules/ledger/ledger.service.ts';
import { refundBidders } from '../src/modules/project/project-refund.ts';
import { approvedAuth, makeMember, submitPerson } from './admin-helpers.ts';
import { expectError, expectOk, rows } from './helpers.ts';
import { useTestApp } from './member-fixtures.ts';
import { makeProject, makeQuote } from './project-fixtures.ts';

const ctx = useTestApp({ members: { cust: 'customer', other: 'customer' } });
const { cust, other } = ctx.members;
// an award drafts a contract, which needs the customer's verified identity
beforeAll(async () => {
  await approvedAuth(ctx, cust.id, 'person');
});

const supplier = () =>
  makeMember(ctx, { cardtype: 'workshop', personauth: 1, company: '上海展艺搭建有限公司' });

async function quoteStatuses(projectId: number) {
  const r = await rows<{ id: number; status: number }>(
    ctx,
    sql`select id, status from quotes where project_id = ${projectId} order by id`,
  );
  return r.map((q) => [Number(q.id), q.status]);
}

async function projectRow(id: number) {
  const [p] = await rows<Record<string, unknown>>(ctx, sql`select * from projects where id = ${id}`);
  return p!;
}

describe('Customer/projectCancel', () => {
  it('cancels a pending project (0 → 7, closedBy cancelled, reason kept)', async () => {
    const p = await makeProject(ctx, cust.id, { status: 0, checked: 0 });
    const r = await cust.c.post('Customer/projectCancel', { id: p.id, reason: '展会延期' });
    expectOk(r);
    expect(r.body.data).toMatchObject({
      id: p.id,
      status: 7,
      closedBy: 'cancelled',
      reason: '展会延期',
      statusText: '已关闭',
    });
  });

  it('cancels a bidding project and refunds every bidder once, in the same transaction', async () => {
    const p = await makeProject(ctx, cust.id, { status: 1, coins: 10 });
    const s1 = await supplier();
    const s2 = await supplier();
    await makeQuote(ctx, p.id, s1.id, 10);
    await makeQuote(ctx, p.id, s2.id, 10);
    expect(await coinBalance(ctx.database.db, s1.id)).toBe(0);
    expectOk(await cust.c.post('Customer/projectCancel', { id: p.id }));
    expect(await coinBalance(ctx.database.db, s1.id)).toBe(10);
    expect(await coinBalance(ctx.database.db, s2.id)).toBe(10);
    expect((await quoteStatuses(p.id)).map(([, s]) => s)).toEqual([3, 3]);
    // a second refund run (the expiry job racing, a retry) gives nothing twice
    expect(await ctx.database.db.transaction((tx) => refundBidders(tx, p.id))).toBe(0);
    expect(await coinBalance(ctx.database.db, s1.id)).toBe(10);
    const [n] = await rows<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from ledger_transactions where type = 'quote_refund' and idempotency_key like 'refund:%'
          and ref_id in (select id::text from quotes where project_id = ${p.id})`,
    );
    expect(n!.n).toBe(2);
    expect((await verifyLedger(ctx.database.db)).ok).toBe(true);
  });

  it("refuses other states and other customers' projects, changing nothing", async () => {
    for (const s of [
      { status: 2 },
      { status: 7, closedBy: 'cancelled' },
      { status: 7, closedBy: 'rejected' },
    ]) {
      const p = await makeProject(ctx, cust.id, s);
      const before = await projectRow(p.id);
      expectError(await cust.c.post('Customer/projectCancel', { id: p.id }), 'INVALID_STATE');
      expect(await projectRow(p.id)).toEqual(before);
    }
    const p = await makeProject(ctx, cust.id, { status: 1 });
    const s = await supplier();
    await makeQuote(ctx, p.id, s.id);
    const before = await projectRow(p.id);
    expectError(await other.c.post('Customer/projectCancel', { id: p.id }), 'NOT_FOUND');
    expect(await projectRow(p.id)).toEqual(before);
    expect(await quoteStatuses(p.id)).toEqual([[expect.any(Number), 0]]);
    expect(await coinBalance(ctx.database.db, s.id)).toBe(0);
  });
});

describe('Customer/quoteList', () => {
  it('shows the owner every quote side by side; another customer gets NOT_FOUND', async () => {
    const p = await makeProject(ctx, cust.id, { status: 1 });
    const s1 = await supplier();
    const s2 = await supplier();
    const q1 = await makeQuote(ctx, p.id, s1.id);
    const q2 = await makeQuote(ctx, p.id, s2.id);
    const r = await cust.c.post<{ listItem: Array<Record<string, unknown>> }>('Customer/quoteList', {
      id: p.id,
    });
    expectOk(r);
    expect(r.body.data.listItem.map((q) => q.quoteId)).toEqual([q1.id, q2.id]);
    expect(r.body.data.listItem[0]).toMatchObject({
      quoteId: q1.id,
      supplier: {
        cardno: s1.cardno,
        company: '上海展艺搭建有限公司',
        personauth: 1,
        businsauth: 3,
        score: null,
      },
      subtotals: { dimian: 108000 },
      total: 108000,
      days: 3,
      status: 0,
      lines: { dimian: [expect.objectContaining({ name: '地毯', price: 3000, amount: 108000 })] },
      attachments: [],
    });
    expectError(await other.c.post('Customer/quoteList', { id: p.id }), 'NOT_FOUND');
  });
});

describe('Customer/award', () => {
  it('awards: 1 → 2, winner 1, others 2, winner_quote_id and awarded_at set, audited', async () => {
    const p = await makeProject(ctx, cust.id, { status: 1 });
    const s1 = await supplier();
    const s2 = await supplier();
    const q1 = await makeQuote(ctx, p.id, s1.id);
    const q2 = await makeQuote(ctx, p.id, s2.id);
    const r = await cust.c.post<{ project: Record<string, unknown>; winner: Record<string, unknown> }>(
      'Customer/award',
      { id: p.id, quoteId: q2.id },
    );
    expectOk(r);
    expect(r.body.data.project).toMatchObject({ status: 2, statusText: '已选标' });
    expect(r.body.data.winner).toMatchObject({ quoteId: q2.id, status: 1, supplier: { cardno: s2.cardno } });
    expect(await quoteStatuses(p.id)).toEqual([
      [q1.id, 2],
      [q2.id, 1],
    ]);
    const row = await projectRow(p.id);
    expect(Number(row.winner_quote_id)).toBe(q2.id);
    expect(row.awarded_at).not.toBeNull();
    const [a] = await rows(
      ctx,
      sql`select detail from audit_log where action = 'project.award' and target_id = ${String(p.id)}`,
    );
    expect(a).toMatchObject({ detail: { from: 1, to: 2, quoteId: q2.id } });
    // the losers are not refunded: they competed and lost
    expect(await coinBalance(ctx.database.db, s1.id)).toBe(0);
  });

  it('refuses a quote of another project, an unknown quote, a non-bidding project and a stranger', async () => {
    const p = await makeProject(ctx, cust.id, { status: 1 });
    const p2 = await makeProject(ctx, cust.id, { status: 1 });
    const s = await supplier();
    const q = await makeQuote(ctx, p.id, s.id);
    const foreign = await makeQuote(ctx, p2.id, s.id);
    const before = await projectRow(p.id);
    expectError(await cust.c.post('Customer/award', { id: p.id, quoteId: foreign.id }), 'NOT_FOUND');
    expectError(await cust.c.post('Customer/award', { id: p.id, quoteId: 999_999 }), 'NOT_FOUND');
    expectError(await other.c.post('Customer/award', { id: p.id, quoteId: q.id }), 'NOT_FOUND');
    expect(await projectRow(p.id)).toEqual(before);
    expect(await quoteStatuses(p.id)).toEqual([[q.id, 0]]);
    const pending = await makeProject(ctx, cust.id, { status: 0, checked: 0 });
    expectError(await cust.c.post('Customer/award', { id: pending.id, quoteId: q.id }), 'INVALID_STATE');
  });

  it('an unverified customer is refused with NOT_VERIFIED and a link to verify; nothing changes', async () => {
    const p = await makeProject(ctx, other.id, { status: 1 });
    const q = await makeQuote(ctx, p.id, (await supplier()).id);
    const before = await projectRow(p.id);
    const r = await other.c.post('Customer/award', { id: p.id, quoteId: q.id });
    expectError(r, 'NOT_VERIFIED');
    expect(r.body.errMsg).toContain('选标前请先完成实名认证或企业认证');
    expect(r.body.data).toEqual({ href: '/customer/security_person' });
    expect(await projectRow(p.id)).toEqual(before);
    expect(await quoteStatuses(p.id)).toEqual([[q.id, 0]]);
    // a verification still waiting for review is not enough
    await submitPerson(ctx, other.id);
    expectError(await other.c.post('Customer/award', { id: p.id, quoteId: q.id }), 'NOT_VERIFIED');
    await approvedAuth(ctx, other.id, 'business', { taxorder: '91310115MA1H7XQ16B' });
    expectOk(await other.c.post('Customer/award', { id: p.id, quoteId: q.id }));
  });

  it('two awards at once: exactly one wins, the other is INVALID_STATE', async () => {
    const p = await makeProject(ctx, cust.id, { status: 1 });
    const s1 = await supplier();
    const s2 = await supplier();
    const q1 = await makeQuote(ctx, p.id, s1.id);
    const q2 = await makeQuote(ctx, p.id, s2.id);
    const [a, b] = await Promise.all([
      cust.c.post('Customer/award', { id: p.id, quoteId: q1.id }),
      cust.c.post('Customer/award', { id: p.id, quoteId: q2.id }),
    ]);
    const codes = [a.body.errCode, b.body.errCode].sort();
    expect(codes).toEqual(['INVALID_STATE', 'success']);
    const statuses = (await quoteStatuses(p.id)).map(([, s]) => s).sort();
    expect(statuses).toEqual([1, 2]);
    const [n] = await rows<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from audit_log where action = 'project.award' and target_id = ${String(p.id)}`,
    );
    expect(n!.n).toBe(1);
  });
});
