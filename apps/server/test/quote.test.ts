import type { QuoteView } from '@zl/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { projects } from '../src/db/schema/index.ts';
import { verifyLedger } from '../src/modules/ledger/ledger.service.ts';
import { makeFile } from './admin-helpers.ts';
import { Client, expectError, expectFields, expectOk, rows } from './helpers.ts';
import { useTestApp } from './member-fixtures.ts';
import { makeProject } from './project-fixtures.ts';
import {
  coinsOf,
  memberClient,
  quoteBody,
  quoteCount,
  REQUIREMENTS,
  verifiedSupplier,
} from './projectcenter-fixtures.ts';

const ctx = useTestApp({ members: { customer: { row: { cardtype: 'customer' } } } });
const { customer } = ctx.members;

const project = (v: Parameters<typeof makeProject>[2] = {}) =>
  makeProject(ctx, customer.id, { ...REQUIREMENTS, coins: 10, ...v });

async function peoples(id: number): Promise<number> {
  const [p] = await ctx.database.db.select().from(projects).where(eq(projects.id, id));
  return p!.peoples;
}

describe('Projectcenter/priceTable', () => {
  it('stores one priced quote, charges the coins once, counts the bidder', async () => {
    const p = await project();
    const s = await verifiedSupplier(ctx, 30);
    const r = await s.c.post<QuoteView>('Projectcenter/priceTable', quoteBody(p.id));
    expectOk(r);
    const q = r.body.data;
    expect(q.subtotals).toEqual({ dimian: 36 * 100 + 36 * 50, jiedai: 80_000 });
    expect(q.total).toBe(85_400);
    expect(q.lines.dimian![0]).toMatchObject({ name: '地台', spec: '木结构', unit: 'm²', amount: 3600 });
    expect(q).toMatchObject({ days: 5, remark: '三天进场', status: 0, state: 'pending', coinsPaid: 10 });
    expect(await coinsOf(ctx, s.id)).toBe(20);
    expect(await peoples(p.id)).toBe(1);
    // a second quote: refused, nothing more charged
    expectError(await s.c.post('Projectcenter/priceTable', quoteBody(p.id)), 'ALREADY_QUOTED');
    expect(await coinsOf(ctx, s.id)).toBe(20);
    expect(await quoteCount(ctx, p.id)).toBe(1);
    expect((await verifyLedger(ctx.database.db)).ok).toBe(true);
  });

  it('takes the amounts from the server, never from the client', async () => {
    const p = await project();
    const s = await verifiedSupplier(ctx);
    const body = quoteBody(p.id);
    (body.lines.dimian[0] as Record<string, unknown>).amount = 1;
    expectError(await s.c.post('Projectcenter/priceTable', body), 'VALIDATION_FAILED');
    const extra = quoteBody(p.id, { total: 1 });
    expectError(await s.c.post('Projectcenter/priceTable', extra), 'VALIDATION_FAILED');
  });

  it('two quotes of one supplier at once: exactly one kept and charged once', async () => {
    const p = await project();
    const s = await verifiedSupplier(ctx, 50);
    const results = await Promise.all(
      [1, 2, 3].map(() => s.c.post('Projectcenter/priceTable', quoteBody(p.id))),
    );
    expect(results.filter((r) => r.body.success)).toHaveLength(1);
    for (const r of results.filter((x) => !x.body.success)) expectError(r, 'ALREADY_QUOTED');
    expect(await quoteCount(ctx, p.id)).toBe(1);
    expect(await coinsOf(ctx, s.id)).toBe(40);
    expect(await peoples(p.id)).toBe(1);
  });

  it('suppliers may add their own lines after the requirement items, not change or skip those', async () => {
    const p = await project();
    const s = await verifiedSupplier(ctx);
    const body = quoteBody(p.id);
    body.lines.jiedai.push({ name: '运输费', spec: '往返', unit: '次', qty: 1, price: 50_000, remark: '' });
    const r = await s.c.post<QuoteView>('Projectcenter/priceTable', body);
    expectOk(r);
    expect(r.body.data.subtotals.jiedai).toBe(130_000);
    expect(r.body.data.lines.jiedai![1]).toMatchObject({ name: '运输费', spec: '往返', unit: '次' });

    const s2 = await verifiedSupplier(ctx);
    const renamed = quoteBody(p.id);
    renamed.lines.dimian[0]!.name = '地板';
    expectFields(await s2.c.post('Projectcenter/priceTable', renamed), ['lines.dimian.0']);
    const fewer = quoteBody(p.id);
    fewer.lines.dimian.pop();
    expectFields(await s2.c.post('Projectcenter/priceTable', fewer), ['lines.dimian']);
    const qty = quoteBody(p.id);
    qty.lines.dimian[1]!.qty = 1;
    expectFields(await s2.c.post('Projectcenter/priceTable', qty), ['lines.dimian.1']);
    expect(await coinsOf(ctx, s2.id)).toBe(100);
    expect(await quoteCount(ctx, p.id)).toBe(1);
  });

  it('refuses bad input field by field', async () => {
    const p = await project();
    const s = await verifiedSupplier(ctx);
    const post = (b: unknown) => s.c.post('Projectcenter/priceTable', b);
    const withLine = (patch: Record<string, unknown>) => {
      const b = quoteBody(p.id);
      Object.assign(b.lines.dimian[0]!, patch);
      return b;
    };
    expectFields(await post(withLine({ price: -1 })), ['lines.dimian.0.price']);
    expectFields(await post(withLine({ price: 1.5 })), ['lines.dimian.0.price']);
    expectFields(await post(withLine({ price: 100_000_001 })), ['lines.dimian.0.price']);
    expectFields(await post(withLine({ qty: 0 })), ['lines.dimian.0.qty']);
    expectFields(await post(withLine({ name: '' })), ['lines.dimian.0.name']);
    expectFields(await post(withLine({ unit: 'x'.repeat(11) })), ['lines.dimian.0.unit']);
    expectFields(await post(withLine({ remark: 'x'.repeat(201) })), ['lines.dimian.0.remark']);
    expectFields(await post(quoteBody(p.id, { days: 0 })), ['days']);
    expectFields(await post(quoteBody(p.id, { days: 366 })), ['days']);
    expectFields(await post(quoteBody(p.id, { remark: 'x'.repeat(1001) })), ['remark']);
    expectFields(await post(quoteBody(p.id, { attachments: ['bad'] })), ['attachments.0']);
    expectError(await post(quoteBody(p.id, { lines: { other: [] } })), 'VALIDATION_FAILED');
    expectFields(await post({ ...quoteBody(p.id), id: 'x' }), ['id']);
    // a file that is not the supplier's own
    const foreign = await makeFile(ctx, customer.id);
    expectError(await post(quoteBody(p.id, { attachments: [foreign] })), 'FILE_NOT_FOUND');
    expect(await quoteCount(ctx, p.id)).toBe(0);
    expect(await coinsOf(ctx, s.id)).toBe(100);
  });

  it('only verified suppliers quote: customers FORBIDDEN, unverified NOT_VERIFIED, logged out NOT_LOGGED_IN', async () => {
    const p = await project();
    const customer = await memberClient(ctx, { cardtype: 'customer', personauth: 1 });
    expectError(await customer.c.post('Projectcenter/priceTable', quoteBody(p.id)), 'FORBIDDEN');
    const pending = await memberClient(ctx, { personauth: 0, businsauth: 2 });
    expectError(await pending.c.post('Projectcenter/priceTable', quoteBody(p.id)), 'NOT_VERIFIED');
    const business = await memberClient(ctx, { businsauth: 1 });
    expectError(await business.c.post('Projectcenter/priceTable', quoteBody(p.id)), 'INSUFFICIENT_COINS');
    expectError(await new Client(ctx.app).post('Projectcenter/priceTable', quoteBody(p.id)), 'NOT_LOGGED_IN');
    expect(await quoteCount(ctx, p.id)).toBe(0);
    expect(await peoples(p.id)).toBe(0);
  });

  it('not enough coins: nothing stored, nothing charged', async () => {
    const p = await project({ coins: 30 });
    const s = await verifiedSupplier(ctx, 29);
    expectError(await s.c.post('Projectcenter/priceTable', quoteBody(p.id)), 'INSUFFICIENT_COINS');
    expect(await coinsOf(ctx, s.id)).toBe(29);
    expect(await quoteCount(ctx, p.id)).toBe(0);
    expect(await peoples(p.id)).toBe(0);
  });

  it('only open projects: past the deadline BIDDING_CLOSED, other states INVALID_STATE, unapproved NOT_FOUND', async () => {
    const s = await verifiedSupplier(ctx);
    const late = await project({ biddl: new Date(Date.now() - 1000) });
    expectError(await s.c.post('Projectcenter/priceTable', quoteBody(late.id)), 'BIDDING_CLOSED');
    const awarded = await project({ status: 2 });
    expectError(await s.c.post('Projectcenter/priceTable', quoteBody(awarded.id)), 'INVALID_STATE');
    const pending = await project({ status: 0, checked: 0 });
    expectError(await s.c.post('Projectcenter/priceTable', quoteBody(pending.id)), 'NOT_FOUND');
    expectError(await s.c.post('Projectcenter/priceTable', quoteBody(99_999_999)), 'NOT_FOUND');
    expect(await coinsOf(ctx, s.id)).toBe(100);
  });
});

describe('Projectcenter/editPriceTable, projectFee, getPriceTable', () => {
  it('edits a pending quote without another charge; not after the deadline', async () => {
    const p = await project();
    const s = await verifiedSupplier(ctx, 10);
    expectError(await s.c.post('Projectcenter/editPriceTable', quoteBody(p.id)), 'NOT_FOUND');
    expectOk(await s.c.post('Projectcenter/priceTable', quoteBody(p.id)));
    const body = quoteBody(p.id, { days: 9 });
    body.lines.jiedai[0]!.price = 90_000;
    const r = await s.c.post<QuoteView>('Projectcenter/editPriceTable', body);
    expectOk(r);
    expect(r.body.data.total).toBe(95_400);
    expect(r.body.data.days).toBe(9);
    expect(await coinsOf(ctx, s.id)).toBe(0);
    expect(await quoteCount(ctx, p.id)).toBe(1);
    await ctx.database.db
      .update(projects)
      .set({ biddl: new Date(Date.now() - 1000) })
      .where(eq(projects.id, p.id));
    expectError(await s.c.post('Projectcenter/editPriceTable', quoteBody(p.id)), 'BIDDING_CLOSED');
    const [q] = await rows<{ total: number }>(ctx, sql`select total from quotes where project_id = ${p.id}`);
    expect(Number(q!.total)).toBe(95_400);
  });

  it('projectFee and getPriceTable answer the caller only about themselves', async () => {
    const p = await project();
    const a = await verifiedSupplier(ctx, 25);
    const b = await verifiedSupplier(ctx, 5);
    const fee = await b.c.post('Projectcenter/projectFee', { id: p.id });
    expectOk(fee);
    expect(fee.body.data).toEqual({ coins: 10, balance: 5, enough: false, quoted: false });
    expectOk(await a.c.post('Projectcenter/priceTable', quoteBody(p.id)));
    expect((await a.c.post('Projectcenter/projectFee', { id: p.id })).body.data).toEqual({
      coins: 10,
      balance: 15,
      enough: true,
      quoted: true,
    });
    const ta = await a.c.post<{ quote: QuoteView | null; categories: Array<{ key: string }> }>(
      'Projectcenter/getPriceTable',
      { id: p.id },
    );
    expectOk(ta);
    expect(ta.body.data.quote?.total).toBe(85_400);
    expect(ta.body.data.categories.map((c) => c.key)).toEqual([
      'dimian',
      'beiban',
      'mentou',
      'zhanshi',
      'jiedai',
      'meigong',
      'zulin',
    ]);
    const tb = await b.c.post('Projectcenter/getPriceTable', { id: p.id });
    expectOk(tb);
    // sealed: B's answers never carry A's quote
    expect(tb.res.body).not.toContain('85400');
    expect((tb.body.data as { quote: unknown }).quote).toBeNull();
    expectFields(await b.c.post('Projectcenter/projectFee', { id: 0 }), ['id']);
    expectError(await b.c.post('Projectcenter/getPriceTable', { id: 99_999_999 }), 'NOT_FOUND');
  });
});
