import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, verifyLedger } from '../src/modules/ledger/ledger.service.ts';
import { freePort } from './free-port.ts';
import { expectError, expectOk, rows } from './helpers.ts';
import { useTestApp } from './member-fixtures.ts';
import { cashMember, PAYPWD } from './withdraw-fixtures.ts';

/**
 * A withdrawal paid through the built-in Alipay sandbox over real HTTP: the same alipay-sdk client
 * signs `alipay.fund.trans.uni.transfer` and verifies the sandbox's signed answer
 * (docs/withdrawals.md, docs/payments.md "The sandbox").
 */
let port = 0;
beforeAll(async () => {
  port = await freePort();
});
const ctx = useTestApp({
  env: () => ({ PORT: String(port), PUBLIC_BASE_URL: `http://127.0.0.1:${port}` }),
  members: { finance: 'finance' },
});
const { finance } = ctx.members;
beforeAll(async () => {
  await ctx.app.listen({ port, host: '127.0.0.1' });
});

const db = () => ctx.database.db;
const statusOf = async (id: number) =>
  (
    await rows<{ status: string; reference: string }>(
      ctx,
      sql`select status, reference from withdrawals where id = ${id}`,
    )
  )[0]!;

describe('withdrawal payouts through the Alipay sandbox', () => {
  it('pays an Alipay payout account; 20 concurrent reviews pay once', async () => {
    const m = await cashMember(ctx, 20_000);
    const r = await m.c.post<{ item: { id: number } }>('Applycash/postNew', {
      amount: 8_800,
      paypwd: PAYPWD,
    });
    expectOk(r);
    const id = r.body.data.item.id;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => finance.c.post('Admin/withdrawReview', { id, approve: true })),
    );
    expect(answers.filter((a) => a.body.success).length).toBe(1);
    const w = await statusOf(id);
    expect(w.status).toBe('paid');
    expect(w.reference).not.toBe('');
    // the sandbox recorded one transfer for W<id>
    const [t] = await rows<{ n: string }>(
      ctx,
      sql`select count(*) as n from alipay_sandbox_requests where kind = 'transfer' and request_key = ${`W${id}`}`,
    );
    expect(Number(t!.n)).toBe(1);
    expect(await balanceOf(db(), { kind: 'member_cash', memberId: m.id }, 'CNY')).toBe(11_200);
    expect(await balanceOf(db(), { kind: 'member_frozen', memberId: m.id }, 'CNY')).toBe(0);
    expect((await verifyLedger(db())).ok).toBe(true);
  });

  it('a payee Alipay refuses: nothing changes, the request stays pending', async () => {
    const m = await cashMember(ctx, 5_000, { payoutAccount: 'fail@sandbox.com' });
    const r = await m.c.post<{ item: { id: number } }>('Applycash/postNew', {
      amount: 1_000,
      paypwd: PAYPWD,
    });
    expectOk(r);
    const id = r.body.data.item.id;
    expectError(
      await finance.c.post('Admin/withdrawReview', { id, approve: true }),
      'WITHDRAW_TRANSFER_FAILED',
    );
    expect((await statusOf(id)).status).toBe('pending');
    expect(await balanceOf(db(), { kind: 'member_frozen', memberId: m.id }, 'CNY')).toBe(1_000);
    expect((await verifyLedger(db())).ok).toBe(true);
  });
});
