import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { members } from '../../db/schema/index.ts';
import { verifiedCompanySql, verifiedRealnameSql } from '../user/party-name.ts';

/**
 * Who may receive a member's withdrawals (docs/withdrawals.md "The payee"): Alipay and the banks
 * pay only an account whose holder is the name given, so the payee is the member's verified real
 * name (an approved personal verification) or verified company name (an approved business
 * verification), nothing else.
 */

/** The verified names, real name first; empty when neither verification is approved. */
export function payeeNames(v: { realname: string; company: string }): string[] {
  return [v.realname, v.company].filter((n) => n !== '');
}

export async function verifiedPayees(db: DbOrTx, memberId: number): Promise<string[]> {
  const [row] = await db
    .select({ realname: verifiedRealnameSql(), company: verifiedCompanySql() })
    .from(members)
    .where(eq(members.id, memberId));
  return row ? payeeNames(row) : [];
}
