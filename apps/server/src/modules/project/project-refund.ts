import { QUOTE_STATUS } from '@zl/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { quotes } from '../../db/schema/index.ts';
import { quoteRefund } from '../ledger/movements.ts';

/**
 * Gives every pending bidder of a closed project their coins back (docs/marketplace.md): the
 * reverse of the quote fee, once per quote (key `refund:<quoteId>`), and the quote becomes 3
 * (closed). Call it in the transaction that closed the project, under its row lock; running it
 * twice refunds nothing twice. Answers how many quotes were refunded now.
 */
export async function refundBidders(tx: Tx, projectId: number): Promise<number> {
  const pending = await tx
    .select({ id: quotes.id, supplierId: quotes.supplierId, coinsPaid: quotes.coinsPaid })
    .from(quotes)
    .where(and(eq(quotes.projectId, projectId), eq(quotes.status, QUOTE_STATUS.PENDING)))
    .orderBy(asc(quotes.id))
    .for('update');
  let refunded = 0;
  for (const q of pending) {
    if (q.coinsPaid > 0) {
      const r = await quoteRefund(tx, { quoteId: q.id, supplierId: q.supplierId, coins: q.coinsPaid });
      if (!r.duplicate) refunded++;
    }
    await tx
      .update(quotes)
      .set({ status: QUOTE_STATUS.CLOSED, updatedAt: sql`now()` })
      .where(eq(quotes.id, q.id));
  }
  return refunded;
}
