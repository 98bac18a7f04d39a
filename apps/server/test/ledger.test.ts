import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AppError } from '../src/lib/errors.ts';
import {
  type AccountRef,
  balanceOf,
  postTransaction,
  rebuildMemberMonths,
  type TransactionInput,
  verifyLedger,
} from '../src/modules/ledger/ledger.service.ts';
import { count, rows } from './helpers.ts';
import { useTestApp } from './member-fixtures.ts';

const ctx = useTestApp();

let memberSeq = 1000;
const coins = (memberId: number): AccountRef => ({ kind: 'member_coins', memberId });
const issuer: AccountRef = { kind: 'platform_coins' };
const revenue: AccountRef = { kind: 'platform_revenue' };

function post(input: TransactionInput) {
  return ctx.database.db.transaction((tx) => postTransaction(tx, input));
}

async function grant(memberId: number, amount: number, key?: string) {
  return post({
    type: 'demo_grant',
    ...(key ? { idempotencyKey: key } : {}),
    postings: [
      { account: issuer, amount: -amount, currency: 'COIN' },
      { account: coins(memberId), amount, currency: 'COIN' },
    ],
  });
}

function debit(memberId: number, amount: number, key?: string) {
  return post({
    type: 'quote_fee',
    ...(key ? { idempotencyKey: key } : {}),
    postings: [
      { account: coins(memberId), amount: -amount, currency: 'COIN' },
      { account: revenue, amount, currency: 'COIN' },
    ],
  });
}

async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'ok';
  } catch (err) {
    return err instanceof AppError ? err.code : String(err);
  }
}

describe('postTransaction', () => {
  it('posts a balanced transaction and keeps balances with it', async () => {
    const m = ++memberSeq;
    const before = await balanceOf(ctx.database.db, issuer, 'COIN');
    const r = await grant(m, 10);
    expect(r.duplicate).toBe(false);
    expect(await balanceOf(ctx.database.db, coins(m), 'COIN')).toBe(10);
    expect(await balanceOf(ctx.database.db, issuer, 'COIN')).toBe(before - 10);
    // an account never used reads 0, in either currency
    expect(await balanceOf(ctx.database.db, { kind: 'member_cash', memberId: m }, 'CNY')).toBe(0);
    expect((await verifyLedger(ctx.database.db)).ok).toBe(true);
  });

  it('refuses postings that do not sum to zero per currency, writing nothing', async () => {
    const m = ++memberSeq;
    const txBefore = await count(ctx, 'ledger_transactions');
    const cases: TransactionInput[] = [
      {
        type: 'x',
        postings: [
          { account: issuer, amount: -5, currency: 'COIN' },
          { account: coins(m), amount: 4, currency: 'COIN' },
        ],
      },
      // sums to zero overall, but not per currency
      {
        type: 'x',
        postings: [
          { account: issuer, amount: -5, currency: 'COIN' },
          { account: { kind: 'member_cash', memberId: m }, amount: 5, currency: 'CNY' },
        ],
      },
      { type: 'x', postings: [{ account: issuer, amount: 0, currency: 'COIN' }] },
      {
        type: 'x',
        postings: [
          { account: issuer, amount: -1.5, currency: 'COIN' },
          { account: coins(m), amount: 1.5, currency: 'COIN' },
        ],
      },
      {
        type: 'x',
        postings: [
          { account: issuer, amount: -1, currency: 'COIN' },
          { account: { kind: 'member_coins', memberId: 0 }, amount: 1, currency: 'COIN' },
        ],
      },
    ];
    for (const c of cases) expect(await codeOf(post(c))).toBe('INTERNAL');
    expect(await count(ctx, 'ledger_transactions')).toBe(txBefore);
    expect(await balanceOf(ctx.database.db, coins(m), 'COIN')).toBe(0);
  });

  it('never lets a member or escrow account go below zero (nothing written)', async () => {
    const m = ++memberSeq;
    await grant(m, 3);
    const txBefore = await count(ctx, 'ledger_transactions');
    expect(await codeOf(debit(m, 4))).toBe('INSUFFICIENT_COINS');
    const cash = await codeOf(
      post({
        type: 'withdraw',
        postings: [
          { account: { kind: 'member_cash', memberId: m }, amount: -100, currency: 'CNY' },
          { account: { kind: 'payment_clearing' }, amount: 100, currency: 'CNY' },
        ],
      }),
    );
    expect(cash).toBe('INSUFFICIENT_FUNDS');
    const escrow = await codeOf(
      post({
        type: 'release',
        postings: [
          { account: { kind: 'escrow', projectId: 99 }, amount: -1, currency: 'CNY' },
          { account: { kind: 'member_cash', memberId: m }, amount: 1, currency: 'CNY' },
        ],
      }),
    );
    expect(escrow).toBe('INSUFFICIENT_FUNDS');
    expect(await count(ctx, 'ledger_transactions')).toBe(txBefore);
    expect(await balanceOf(ctx.database.db, coins(m), 'COIN')).toBe(3);
    // exactly the balance is fine
    await debit(m, 3);
    expect(await balanceOf(ctx.database.db, coins(m), 'COIN')).toBe(0);
  });

  it('the check constraint backs the service: no direct write drives a member account negative', async () => {
    const m = ++memberSeq;
    await grant(m, 1);
    await expect(
      ctx.database.db.execute(
        sql`update ledger_accounts set balance = -1 where kind = 'member_coins' and member_id = ${m}`,
      ),
    ).rejects.toThrow();
  });

  it('an idempotency key posts once and answers the first transaction after', async () => {
    const m = ++memberSeq;
    const first = await grant(m, 7, `test-grant:${m}`);
    const again = await grant(m, 7, `test-grant:${m}`);
    expect(again).toEqual({ id: first.id, duplicate: true });
    expect(await balanceOf(ctx.database.db, coins(m), 'COIN')).toBe(7);
    // even when the repeated movement could not be afforded any more, it is just "done already"
    await debit(m, 7, `test-debit:${m}`);
    expect((await debit(m, 7, `test-debit:${m}`)).duplicate).toBe(true);
    expect(await balanceOf(ctx.database.db, coins(m), 'COIN')).toBe(0);
  });

  it('the same key fired concurrently posts exactly once', async () => {
    const m = ++memberSeq;
    const results = await Promise.all(Array.from({ length: 8 }, () => grant(m, 5, `race:${m}`)));
    expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(await balanceOf(ctx.database.db, coins(m), 'COIN')).toBe(5);
  });

  it.each([
    [1, 10, 0],
    [3, 3, 1],
  ])(
    'parallel %i-coin debits never overdraw (10 coins, 20 at once → %i succeed)',
    async (amount, ok, left) => {
      const m = ++memberSeq;
      await grant(m, 10);
      const codes = await Promise.all(Array.from({ length: 20 }, () => codeOf(debit(m, amount))));
      expect(codes.filter((c) => c === 'ok')).toHaveLength(ok);
      expect(codes.filter((c) => c === 'INSUFFICIENT_COINS')).toHaveLength(20 - ok);
      expect(await balanceOf(ctx.database.db, coins(m), 'COIN')).toBe(left);
      const report = await verifyLedger(ctx.database.db);
      expect(report).toMatchObject({ ok: true, balanceMismatches: [], unbalanced: [], overdrawn: [] });
    },
  );

  it('parallel movements crossing the same accounts in opposite directions do not deadlock', async () => {
    const a = ++memberSeq;
    const b = ++memberSeq;
    await grant(a, 50);
    await grant(b, 50);
    const move = (from: number, to: number) =>
      post({
        type: 'transfer',
        postings: [
          { account: coins(from), amount: -1, currency: 'COIN' },
          { account: coins(to), amount: 1, currency: 'COIN' },
        ],
      });
    await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? move(a, b) : move(b, a))));
    expect(
      (await balanceOf(ctx.database.db, coins(a), 'COIN')) +
        (await balanceOf(ctx.database.db, coins(b), 'COIN')),
    ).toBe(100);
    expect((await verifyLedger(ctx.database.db)).ok).toBe(true);
  });
});

describe('verifyLedger', () => {
  it('finds a balance that no longer matches its postings', async () => {
    const m = ++memberSeq;
    await grant(m, 4);
    await ctx.database.db.execute(
      sql`update ledger_accounts set balance = 5 where kind = 'member_coins' and member_id = ${m}`,
    );
    const report = await verifyLedger(ctx.database.db);
    expect(report.ok).toBe(false);
    expect(report.balanceMismatches).toEqual([expect.objectContaining({ balance: 5, postings: 4 })]);
    await ctx.database.db.execute(
      sql`update ledger_accounts set balance = 4 where kind = 'member_coins' and member_id = ${m}`,
    );
    expect((await verifyLedger(ctx.database.db)).ok).toBe(true);
  });

  it('finds a transaction that does not sum to zero', async () => {
    const m = ++memberSeq;
    const { id } = await grant(m, 2);
    await ctx.database.db.execute(
      sql`update ledger_postings set amount = amount + 1 where transaction_id = ${id} and amount > 0`,
    );
    const report = await verifyLedger(ctx.database.db);
    expect(report.unbalanced).toEqual([{ transactionId: id, currency: 'COIN', sum: 1 }]);
    await ctx.database.db.execute(
      sql`update ledger_postings set amount = amount - 1 where transaction_id = ${id} and amount > 0`,
    );
    expect((await verifyLedger(ctx.database.db)).ok).toBe(true);
  });

  it("writes a member's month figures and per-type counters with each posting and finds any that differ from the postings", async () => {
    const m = ++memberSeq;
    await grant(m, 2);
    await grant(m, 3);
    const month = () =>
      rows(
        ctx,
        sql`select currency, type, amount_in::int as "in", amount_out::int as "out"
            from ledger_member_months where member_id = ${m}`,
      );
    const typeCounts = () =>
      rows(
        ctx,
        sql`select t.type, t.postings::int as n from ledger_account_types t
            join ledger_accounts a on a.id = t.account_id where a.member_id = ${m}`,
      );
    // one row for the member's month and type, written in the posting's transaction
    expect(await month()).toEqual([{ currency: 'COIN', type: 'demo_grant', in: 5, out: 0 }]);
    expect(await typeCounts()).toEqual([{ type: 'demo_grant', n: 2 }]);
    expect((await verifyLedger(ctx.database.db)).monthMismatches).toBe(0);
    expect((await verifyLedger(ctx.database.db)).typeCountMismatches).toBe(0);
    await ctx.database.db.execute(sql`update ledger_member_months set amount_in = 6 where member_id = ${m}`);
    const report = await verifyLedger(ctx.database.db);
    expect(report.ok).toBe(false);
    expect(report.monthMismatches).toBe(1);
    // rebuilt from the postings (what the demo data does after moving them in time)
    await rebuildMemberMonths(ctx.database.db, m);
    expect(await month()).toEqual([{ currency: 'COIN', type: 'demo_grant', in: 5, out: 0 }]);
    expect((await verifyLedger(ctx.database.db)).ok).toBe(true);
    // a counter that differs from the postings is found too
    await ctx.database.db.execute(
      sql`update ledger_account_types set postings = 3
          where account_id in (select id from ledger_accounts where member_id = ${m})`,
    );
    expect((await verifyLedger(ctx.database.db)).typeCountMismatches).toBe(1);
    await ctx.database.db.execute(
      sql`update ledger_account_types set postings = 2
          where account_id in (select id from ledger_accounts where member_id = ${m})`,
    );
    expect((await verifyLedger(ctx.database.db)).ok).toBe(true);
  });
});
