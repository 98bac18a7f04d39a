import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { balanceOf } from '../src/modules/ledger/ledger.service.ts';
import { count, expectError, expectOk, rows } from './helpers.ts';
import { useTestApp } from './member-fixtures.ts';
import { cashMember, PAYPWD } from './withdraw-fixtures.ts';

// docs/withdrawals.md "The payee": Alipay pays only the named holder, so the payee is a verified name.
const ctx = useTestApp({ members: { finance: 'finance' }, app: { alipay: null } });
const { finance } = ctx.members;

type Row = { id: number; payoutName: string; verifiedRealname: string; verifiedCompany: string };

describe('the payee of a withdrawal', () => {
  it('an account in a name the member was not verified as (李四 for 王行走) is refused; nothing is frozen', async () => {
    const m = await cashMember(ctx, 500_000, { realname: '王行走', payoutName: '李四' });
    const r = await m.c.post('Applycash/postNew', { amount: 100_000, paypwd: PAYPWD });
    expectError(r, 'PAYOUT_NAME_MISMATCH');
    expect(r.body.errMsg).toContain('账号安全');
    expect(await count(ctx, 'withdrawals', sql`member_id = ${m.id}`)).toBe(0);
    expect(await balanceOf(ctx.database.db, { kind: 'member_cash', memberId: m.id }, 'CNY')).toBe(500_000);
    // nor when the verification is gone (never approved)
    const unverified = await cashMember(ctx, 500_000, { personauth: 3 });
    expectError(
      await unverified.c.post('Applycash/postNew', { amount: 100_000, paypwd: PAYPWD }),
      'PAYOUT_NAME_MISMATCH',
    );
  });

  it('the finance console shows the verified names beside the payee', async () => {
    const m = await cashMember(ctx, 500_000);
    expectOk(await m.c.post('Applycash/postNew', { amount: 100_000, paypwd: PAYPWD }));
    // the member's verification changed after the request: the operator sees it before paying
    await ctx.database.db.execute(sql`update members set realname = '王行走' where id = ${m.id}`);
    const list = await finance.c.post<{ listItem: Row[] }>('Admin/withdrawList', { page: 1, pageSize: 50 });
    expectOk(list);
    const [mine] = await rows<{ id: number }>(ctx, sql`select id from withdrawals where member_id = ${m.id}`);
    const row = list.body.data.listItem.find((i) => i.id === Number(mine!.id));
    expect(row).toMatchObject({ payoutName: '张三', verifiedRealname: '王行走', verifiedCompany: '' });
  });
});
