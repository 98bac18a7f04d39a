import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { postTransaction, verifyLedger } from '../src/modules/ledger/ledger.service.ts';
import { demoCoins, quoteFee, quoteRefund } from '../src/modules/ledger/movements.ts';
import { rows } from './helpers.ts';
import { useTestApp } from './member-fixtures.ts';
import { memberClient } from './projectcenter-fixtures.ts';

const ctx = useTestApp();

/** The hand-written block of migration 0007 (backfill of balance_after, seq, type, posting_count). */
function backfillStatements(): string[] {
  const file = path.resolve(import.meta.dirname, '../drizzle/0007_money.sql');
  const text = fs.readFileSync(file, 'utf8');
  const start = text.indexOf('\n', text.indexOf('==== HAND-WRITTEN'));
  const block = text.slice(start, text.indexOf('-- ==== END HAND-WRITTEN'));
  return block
    .split('--> statement-breakpoint')
    .map((s) =>
      s
        .split('\n')
        .filter((l) => !l.trim().startsWith('--'))
        .join('\n')
        .trim(),
    )
    .filter(Boolean);
}

describe('migration 0007 backfill', () => {
  it('gives postings made before it their type, number and running balance, and accounts their count', async () => {
    const a = await memberClient(ctx, { cardtype: 'workshop' });
    const b = await memberClient(ctx, { cardtype: 'workshop' });
    const db = ctx.database.db;
    await db.transaction((tx) => demoCoins(tx, a.id, 40));
    await db.transaction((tx) => demoCoins(tx, b.id, 7));
    await db.transaction((tx) => quoteFee(tx, { quoteId: 1, supplierId: a.id, coins: 9, orders: 'X' }));
    await db.transaction((tx) => quoteRefund(tx, { quoteId: 1, supplierId: a.id, coins: 9 }));
    await db.transaction((tx) =>
      postTransaction(tx, {
        type: 'demo_cash',
        postings: [
          { account: { kind: 'payment_clearing' }, amount: -500, currency: 'CNY' },
          { account: { kind: 'member_cash', memberId: a.id }, amount: 300, currency: 'CNY' },
          { account: { kind: 'member_cash', memberId: a.id }, amount: 200, currency: 'CNY' },
        ],
      }),
    );
    const before = await rows(ctx, sql`select id, balance_after, seq, type from ledger_postings order by id`);
    const counts = await rows(ctx, sql`select id, posting_count from ledger_accounts order by id`);
    // the ledger as it was before 0007: no such values yet
    await db.execute(sql`alter table ledger_postings alter column balance_after drop not null,
      alter column seq drop not null, alter column type drop not null`);
    await db.execute(sql`update ledger_postings set balance_after = null, seq = null, type = null`);
    await db.execute(sql`update ledger_accounts set posting_count = 0`);
    const statements = backfillStatements();
    expect(statements.length).toBe(6);
    for (const s of statements) await db.execute(sql.raw(s));
    expect(
      await rows(ctx, sql`select id, balance_after, seq, type from ledger_postings order by id`),
    ).toEqual(before);
    expect(await rows(ctx, sql`select id, posting_count from ledger_accounts order by id`)).toEqual(counts);
    const report = await verifyLedger(db);
    expect(report.runningBalanceMismatches).toEqual([]);
    expect(report.ok).toBe(true);
  });
});
