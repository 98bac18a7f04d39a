import type { ProjectInfo, QuoteView } from '@zl/shared';
import { describe, expect, it } from 'vitest';
import { approvedAuth } from './admin-helpers.ts';
import { expectError, expectFields, expectOk } from './helpers.ts';
import { useTestApp } from './member-fixtures.ts';
import { makeProject } from './project-fixtures.ts';
import { memberClient, quoteBody, REQUIREMENTS, verifiedSupplier } from './projectcenter-fixtures.ts';

const ctx = useTestApp({
  // the customer verified its identity (an award needs it: docs/delivery-contract.md "Award")
  members: {
    customer: { session: { cardtype: 'customer', nickname: '华展科技', personauth: 1, realname: '陈立华' } },
  },
});
const { customer } = ctx.members;

interface Winner {
  awarded: boolean;
  winner: { cardno: string; name: string; nickname: string; company: string } | null;
  mine: string | null;
  contact: { mobile: string; name: string } | null;
}

async function biddingWithTwo() {
  const p = await makeProject(ctx, customer.id, { ...REQUIREMENTS, mobile: '13912345678' });
  const a = await verifiedSupplier(ctx);
  const b = await verifiedSupplier(ctx);
  const qa = await a.c.post<QuoteView>('Projectcenter/priceTable', quoteBody(p.id));
  const bodyB = quoteBody(p.id);
  bodyB.lines.jiedai[0]!.price = 77_777;
  const qb = await b.c.post<QuoteView>('Projectcenter/priceTable', bodyB);
  expectOk(qa);
  expectOk(qb);
  return { p, a, b, qa: qa.body.data, qb: qb.body.data };
}

describe('Projectcenter/winnerInfo and factoryPrjctList', () => {
  it('before the award: no winner, bidders pending, no contacts', async () => {
    const { p, a } = await biddingWithTwo();
    const r = await a.c.post<Winner>('Projectcenter/winnerInfo', { id: p.id });
    expectOk(r);
    expect(r.body.data).toEqual({ awarded: false, winner: null, mine: 'pending', contact: null });
  });

  it('after the award: the winner gets the customer contact, the loser only the name, the customer the winner', async () => {
    const { p, a, b, qa } = await biddingWithTwo();
    expectOk(await customer.c.post('Customer/award', { id: p.id, quoteId: qa.quoteId }));
    const wa = await a.c.post<Winner>('Projectcenter/winnerInfo', { id: p.id });
    expect(wa.body.data).toMatchObject({ awarded: true, mine: 'won', contact: { mobile: '13912345678' } });
    expect(wa.body.data.winner?.cardno).toBe(a.cardno);
    const wb = await b.c.post<Winner>('Projectcenter/winnerInfo', { id: p.id });
    expect(wb.body.data).toMatchObject({ awarded: true, mine: 'lost', contact: null });
    expect(wb.res.body).not.toContain('13912345678');
    expect(wb.res.body).not.toContain(a.mobile);
    const wc = await customer.c.post<Winner>('Projectcenter/winnerInfo', { id: p.id });
    expect(wc.body.data).toMatchObject({ awarded: true, mine: null, contact: { mobile: a.mobile } });

    // the contact in the detail follows the same rule
    const da = await a.c.post<ProjectInfo>('Projectcenter/getInfo', { id: p.id });
    expect(da.body.data.mobile).toBe('13912345678');
    const db = await b.c.post<ProjectInfo>('Projectcenter/getInfo', { id: p.id });
    expect(db.body.data.mobile).toBe('');
    expect(db.body.data).not.toHaveProperty('orbits');
    expect(da.body.data.orbits!.map((o) => o.status)).toEqual([0, 2]);

    // the supplier's project list: own quote total and state, never the other's
    const la = await a.c.post<{ listItem: Array<{ id: number; quoteState: string; quoteTotal: number }> }>(
      'Projectcenter/factoryPrjctList',
      {},
    );
    expectOk(la);
    expect(la.body.data.listItem).toEqual([
      expect.objectContaining({ id: p.id, quoteState: 'won', quoteTotal: 85_400 }),
    ]);
    const lb = await b.c.post<{ listItem: Array<{ quoteState: string }>; total: number }>(
      'Projectcenter/factoryPrjctList',
      { state: 'lost' },
    );
    expect(lb.body.data.total).toBe(1);
    expect(lb.res.body).not.toContain('85400');
    const none = await b.c.post<{ total: number }>('Projectcenter/factoryPrjctList', { state: 'won' });
    expect(none.body.data.total).toBe(0);
  });

  it('every party card names the verified company, else the verified real name — never the nickname', async () => {
    const { p, a, b, qa } = await biddingWithTwo();
    await approvedAuth(ctx, a.id, 'business', { btitle: '上海鼎盛展览工程有限公司' });
    // the comparison: a by its company, b (personal verification only) by its real name
    const list = await customer.c.post<{ listItem: Array<{ supplier: { cardno: string; name: string } }> }>(
      'Customer/quoteList',
      { id: p.id },
    );
    expectOk(list);
    expect(list.body.data.listItem.map((q) => [q.supplier.cardno, q.supplier.name])).toEqual([
      [a.cardno, '上海鼎盛展览工程有限公司'],
      [b.cardno, '张三'],
    ]);
    expectOk(await customer.c.post('Customer/award', { id: p.id, quoteId: qa.quoteId }));
    // the winner card, to the customer and to the losing bidder; the contacts both ways
    const wc = await customer.c.post<Winner>('Projectcenter/winnerInfo', { id: p.id });
    expect(wc.body.data.winner?.name).toBe('上海鼎盛展览工程有限公司');
    expect(wc.body.data.contact?.name).toBe('上海鼎盛展览工程有限公司');
    const wb = await b.c.post<Winner>('Projectcenter/winnerInfo', { id: p.id });
    expect(wb.body.data.winner?.name).toBe('上海鼎盛展览工程有限公司');
    const wa = await a.c.post<Winner>('Projectcenter/winnerInfo', { id: p.id });
    expect(wa.body.data.contact?.name).toBe('陈立华');
    expect(wa.res.body).not.toContain('华展科技');
  });

  it('a cancelled project shows the refunded quote as closed', async () => {
    const { p, a } = await biddingWithTwo();
    expectOk(await customer.c.post('Customer/projectCancel', { id: p.id, reason: '展会延期' }));
    const l = await a.c.post<{ listItem: Array<{ id: number; quoteState: string }> }>(
      'Projectcenter/factoryPrjctList',
      { state: 'closed' },
    );
    expect(l.body.data.listItem.map((x) => x.id)).toContain(p.id);
    const w = await a.c.post<Winner>('Projectcenter/winnerInfo', { id: p.id });
    expect(w.body.data).toMatchObject({ awarded: false, mine: 'closed' });
  });

  it('anyone else: NOT_FOUND; bad input refused', async () => {
    const { p } = await biddingWithTwo();
    const stranger = await verifiedSupplier(ctx);
    expectError(await stranger.c.post('Projectcenter/winnerInfo', { id: p.id }), 'NOT_FOUND');
    const otherCustomer = await memberClient(ctx, { cardtype: 'customer' });
    expectError(await otherCustomer.c.post('Projectcenter/winnerInfo', { id: p.id }), 'NOT_FOUND');
    expectFields(await stranger.c.post('Projectcenter/winnerInfo', { id: -1 }), ['id']);
    expectFields(await stranger.c.post('Projectcenter/factoryPrjctList', { state: 'mine' }), ['state']);
    expectFields(await stranger.c.post('Projectcenter/factoryPrjctList', { pageSize: 100 }), ['pageSize']);
    const empty = await stranger.c.post<{ listItem: unknown[]; total: number; page: number }>(
      'Projectcenter/factoryPrjctList',
      {},
    );
    expect(empty.body.data).toEqual({ listItem: [], total: 0, page: 1 });
  });
});
