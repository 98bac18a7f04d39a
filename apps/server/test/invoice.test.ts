// Invoices (docs/invoices.md): the customer asks over what it paid, the winner issues or rejects,
// both see it, nobody else; the amount cap holds under 20 requests at once; bad input changes
// nothing; tips; the issued file's readers; the monthly commission statement.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { shanghaiToday } from '@zl/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fundDemoEscrow } from '../src/demo/demo-complaint.ts';
import { monthBounds } from '../src/modules/invoice/invoice.service.ts';
import { verifyLedger } from '../src/modules/ledger/ledger.service.ts';
import { releaseDue } from '../src/modules/stage/stage.service.ts';
import { approvedAuth } from './admin-helpers.ts';
import { type Client, count, expectError, expectFields, expectOk, rows } from './helpers.ts';
import { cookieOf, creditCode, getFile, uploadId, useTestApp } from './member-fixtures.ts';
import { makeProject, makeQuote } from './project-fixtures.ts';

interface Inv {
  id: number;
  projectId: number;
  role: 'customer' | 'supplier';
  counterpart: string;
  kind: string;
  title: string;
  taxNo: string;
  amount: number;
  status: 'requested' | 'issued' | 'rejected';
  statusText: string;
  file: { id: string; url: string } | null;
  reason: string;
  number: string;
}
interface InvList {
  listItem: Inv[];
  total: number;
  page: number;
  request: { paid: number; invoiceable: number; prefill: Record<string, string> } | null;
}

const ctx = useTestApp({
  env: { PLATFORM_COMMISSION_BP: '500' },
  members: { cust: 'customer', sup: 'supplier', other: 'supplier', cust2: 'customer' },
});
const { cust, sup, other, cust2 } = ctx.members;
const db = () => ctx.database.db;

/** A project of `cust` won by `sup` in 施工中, with `paidFen` prepaid into escrow through a paid order. */
async function paidProject(paidFen = 500_000) {
  const p = await makeProject(ctx, cust.id, { status: 1, prepay: paidFen });
  const q = await makeQuote(ctx, p.id, sup.id, 5);
  await db().execute(
    sql`update projects set status = 4, contctck = 2, winner_quote_id = ${q.id},
        ispaid = ${paidFen > 0}, prepayp = ${paidFen} where id = ${p.id}`,
  );
  if (paidFen > 0) {
    await db().transaction((tx) =>
      fundDemoEscrow(tx, { projectId: p.id, customerId: cust.id, orders: p.orders, amountFen: paidFen }),
    );
  }
  return p;
}

const normal = (id: number, amount: number, extra: Record<string, unknown> = {}) => ({
  id,
  kind: 'normal',
  title: '上海鼎盛展览工程有限公司',
  amount,
  ...extra,
});
const list = async (who: { c: typeof cust.c }, body: Record<string, unknown> = {}) => {
  const r = await who.c.post<InvList>('Invoice/list', body);
  expectOk(r);
  return r.body.data;
};
const tipsTo = (memberId: number) =>
  rows<{ title: string; content: string }>(
    ctx,
    sql`select title, content from tips where member_id = ${memberId} and title like '%发票%' order by id`,
  );

describe('asking for an invoice', () => {
  it('the customer asks over what it paid; the supplier sees the request, the customer the rest it may ask', async () => {
    const p = await paidProject(500_000);
    const before = await list(cust, { id: p.id });
    expect(before.request).toMatchObject({ paid: 500_000, invoiceable: 500_000 });
    const r = await cust.c.post<Inv>('Invoice/request', normal(p.id, 200_000, { remark: '请尽快开具' }));
    expectOk(r);
    expect(r.body.data).toMatchObject({
      role: 'customer',
      status: 'requested',
      statusText: '待开票',
      amount: 200_000,
    });
    expect((await list(cust, { id: p.id })).request).toMatchObject({ invoiceable: 300_000 });
    const forSup = await list(sup, { id: p.id });
    expect(forSup.request).toBeNull();
    expect(forSup.listItem.map((i) => [i.role, i.amount, i.title])).toEqual([
      ['supplier', 200_000, '上海鼎盛展览工程有限公司'],
    ]);
    // the whole list (no id) holds it too, for both
    expect((await list(sup)).listItem.some((i) => i.id === r.body.data.id)).toBe(true);
    expect((await list(cust)).listItem.some((i) => i.id === r.body.data.id)).toBe(true);
  });

  it('never more than what was paid: the amount is refused in its field, and nothing is stored', async () => {
    const p = await paidProject(100_000);
    expectOk(await cust.c.post('Invoice/request', normal(p.id, 60_000)));
    const r = await cust.c.post('Invoice/request', normal(p.id, 40_001));
    expect(expectFields(r, ['amount']).amount).toBe('开票金额不能超过可开票金额 ¥400.00');
    expectOk(await cust.c.post('Invoice/request', normal(p.id, 40_000)));
    expectError(await cust.c.post('Invoice/request', normal(p.id, 1)), 'INVALID_STATE');
    expect(await count(ctx, 'invoices', sql`project_id = ${p.id}`)).toBe(2);
  });

  it('nothing paid yet, or not awarded: refused in Chinese', async () => {
    const unpaid = await paidProject(0);
    const r = await cust.c.post('Invoice/request', normal(unpaid.id, 100));
    expectError(r, 'INVALID_STATE');
    expect(r.body.errMsg).toBe('通过平台支付款项后才能申请发票');
    const bidding = await makeProject(ctx, cust.id, { status: 1 });
    expectError(await cust.c.post('Invoice/request', normal(bidding.id, 100)), 'INVALID_STATE');
  });

  it('a refund booked to the customer is no longer invoiceable', async () => {
    const p = await paidProject(100_000);
    await db().execute(
      sql`insert into payment_refunds (out_request_no, out_trade_no, project_id, amount)
          values (${`E${p.id}`}, 'Zx', ${p.id}, 30000)`,
    );
    expect((await list(cust, { id: p.id })).request).toMatchObject({ paid: 70_000, invoiceable: 70_000 });
  });

  it('a 专票 needs the tax number, address, bank and account, each named in its field; bad values too', async () => {
    const p = await paidProject();
    const r = await cust.c.post('Invoice/request', normal(p.id, 100, { kind: 'special' }));
    const f = expectFields(r, ['taxNo', 'address', 'bank', 'bankAccount']);
    expect(f.taxNo).toBe('增值税专用发票须填写纳税人识别号');
    const bad = await cust.c.post('Invoice/request', {
      ...normal(p.id, 1.5),
      title: 'a\u0000b',
      taxNo: '123',
      bankAccount: '12ab',
    });
    expectFields(bad, ['amount', 'title', 'taxNo', 'bankAccount']);
    const huge = await cust.c.post(
      'Invoice/request',
      normal(p.id, 100, { title: '票'.repeat(101), remark: 'x'.repeat(201) }),
    );
    expectFields(huge, ['title', 'remark']);
    expectFields(await cust.c.post('Invoice/request', { id: p.id }), ['kind', 'title', 'amount']);
    expect(await count(ctx, 'invoices', sql`project_id = ${p.id}`)).toBe(0);
    const ok = await cust.c.post<Inv>(
      'Invoice/request',
      normal(p.id, 100, {
        kind: 'special',
        taxNo: creditCode(7).toLowerCase(),
        address: '上海市浦东新区 021-55556666',
        bank: '招商银行上海分行',
        bankAccount: '6225880212345678',
      }),
    );
    expectOk(ok);
    expect(ok.body.data).toMatchObject({ kind: 'special', taxNo: creditCode(7) });
  });

  it('prefilled from the customer’s approved business verification', async () => {
    const p = await paidProject();
    await approvedAuth(ctx, cust.id, 'business', { fultitle: '上海鼎盛展览工程有限公司（开票）' });
    expect((await list(cust, { id: p.id })).request!.prefill).toEqual({
      title: '上海鼎盛展览工程有限公司（开票）',
      taxNo: '91310000MA1FL8TQ2X',
      bank: '招商银行上海分行',
      bankAccount: '6225880212345678',
    });
  });

  it('20 requests at once over the same money: together never more than paid', async () => {
    const p = await paidProject(100_000);
    const all = await Promise.all(
      Array.from({ length: 20 }, () => cust.c.post('Invoice/request', normal(p.id, 30_000))),
    );
    expect(all.filter((r) => r.status === 200 && r.body.success)).toHaveLength(3);
    expect(all.every((r) => r.status < 500)).toBe(true);
    const [sum] = await rows<{ s: string }>(
      ctx,
      sql`select sum(amount) as s from invoices where project_id = ${p.id}`,
    );
    expect(Number(sum!.s)).toBe(90_000);
  });

  it('a double click asks once (Idempotency-Key)', async () => {
    const p = await paidProject();
    const key = { 'Idempotency-Key': `inv-${p.id}-once` };
    const [a, b] = await Promise.all([
      cust.c.post<Inv>('Invoice/request', normal(p.id, 100), key),
      cust.c.post<Inv>('Invoice/request', normal(p.id, 100), key),
    ]);
    expect([a.status, b.status].every((s) => s < 500)).toBe(true);
    expect(await count(ctx, 'invoices', sql`project_id = ${p.id}`)).toBe(1);
  });
});

describe('who may see and act', () => {
  it('another customer, another supplier: NOT_FOUND on every call; the wrong role is refused', async () => {
    const p = await paidProject();
    const r = await cust.c.post<Inv>('Invoice/request', normal(p.id, 100));
    const id = r.body.data.id;
    expectError(await cust2.c.post('Invoice/request', normal(p.id, 100)), 'NOT_FOUND');
    expectError(await cust2.c.post('Invoice/list', { id: p.id }), 'NOT_FOUND');
    expectError(await other.c.post('Invoice/list', { id: p.id }), 'NOT_FOUND');
    expect((await list(other)).listItem.some((i) => i.id === id)).toBe(false);
    expect((await list(cust2)).listItem.some((i) => i.id === id)).toBe(false);
    const file = await uploadId(ctx, other.c, 'invoice');
    expectError(await other.c.post('Invoice/upload', { invoiceId: id, file }), 'NOT_FOUND');
    expectError(await other.c.post('Invoice/reject', { invoiceId: id, reason: '不开' }), 'NOT_FOUND');
    // a supplier cannot ask, a customer cannot issue
    expectError(await sup.c.post('Invoice/request', normal(p.id, 100)), 'FORBIDDEN');
    expectError(await cust.c.post('Invoice/reject', { invoiceId: id, reason: '不开' }), 'FORBIDDEN');
    expect(
      (await rows<{ status: string }>(ctx, sql`select status from invoices where id = ${id}`))[0]!.status,
    ).toBe('requested');
  });
});

describe('issuing and rejecting', () => {
  it('the supplier uploads the invoice: both read the file, a stranger does not; tips at each step', async () => {
    const p = await paidProject();
    const asked = await cust.c.post<Inv>('Invoice/request', normal(p.id, 100_000));
    await ctx.app.outbox.drain();
    expect((await tipsTo(sup.id)).at(-1)?.title).toContain('参展商申请开具发票');
    const file = await uploadId(ctx, sup.c, 'invoice');
    // someone else's upload, or one for another purpose, is refused in the field
    const stranger = await uploadId(ctx, other.c, 'invoice');
    for (const f of [stranger, await uploadId(ctx, sup.c, 'case')]) {
      const bad = await sup.c.post('Invoice/upload', { invoiceId: asked.body.data.id, file: f });
      expectError(bad, 'FILE_NOT_FOUND');
      expect(Object.keys((bad.body.data as { fields: object }).fields)).toEqual(['file']);
    }
    const r = await sup.c.post<Inv>('Invoice/upload', {
      invoiceId: asked.body.data.id,
      file,
      number: '12345678',
    });
    expectOk(r);
    expect(r.body.data).toMatchObject({ status: 'issued', statusText: '已开票', number: '12345678' });
    const url = r.body.data.file!.url;
    expect((await getFile(ctx, url, cust.c)).statusCode).toBe(200);
    expect((await getFile(ctx, url, cust2.c)).statusCode).toBe(404);
    expect((await getFile(ctx, url, null)).statusCode).toBeGreaterThanOrEqual(400);
    // decided once: a second upload or a reject is refused, nothing changes
    expectError(await sup.c.post('Invoice/upload', { invoiceId: asked.body.data.id, file }), 'INVALID_STATE');
    expectError(
      await sup.c.post('Invoice/reject', { invoiceId: asked.body.data.id, reason: '晚了' }),
      'INVALID_STATE',
    );
    await ctx.app.outbox.drain();
    expect((await tipsTo(cust.id)).at(-1)?.title).toContain('发票已开具');
    expect((await list(cust, { id: p.id })).listItem[0]!.file?.url).toBe(url);
  });

  it('a rejection says why, frees the amount, and tips the customer', async () => {
    const p = await paidProject(100_000);
    const asked = await cust.c.post<Inv>('Invoice/request', normal(p.id, 100_000));
    expectFields(await sup.c.post('Invoice/reject', { invoiceId: asked.body.data.id, reason: '' }), [
      'reason',
    ]);
    const r = await sup.c.post<Inv>('Invoice/reject', {
      invoiceId: asked.body.data.id,
      reason: '抬头与合同不一致',
    });
    expectOk(r);
    expect(r.body.data).toMatchObject({ status: 'rejected', reason: '抬头与合同不一致' });
    expect((await list(cust, { id: p.id })).request).toMatchObject({ invoiceable: 100_000 });
    await ctx.app.outbox.drain();
    expect((await tipsTo(cust.id)).at(-1)?.title).toContain('发票申请被拒绝');
  });

  it('20 decisions at once: one wins, none answers 5xx', async () => {
    const p = await paidProject();
    const asked = await cust.c.post<Inv>('Invoice/request', normal(p.id, 100));
    const file = await uploadId(ctx, sup.c, 'invoice');
    const all = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2
          ? sup.c.post('Invoice/reject', { invoiceId: asked.body.data.id, reason: '不开' })
          : sup.c.post('Invoice/upload', { invoiceId: asked.body.data.id, file }),
      ),
    );
    expect(all.every((r) => r.status < 500)).toBe(true);
    expect(all.filter((r) => r.body.success)).toHaveLength(1);
  });
});

const statement = (who: Client, month: string) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/Invoice/statement?month=${month}`,
    headers: { cookie: cookieOf(who) },
  });

describe('the commission statement', () => {
  it('monthBounds: Beijing months, December to January', () => {
    expect(monthBounds('2026-12').from.toISOString()).toBe('2026-11-30T16:00:00.000Z');
    expect(monthBounds('2026-12').to.toISOString()).toBe('2026-12-31T16:00:00.000Z');
  });

  it('lists the month’s releases with the commission, as a PDF in Chinese; suppliers only', async () => {
    const p = await paidProject(300_000);
    // the build-in confirmed: the prepayment held goes to the supplier (docs/staged-escrow.md)
    await db().execute(sql`update projects set buildin_confirmed_at = now() where id = ${p.id}`);
    const released = await db().transaction((tx) =>
      releaseDue(tx, p.id, { commissionBp: 500, retentionDays: 7 }),
    );
    expect(released).toEqual({ released: 300_000, commission: 15_000 });
    expect((await verifyLedger(db())).ok).toBe(true);
    const month = shanghaiToday().slice(0, 7);
    const r = await statement(sup.c, month);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    const dir = mkdtempSync(path.join(tmpdir(), 'zl-statement-'));
    writeFileSync(path.join(dir, 's.pdf'), r.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', path.join(dir, 's.pdf'), '-'], { encoding: 'utf8' });
    expect(text).toContain('平台佣金月结单');
    expect(text).toContain(p.orders);
    expect(text).toContain('¥3,000.00');
    expect(text).toContain('¥150.00');
    expect(text).toContain('¥2,850.00');
    // another supplier's statement of the same month does not hold it
    const o = await statement(other.c, month);
    const t2 = path.join(dir, 'o.pdf');
    writeFileSync(t2, o.rawPayload);
    expect(execFileSync('pdftotext', [t2, '-'], { encoding: 'utf8' })).toContain('本月没有托管款结算');
    expect((await statement(cust.c, month)).json().errCode).toBe('FORBIDDEN');
    expect((await statement(sup.c, '2026-13')).json().errCode).toBe('VALIDATION_FAILED');
  });
});
