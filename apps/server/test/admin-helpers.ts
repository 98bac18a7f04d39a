import type { AdminRole } from '@zl/shared';
import { sql } from 'drizzle-orm';
import { businessAuths, files, members, personAuths } from '../src/db/schema/index.ts';
import { randomToken } from '../src/lib/crypto.ts';
import { upsertAdmin } from '../src/modules/admin/admin-accounts.service.ts';
import { Client, newMobile, rows, type TestContext } from './helpers.ts';

let seq = 0;
export const ADMIN_PASSWORD = 'admin1234';

/** An operator of `role`, created directly (as the CLI does). */
export async function makeAdmin(
  ctx: TestContext,
  role: AdminRole,
  username = `${role}_${++seq}_${process.pid}`,
) {
  const { id } = await upsertAdmin(ctx.database.db, { username, password: ADMIN_PASSWORD, role }, null);
  return { id, username };
}

/** A client logged into the console as a fresh operator of `role`. */
export async function adminClient(ctx: TestContext, role: AdminRole) {
  const admin = await makeAdmin(ctx, role);
  const c = new Client(ctx.app);
  const r = await c.post('Admin/login', { username: admin.username, password: ADMIN_PASSWORD });
  if (!r.body.success) throw new Error(`admin login failed: ${JSON.stringify(r.body)}`);
  return { c, ...admin };
}

/** A member inserted directly (the member calls are not what these tests are about). */
export async function makeMember(
  ctx: TestContext,
  values: Partial<typeof members.$inferInsert> = {},
): Promise<{ id: number; cardno: string; mobile: string }> {
  const mobile = values.mobile ?? newMobile();
  const [m] = await ctx.database.db
    .insert(members)
    .values({
      cardno: String(20_000_000 + Math.floor(Math.random() * 70_000_000)),
      mobile,
      passwordHash: 'x',
      cardtype: 'workshop',
      nickname: `会员${mobile.slice(-4)}`,
      ...values,
    })
    .returning();
  return { id: m!.id, cardno: m!.cardno, mobile: m!.mobile };
}

export async function makeFile(
  ctx: TestContext,
  ownerMemberId: number,
  mime = 'image/jpeg',
): Promise<string> {
  const id = randomToken(16).slice(0, 22);
  await ctx.database.db.insert(files).values({
    id,
    ownerMemberId,
    visibility: 'private',
    purpose: 'idcard',
    mime,
    size: 1000,
    storageKey: `test/${id}`,
  });
  return id;
}

/** A pending personal verification, as Member/personAuth leaves it. */
export async function submitPerson(
  ctx: TestContext,
  memberId: number,
  values: Partial<typeof personAuths.$inferInsert> = {},
) {
  const [row] = await ctx.database.db
    .insert(personAuths)
    .values({
      memberId,
      realname: '张三',
      idcard: '11010519491231002X',
      cardfrt: await makeFile(ctx, memberId),
      cardrvs: await makeFile(ctx, memberId),
      ...values,
    })
    .returning();
  await ctx.database.db.execute(sql`update members set personauth = 0 where id = ${memberId}`);
  return row!;
}

export async function submitBusiness(
  ctx: TestContext,
  memberId: number,
  values: Partial<typeof businessAuths.$inferInsert> = {},
) {
  const [row] = await ctx.database.db
    .insert(businessAuths)
    .values({
      memberId,
      name: '李四',
      mobile: '13800001111',
      cardfrt: await makeFile(ctx, memberId),
      cardrvs: await makeFile(ctx, memberId),
      bstype: '有限责任公司',
      btitle: '上海鼎盛展览工程有限公司',
      bcerts: await makeFile(ctx, memberId, 'application/pdf'),
      bprov: '上海市',
      bcity: '上海市',
      taxorder: '91310000MA1FL8TQ2X',
      bkname: '招商银行上海分行',
      bkorder: '6225880212345678',
      ...values,
    })
    .returning();
  await ctx.database.db.execute(sql`update members set businsauth = 0 where id = ${memberId}`);
  return row!;
}

export async function memberAuth(ctx: TestContext, memberId: number) {
  const [m] = await rows<{ personauth: number; businsauth: number; realname: string; idcard: string }>(
    ctx,
    sql`select personauth, businsauth, realname, idcard from members where id = ${memberId}`,
  );
  return m!;
}

/**
 * A member whose verification the platform approved, as Admin/authReview leaves it: the
 * submission's row checked 1 and the member's flag 1 (the real name copied for a person).
 */
export async function approvedAuth(
  ctx: TestContext,
  memberId: number,
  kind: 'person' | 'business',
  values: Record<string, string> = {},
) {
  if (kind === 'person') {
    const row = await submitPerson(ctx, memberId, values);
    await ctx.database.db.execute(sql`update person_auths set checked = 1 where id = ${row.id}`);
    await ctx.database.db.execute(
      sql`update members set personauth = 1, realname = ${row.realname}, idcard = ${row.idcard} where id = ${memberId}`,
    );
    return row;
  }
  const row = await submitBusiness(ctx, memberId, values);
  await ctx.database.db.execute(sql`update business_auths set checked = 1 where id = ${row.id}`);
  await ctx.database.db.execute(sql`update members set businsauth = 1 where id = ${memberId}`);
  return row;
}
