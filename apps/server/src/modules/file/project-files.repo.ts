import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/**
 * True when `fileId` is one of a project's contract files and `memberId` is that project's
 * customer or its winning supplier (docs/delivery-contract.md "Files").
 */
export async function isContractFileOfParty(db: DbOrTx, memberId: number, fileId: string): Promise<boolean> {
  const res = (await db.execute(sql`
    select 1 from projects p
    left join quotes q on q.id = p.winner_quote_id
    where p.contract @> ${JSON.stringify([fileId])}::jsonb
      and (p.customer_id = ${memberId} or q.supplier_id = ${memberId})
    limit 1`)) as unknown as { rows: unknown[] };
  return res.rows.length > 0;
}
