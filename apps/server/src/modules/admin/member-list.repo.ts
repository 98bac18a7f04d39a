import type { memberListSchema } from '@zl/shared';
import { and, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { members } from '../../db/schema/index.ts';
import { cappedCount, likeEscape } from './audit.repo.ts';

/**
 * Members for the console. Mobile and member number match by prefix (what an operator types from a
 * phone call), names and company anywhere; every value is a bound parameter.
 */
export async function listMembers(db: DbOrTx, q: z.output<typeof memberListSchema>) {
  const where: SQL[] = [];
  if (q.keyword) {
    const k = likeEscape(q.keyword);
    where.push(
      or(
        ilike(members.mobile, `${k}%`),
        ilike(members.cardno, `${k}%`),
        ilike(members.nickname, `%${k}%`),
        ilike(members.realname, `%${k}%`),
        ilike(members.company, `%${k}%`),
      )!,
    );
  }
  if (q.cardtype) where.push(eq(members.cardtype, q.cardtype));
  if (q.personauth !== undefined) where.push(eq(members.personauth, q.personauth));
  if (q.businsauth !== undefined) where.push(eq(members.businsauth, q.businsauth));
  const cond = where.length ? and(...where) : undefined;
  const rows = await db
    .select({
      cardno: members.cardno,
      mobile: members.mobile,
      cardtype: members.cardtype,
      nickname: members.nickname,
      realname: members.realname,
      company: members.company,
      personauth: members.personauth,
      businsauth: members.businsauth,
      createdAt: members.createdAt,
    })
    .from(members)
    .where(cond)
    .orderBy(desc(members.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const total = await cappedCount(db, sql`select 1 from ${members} ${cond ? sql`where ${cond}` : sql``}`);
  return {
    listItem: rows.map(({ createdAt, ...r }) => ({ ...r, registered: createdAt.toISOString() })),
    total,
    page: q.page,
  };
}
