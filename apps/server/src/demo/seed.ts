import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { members } from '../db/schema/index.ts';
import { hashPassword } from '../lib/crypto.ts';

export const DEMO_PASSWORD = 'demo1234';
export const DEMO_ACCOUNTS = [
  { cardno: '10000001', mobile: '13800000001', cardtype: 'workshop', nickname: '鼎盛展览工厂' },
  { cardno: '10000002', mobile: '13900000002', cardtype: 'customer', nickname: '华展科技（参展商）' },
] as const;

/** Demo members on an empty database; nothing when members already exist. */
export async function seedDemoData(db: Db): Promise<{ banner: string } | null> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(members);
  if (Number(row?.n ?? 0) > 0) return null;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db
    .insert(members)
    .values(DEMO_ACCOUNTS.map((a) => ({ ...a, passwordHash })))
    .onConflictDoNothing();
  const lines = DEMO_ACCOUNTS.map(
    (a) =>
      `  ${a.cardtype === 'workshop' ? '供应商' : '参展商'}  手机号 ${a.mobile}  密码 ${DEMO_PASSWORD}  （${a.nickname}）`,
  );
  return { banner: ['已创建演示账号：', ...lines].join('\n') };
}
