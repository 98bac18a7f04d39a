import type { members } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/lib/crypto.ts';
import { demoCash } from '../src/modules/ledger/movements.ts';
import type { TestContext } from './helpers.ts';
import { type Member, memberClient } from './projectcenter-fixtures.ts';

/** The pay password of the members made here. */
export const PAYPWD = '135790';
let paycodeHash: Promise<string> | undefined;

/**
 * A member verified as 张三 with a pay password, an Alipay payout account in that name and `cash`
 * 分 (the demo_cash movement).
 */
export async function cashMember(
  ctx: TestContext,
  cash: number,
  values: Partial<typeof members.$inferInsert> = {},
): Promise<Member> {
  paycodeHash ??= hashPassword(PAYPWD);
  const m = await memberClient(ctx, {
    cardtype: 'workshop',
    paycodeHash: await paycodeHash,
    personauth: 1,
    realname: '张三',
    payoutType: 'alipay',
    payoutAccount: '13800138000',
    payoutName: '张三',
    ...values,
  });
  if (cash > 0) await ctx.database.db.transaction((tx) => demoCash(tx, m.id, cash));
  return m;
}
