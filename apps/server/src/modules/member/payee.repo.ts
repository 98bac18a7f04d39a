import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { members } from '../../db/schema/index.ts';

/**
 * Who may receive a member's withdrawals (docs/withdrawals.md "The payee"): Alipay and the banks
 * pay only an account whose holder is the name given, so the payee is the member's verified real
 * name (an approved personal verification) or verified company name (an approved business
 * verification), nothing else.
 */
// Written out qualified: a drizzle column inside a subquery renders unqualified and would name
// the subquery's own table.
export const verifiedRealnameSql = sql<string>`case when "members"."personauth" = 1 then "members"."realname" else '' end`;
export const verifiedCompanySql = sql<string>`case when "members"."businsauth" = 1 then coalesce((
    select b.btitle from business_auths b
    where b.member_id = "members"."id" and b.checked = 1
    order by b.id desc limit 1), '') else '' end`;

/** The verified names, real name first; empty when neither verification is approved. */
export function payeeNames(v: { realname: string; company: string }): string[] {
  return [v.realname, v.company].filter((n) => n !== '');
}

export async function verifiedPayees(db: DbOrTx, memberId: number): Promise<string[]> {
  const [row] = await db
    .select({ realname: verifiedRealnameSql, company: verifiedCompanySql })
    .from(members)
    .where(eq(members.id, memberId));
  return row ? payeeNames(row) : [];
}
