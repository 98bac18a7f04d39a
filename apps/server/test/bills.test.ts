import fs from 'node:fs';
import path from 'node:path';
import { LEDGER_TYPE_LABELS } from '@zl/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { generatePostings } from '../../../scripts/gen-postings.mjs';
import { exportItems, lastMonths, monthly } from '../src/modules/bills/bills.service.ts';
import { csvRow, textCell, yuan } from '../src/modules/bills/bills-csv.ts';
import {
  postTransaction,
  rebuildMemberMonths,
  type TransactionInput,
  verifyLedger,
} from '../src/modules/ledger/ledger.service.ts';
import { demoCoins, grantStarterCoins, quoteFee, quoteRefund } from '../src/modules/ledger/movements.ts';
import { Client, expectError, expectFields, expectOk, rows } from './helpers.ts';
import { useTestApp } from './member-fixtures.ts';
import { memberClient } from './projectcenter-fixtures.ts';

const ctx = useTestApp();

interface Bill {
  id: number;
  created: string;
  type: string;
  typeText: string;
  account: string;
  currency: 'CNY' | 'COIN';
  amount: number;
  balance: number;
  memo: string;
  refType: string;
  refId: string;
}
interface BillList {
  listItem: Bill[];
  total: number;
  page: number;
}

const tx = <T>(fn: Parameters<typeof ctx.database.db.transaction<T>>[0]) => ctx.database.db.transaction(fn);
/** A test-only ¥ transaction (no production movement moves cash yet on this branch). */
const postTest = (input: TransactionInput) => tx((t) => postTransaction(t, input));

function cashIn(memberId: number, fen: number, memo = '测试入账') {
  return postTest({
    type: 'demo_cash',
    memo,
    refType: 'test',
    refId: 'x',
    postings: [
      { account: { kind: 'payment_clearing' }, amount: -fen, currency: 'CNY' },
      { account: { kind: 'member_cash', memberId }, amount: fen, currency: 'CNY' },
    ],
  });
}

async function expectLedgerOk() {
  const report = await verifyLedger(ctx.database.db);
  expect(report.runningBalanceMismatches).toEqual([]);
  expect(report.ok).toBe(true);
}

/** Moves a transaction's postings to another instant (date filters and months). */
async function backdate(transactionId: number, iso: string) {
  await ctx.database.db.execute(
    sql`update ledger_postings set created_at = ${iso} where transaction_id = ${transactionId}`,
  );
  // the members' month figures follow, as the demo data's dates do
  await rebuildMemberMonths(ctx.database.db);
}

const list = (c: Client, body: Record<string, unknown> = {}) => c.post<BillList>('Bills/transaction', body);

describe('ledger type labels', () => {
  it('every movement type in movements.ts has a Chinese label', () => {
    const src = fs.readFileSync(
      path.resolve(import.meta.dirname, '../src/modules/ledger/movements.ts'),
      'utf8',
    );
    const types = [...src.matchAll(/\btype:\s*'([a-z_]+)'/g)].map((m) => m[1]!);
    expect(types.length).toBeGreaterThan(3);
    const missing = types.filter((t) => !(t in LEDGER_TYPE_LABELS));
    expect(missing).toEqual([]);
    for (const label of Object.values(LEDGER_TYPE_LABELS)) expect(label).toMatch(/^[\u4e00-\u9fff]{2,8}$/);
  });
});

describe('Bills/transaction', () => {
  it('lists the own postings newest first with the running balance across mixed movements', async () => {
    const s = await memberClient(ctx, { cardtype: 'workshop' });
    await tx((t) => demoCoins(t, s.id, 50));
    await tx((t) => grantStarterCoins(t, { id: s.id, cardtype: 'workshop' }, 20));
    await tx((t) => quoteFee(t, { quoteId: 901, supplierId: s.id, coins: 7, orders: 'ZL001' }));
    await tx((t) => quoteFee(t, { quoteId: 902, supplierId: s.id, coins: 5, orders: 'ZL002' }));
    await tx((t) => quoteRefund(t, { quoteId: 901, supplierId: s.id, coins: 7 }));
    await cashIn(s.id, 12_345);
    // several postings of one account in one transaction: the balance after each one
    await postTest({
      type: 'demo_cash',
      postings: [
        { account: { kind: 'member_cash', memberId: s.id }, amount: -345, currency: 'CNY' },
        { account: { kind: 'member_frozen', memberId: s.id }, amount: 345, currency: 'CNY' },
        { account: { kind: 'member_cash', memberId: s.id }, amount: -1000, currency: 'CNY' },
        { account: { kind: 'member_frozen', memberId: s.id }, amount: 1000, currency: 'CNY' },
      ],
    });
    const r = await list(s.c, {});
    expectOk(r);
    const items = r.body.data.listItem;
    expect(r.body.data.total).toBe(10);
    expect(items.map((b) => [b.account, b.amount, b.balance])).toEqual([
      ['frozen', 1000, 1345],
      ['cash', -1000, 11_000],
      ['frozen', 345, 345],
      ['cash', -345, 12_000],
      ['cash', 12_345, 12_345],
      ['coins', 7, 65],
      ['coins', -5, 58],
      ['coins', -7, 63],
      ['coins', 20, 70],
      ['coins', 50, 50],
    ]);
    expect(items.map((b) => b.id)).toEqual([...items.map((b) => b.id)].sort((a, b) => b - a));
    const fee = items[7]!;
    expect(fee).toMatchObject({
      type: 'quote_fee',
      typeText: '报价扣费',
      currency: 'COIN',
      memo: '报价 ZL001',
      refType: 'quote',
      refId: '901',
    });
    expect(fee.created).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(items[5]!.typeText).toBe('报价退还');
    expect(items[8]!.typeText).toBe('认证赠送');
    expect(items[9]!.typeText).toBe('演示赠送');
    await expectLedgerOk();
  });

  it('pages, and filters by type, account and Asia/Shanghai dates (both ends included)', async () => {
    const s = await memberClient(ctx, { cardtype: 'workshop' });
    const a = await tx((t) => demoCoins(t, s.id, 100));
    const b = await tx((t) => quoteFee(t, { quoteId: 1001, supplierId: s.id, coins: 3, orders: 'A' }));
    const c = await tx((t) => quoteFee(t, { quoteId: 1002, supplierId: s.id, coins: 4, orders: 'B' }));
    const d = await cashIn(s.id, 500);
    // 2026-03-01 00:00 Shanghai is 2026-02-28 16:00Z; 23:59:59 on 03-31 Shanghai is 15:59:59Z
    await backdate(a.id, '2026-02-28T15:59:59Z'); // 2026-02-28 23:59:59 Shanghai
    await backdate(b.id, '2026-02-28T16:00:00Z'); // 2026-03-01 00:00:00 Shanghai
    await backdate(c.id, '2026-03-31T15:59:59Z'); // 2026-03-31 23:59:59 Shanghai
    await backdate(d.id, '2026-03-31T16:00:00Z'); // 2026-04-01 00:00:00 Shanghai

    const p1 = await list(s.c, { page: 1, pageSize: 3 });
    const p2 = await list(s.c, { page: 2, pageSize: 3 });
    expect(p1.body.data).toMatchObject({ total: 4, page: 1 });
    expect(p1.body.data.listItem).toHaveLength(3);
    expect(p2.body.data.listItem).toHaveLength(1);
    expect(p2.body.data.listItem[0]!.amount).toBe(100);
    expect((await list(s.c, { page: 3, pageSize: 3 })).body.data.listItem).toEqual([]);

    const fees = await list(s.c, { type: 'quote_fee' });
    expect(fees.body.data.listItem.map((x) => x.amount)).toEqual([-4, -3]);
    expect(fees.body.data.total).toBe(2);
    const cash = await list(s.c, { account: 'cash' });
    expect(cash.body.data.listItem.map((x) => [x.currency, x.amount])).toEqual([['CNY', 500]]);
    const coins = await list(s.c, { account: 'coins' });
    expect(coins.body.data.total).toBe(3);
    const march = await list(s.c, { from: '2026-03-01', to: '2026-03-31' });
    expect(march.body.data.listItem.map((x) => x.amount)).toEqual([-4, -3]);
    expect(march.body.data.listItem.map((x) => x.created)).toEqual([
      '2026-03-31 23:59:59',
      '2026-03-01 00:00:00',
    ]);
    expect((await list(s.c, { from: '2026-04-01' })).body.data.total).toBe(1);
    expect((await list(s.c, { to: '2026-02-28' })).body.data.total).toBe(1);
    expect((await list(s.c, { from: '2026-03-01', to: '2026-03-01' })).body.data.total).toBe(1);
    const combined = await list(s.c, {
      type: 'quote_fee',
      account: 'coins',
      from: '2026-03-02',
      to: '2026-12-31',
    });
    expect(combined.body.data.listItem.map((x) => x.amount)).toEqual([-4]);
    expect((await list(s.c, { type: 'quote_fee', account: 'cash' })).body.data.total).toBe(0);
    // '' is "all"
    expect((await list(s.c, { type: '', account: '', from: '', to: '' })).body.data.total).toBe(4);
    await expectLedgerOk();
  });

  it('refuses bad input with a Chinese message per field', async () => {
    const s = await memberClient(ctx);
    const cases: Array<[Record<string, unknown>, string[]]> = [
      [{ from: '2026-02-30' }, ['from']],
      [{ to: '2026/03/01' }, ['to']],
      [{ from: '2026-03-02', to: '2026-03-01' }, ['to']],
      [{ from: '1900-01-01' }, ['from']],
      [{ to: '9999-12-31' }, ['to']],
      [{ from: 20260301 }, ['from']],
      [{ type: 'nope' }, ['type']],
      [{ type: 'quote_fee\u0000' }, ['type']],
      [{ type: '\u0007' }, ['type']],
      [{ type: 'x'.repeat(5000) }, ['type']],
      [{ type: ['quote_fee'] }, ['type']],
      [{ account: 'bank' }, ['account']],
      [{ page: 0 }, ['page']],
      [{ page: 1e9 }, ['page']],
      [{ pageSize: 51 }, ['pageSize']],
      [{ pageSize: 1e12 }, ['pageSize']],
      [{ pageSize: -1 }, ['pageSize']],
      [{ extra: 1 }, ['extra']],
    ];
    for (const [body, fields] of cases) {
      const r = await list(s.c, body);
      const got = expectFields(r, fields);
      if (body.type === 'nope') expect(got.type).toBe('收支类型不正确');
      if (body.to === '2026-03-01') expect(got.to).toBe('结束日期不能早于开始日期');
    }
    expect(expectFields(await list(s.c, { type: '\u0007' }), ['type']).type).toContain('控制字符');
  });

  it("never shows another member's postings; logged out gets 401", async () => {
    const s = await memberClient(ctx, { cardtype: 'workshop' });
    const other = await memberClient(ctx, { cardtype: 'customer' });
    await tx((t) => demoCoins(t, s.id, 30));
    await cashIn(s.id, 100);
    await cashIn(other.id, 777);
    const mine = await list(other.c, {});
    expect(mine.body.data.listItem.map((x) => x.amount)).toEqual([777]);
    expect((await list(other.c, { account: 'coins' })).body.data.total).toBe(0);
    const anon = new Client(ctx.app);
    expectError(await list(anon, {}), 'NOT_LOGGED_IN');
    expectError(await anon.post('Bills/monthly', {}), 'NOT_LOGGED_IN');
    const exp = await anon.get('Bills/export');
    expect(exp.status).toBe(401);
    const csv = (await exportCsv(other.c)).rawPayload.toString('utf8');
    expect(csv).toContain(',7.77,7.77,');
    expect(csv).not.toContain(',1.00,');
    expect(csv).not.toContain('金币');
    await expectLedgerOk();
  });

  it('20 identical requests at once answer the same page', async () => {
    const s = await memberClient(ctx, { cardtype: 'workshop' });
    await tx((t) => demoCoins(t, s.id, 9));
    await cashIn(s.id, 1);
    const rs = await Promise.all(Array.from({ length: 20 }, () => list(s.c, { pageSize: 5 })));
    for (const r of rs) {
      expectOk(r);
      expect(r.body.data).toEqual(rs[0]!.body.data);
    }
  });
});

async function exportCsv(c: Client, query: Record<string, string> = {}) {
  const url = `/api/Bills/export${Object.keys(query).length ? `?${new URLSearchParams(query)}` : ''}`;
  const cookie = [...c.cookies.entries()].map(([k, v]) => `${k}=${v.value}`).join('; ');
  return ctx.app.inject({ method: 'GET', url, headers: { cookie } });
}

describe('GET /api/Bills/export', () => {
  it('is UTF-8 CSV with a BOM, CRLF, Chinese header, ¥ two decimals, 金币 integers, guarded cells', async () => {
    const s = await memberClient(ctx, { cardtype: 'workshop' });
    await tx((t) => demoCoins(t, s.id, 12));
    await cashIn(s.id, 1205, '=HYPERLINK("http://x","点我"),其他');
    await cashIn(s.id, 7, '@SUM(A1)\n第二行');
    await postTest({
      type: 'demo_cash',
      memo: '-2+3',
      postings: [
        { account: { kind: 'member_cash', memberId: s.id }, amount: -1000, currency: 'CNY' },
        { account: { kind: 'payment_clearing' }, amount: 1000, currency: 'CNY' },
      ],
    });
    const res = await exportCsv(s.c);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const cd = String(res.headers['content-disposition']);
    expect(cd).toMatch(/^attachment; filename="bills-\d{8}\.csv"; filename\*=UTF-8''/);
    expect(decodeURIComponent(cd.split("UTF-8''")[1]!)).toMatch(/^收支明细-\d{8}\.csv$/);
    const raw = res.rawPayload;
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = raw.toString('utf8').slice(1);
    expect(text.endsWith('\r\n')).toBe(true);
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('流水号,时间,类型,账户,币种,金额,余额,说明,关联');
    // newest first: −¥10.00, +¥0.07, +¥12.05, +12 金币
    expect(lines[1]).toMatch(
      /^\d+,\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2},演示资金,现金,人民币,-10\.00,2\.12,'-2\+3,$/,
    );
    // a line feed inside a memo stays inside its quoted cell (records end with CRLF)
    expect(lines[2]).toMatch(/,演示资金,现金,人民币,0\.07,12\.12,"'@SUM\(A1\)\n第二行",test:x$/);
    expect(lines[3]).toMatch(/,人民币,12\.05,12\.05,"'=HYPERLINK\(""http:\/\/x"",""点我""\),其他",test:x$/);
    expect(lines[4]).toMatch(/,演示赠送,金币,金币,12,12,演示金币,member:\d+$/);
    expect(lines[5]).toBe('');
    await expectLedgerOk();
  });

  it('applies the same filter as the list; refuses bad filters', async () => {
    const s = await memberClient(ctx, { cardtype: 'workshop' });
    await tx((t) => demoCoins(t, s.id, 40));
    await tx((t) => quoteFee(t, { quoteId: 3001, supplierId: s.id, coins: 2, orders: 'Q1' }));
    await cashIn(s.id, 300);
    for (const q of [
      {},
      { type: 'quote_fee' },
      { account: 'cash' },
      { account: 'coins', to: '2099-01-01' },
    ]) {
      const l = await list(s.c, { ...q, pageSize: 50 });
      const csv = (await exportCsv(s.c, q as Record<string, string>)).rawPayload.toString('utf8');
      const ids = csv
        .split('\r\n')
        .slice(1, -1)
        .map((line) => Number(line.split(',')[0]));
      expect(ids).toEqual(l.body.data.listItem.map((x) => x.id));
    }
    const bad = await exportCsv(s.c, { from: '2026-05-02', to: '2026-05-01' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.fields.to).toBe('结束日期不能早于开始日期');
    expect((await exportCsv(s.c, { type: 'drop table' })).statusCode).toBe(400);
  });

  it('streams 5,000 rows in batches, each with the running balance', async () => {
    const s = await memberClient(ctx, { cardtype: 'workshop' });
    await generatePostings((t) => rows(ctx, sql.raw(t)), { memberId: s.id, count: 5000 });
    await expectLedgerOk();
    // the service reads in batches per account (never all rows in one query), merged newest first
    const batches: number[] = [];
    const ids: number[] = [];
    for await (const b of exportItems(
      ctx.database.db,
      s.id,
      { type: '', account: '', from: '', to: '' },
      1000,
    )) {
      batches.push(b.length);
      ids.push(...b.map((x) => x.id));
    }
    expect(batches.length).toBeGreaterThanOrEqual(5);
    expect(Math.max(...batches)).toBeLessThanOrEqual(1000);
    expect(ids).toHaveLength(5000);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(5000);
    const res = await exportCsv(s.c);
    const lines = res.rawPayload.toString('utf8').slice(1).split('\r\n');
    expect(lines).toHaveLength(5002);
    const deep = await list(s.c, { page: 100, pageSize: 50 });
    expect(deep.body.data.total).toBe(5000);
    expect(deep.body.data.listItem).toHaveLength(50);
    // one account without a filter pages by posting number: the same rows as the general path
    for (const page of [1, 37, 75]) {
      const bySeq = await list(s.c, { account: 'coins', page, pageSize: 50 });
      const general = await list(s.c, { account: 'coins', page, pageSize: 50, to: '2099-12-31' });
      expect(bySeq.body.data.total).toBe(3750);
      expect(general.body.data.total).toBe(3750);
      expect(bySeq.body.data.listItem).toEqual(general.body.data.listItem);
      expect(bySeq.body.data.listItem).toHaveLength(50);
    }
    expect((await list(s.c, { account: 'coins', page: 76, pageSize: 50 })).body.data.listItem).toEqual([]);
    // several accounts, deep: found by a search over posting numbers, the same rows again
    for (const [page, pageSize] of [
      [11, 50],
      [37, 50],
      [100, 50],
      [251, 20],
      [333, 15],
    ] as const) {
      const deep = await list(s.c, { page, pageSize });
      const general = await list(s.c, { page, pageSize, to: '2099-12-31' });
      expect(deep.body.data.total).toBe(5000);
      expect(deep.body.data.listItem.map((x) => x.id)).toEqual(general.body.data.listItem.map((x) => x.id));
      expect(deep.body.data.listItem).toEqual(general.body.data.listItem);
    }
    expect((await list(s.c, { page: 101, pageSize: 50 })).body.data.listItem).toEqual([]);
    const coinsOnly = await list(s.c, { account: 'coins', pageSize: 1 });
    const [acc] = await rows<{ balance: string }>(
      ctx,
      sql`select balance from ledger_accounts where member_id = ${s.id} and kind = 'member_coins'`,
    );
    expect(coinsOnly.body.data.listItem[0]!.balance).toBe(Number(acc!.balance));
  });

  it('formats cells', () => {
    expect(yuan(0)).toBe('0.00');
    expect(yuan(5)).toBe('0.05');
    expect(yuan(-123_456)).toBe('-1234.56');
    for (const bad of ['=1+1', '+1', '-1', '@a', '\tx', '\rx'])
      expect(textCell(bad).replace(/^"/, '')[0]).toBe("'");
    expect(textCell('普通,文字')).toBe('"普通,文字"');
    expect(textCell('a"b')).toBe('"a""b"');
    expect(
      csvRow({
        id: 1,
        created: '2026-01-01 08:00:00',
        type: 'x',
        typeText: '其他',
        account: 'coins',
        currency: 'COIN',
        amount: -3,
        balance: 0,
        memo: '',
        refType: '',
        refId: '',
      }),
    ).toBe('1,2026-01-01 08:00:00,其他,金币,金币,-3,0,,\r\n');
  });
});

describe('Bills/monthly', () => {
  it('sums in and out per Asia/Shanghai month, empty months as 0, own transfers not counted', async () => {
    const s = await memberClient(ctx, { cardtype: 'workshop' });
    const now = new Date();
    const months = lastMonths(3, now);
    const midMonth = (ym: string) => `${ym}-15T04:00:00Z`;
    const a = await cashIn(s.id, 10_000);
    await backdate(a.id, midMonth(months[0]!));
    const b = await postTest({
      type: 'demo_cash',
      postings: [
        { account: { kind: 'member_cash', memberId: s.id }, amount: -2500, currency: 'CNY' },
        { account: { kind: 'payment_clearing' }, amount: 2500, currency: 'CNY' },
      ],
    });
    await backdate(b.id, midMonth(months[0]!));
    // cash → frozen (a withdrawal request): neither in nor out
    const c = await postTest({
      type: 'demo_cash',
      postings: [
        { account: { kind: 'member_cash', memberId: s.id }, amount: -1000, currency: 'CNY' },
        { account: { kind: 'member_frozen', memberId: s.id }, amount: 1000, currency: 'CNY' },
      ],
    });
    await backdate(c.id, midMonth(months[2]!));
    const d = await tx((t) => demoCoins(t, s.id, 30));
    await tx((t) => quoteFee(t, { quoteId: 4001, supplierId: s.id, coins: 4, orders: 'M' }));
    await backdate(d.id, midMonth(months[2]!));
    const cny = await s.c.post<{
      currency: string;
      listItem: Array<{ month: string; in: number; out: number }>;
    }>('Bills/monthly', { months: 3, currency: 'CNY' });
    expectOk(cny);
    expect(cny.body.data).toEqual({
      currency: 'CNY',
      listItem: [
        { month: months[0], in: 10_000, out: 2500 },
        { month: months[1], in: 0, out: 0 },
        { month: months[2], in: 0, out: 0 },
      ],
    });
    const coin = await monthly(ctx.database.db, s.id, { months: 3, currency: 'COIN' }, now);
    expect(coin.listItem[2]).toEqual({ month: months[2], in: 30, out: 4 });
    expect((await s.c.post<{ listItem: unknown[] }>('Bills/monthly', {})).body.data.listItem).toHaveLength(
      12,
    );
    expectFields(await s.c.post('Bills/monthly', { months: 25 }), ['months']);
    expectFields(await s.c.post('Bills/monthly', { months: 0 }), ['months']);
    expectFields(await s.c.post('Bills/monthly', { currency: 'USD' }), ['currency']);
    await expectLedgerOk();
  });

  it('counts months in Asia/Shanghai', () => {
    // 2026-01-31 20:00Z is already 2026-02-01 in Shanghai
    expect(lastMonths(3, new Date('2026-01-31T20:00:00Z'))).toEqual(['2025-12', '2026-01', '2026-02']);
    expect(lastMonths(1, new Date('2026-01-31T15:59:59Z'))).toEqual(['2026-01']);
  });
});
