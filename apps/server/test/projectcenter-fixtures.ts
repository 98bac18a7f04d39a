import { sql } from 'drizzle-orm';
import type { members } from '../src/db/schema/index.ts';
import { coinBalance, postTransaction } from '../src/modules/ledger/ledger.service.ts';
import { createSession } from '../src/modules/user/session.service.ts';
import { makeMember } from './admin-helpers.ts';
import { Client, rows, type TestContext } from './helpers.ts';

/** Shared by the search, project-detail, favorite, quote and winner tests. */

export interface Member {
  c: Client;
  id: number;
  cardno: string;
  mobile: string;
}

/** A member with a live session made directly (no argon2 login per test member). */
export async function memberClient(
  ctx: TestContext,
  values: Partial<typeof members.$inferInsert> = {},
): Promise<Member> {
  const m = await makeMember(ctx, values);
  const token = await createSession(ctx.database.db, ctx.config, m.id, {
    ip: '127.0.0.1',
    userAgent: 'test',
  });
  const c = new Client(ctx.app);
  c.cookies.set('zl_sid', { value: token, path: '/' });
  return { c, ...m };
}

/** A verified supplier (personal verification approved) holding `coins`. */
export async function verifiedSupplier(ctx: TestContext, coins = 100): Promise<Member> {
  const s = await memberClient(ctx, { cardtype: 'workshop', personauth: 1, realname: '张三' });
  if (coins > 0) await grantCoins(ctx, s.id, coins);
  return s;
}

export async function grantCoins(ctx: TestContext, memberId: number, coins: number): Promise<void> {
  await ctx.database.db.transaction((tx) =>
    postTransaction(tx, {
      type: 'demo_grant',
      postings: [
        { account: { kind: 'platform_coins' }, amount: -coins, currency: 'COIN' },
        { account: { kind: 'member_coins', memberId }, amount: coins, currency: 'COIN' },
      ],
    }),
  );
}

export function coinsOf(ctx: TestContext, memberId: number): Promise<number> {
  return coinBalance(ctx.database.db, memberId);
}

export async function quoteCount(ctx: TestContext, projectId: number): Promise<number> {
  const [r] = await rows<{ n: number }>(
    ctx,
    sql`select count(*)::int as n from quotes where project_id = ${projectId}`,
  );
  return Number(r?.n ?? 0);
}

/** Requirement lists of a test project: two floor items and one reception item. */
export const REQUIREMENTS = {
  dimian: [
    { name: '地台', spec: '木结构', unit: 'm²', qty: 36, remark: '' },
    { name: '地毯', spec: '灰色', unit: 'm²', qty: 36, remark: '' },
  ],
  jiedai: [{ name: '接待台', spec: '烤漆', unit: '个', qty: 1, remark: '' }],
};

/** A priced quote body matching REQUIREMENTS: 36×100 + 36×50 + 1×80000 = 85,400 分. */
export function quoteBody(id: number, extra: Record<string, unknown> = {}) {
  return {
    id,
    lines: {
      dimian: [
        { name: '地台', spec: '', unit: 'm²', qty: 36, price: 100, remark: '' },
        { name: '地毯', spec: '', unit: 'm²', qty: 36, price: 50, remark: '' },
      ],
      jiedai: [{ name: '接待台', spec: '', unit: '个', qty: 1, price: 80_000, remark: '含发光字' }],
    },
    days: 5,
    remark: '三天进场',
    ...extra,
  };
}
