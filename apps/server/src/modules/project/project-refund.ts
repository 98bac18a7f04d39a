import type { Tx } from '../../db/client.ts';
import { lockForQuoteRefunds, quoteRefund } from '../ledger/movements.ts';
import { closeQuote, lockPendingQuotes } from './project.repo.ts';

/**
 * Gives every pending bidder of a closed project their coins back (docs/marketplace.md): the
 * reverse of the quote fee, once per quote (key `refund:<quoteId>`), and the quote becomes 3
 * (closed). Call it in the transaction that closed the project, under its row lock; running it
 * twice refunds nothing twice. Answers how many quotes were refunded now.
 */
export async function refundBidders(tx: Tx, projectId: number): Promise<number> {
  const pending = await lockPendingQuotes(tx, projectId);
  // all the bidders' accounts at once, not one refund's at a time (docs/payments.md "Lock order")
  await lockForQuoteRefunds(
    tx,
    pending.filter((q) => q.coinsPaid > 0).map((q) => q.supplierId),
  );
  let refunded = 0;
  for (const q of pending) {
    if (q.coinsPaid > 0) {
      const r = await quoteRefund(tx, { quoteId: q.id, supplierId: q.supplierId, coins: q.coinsPaid });
      if (!r.duplicate) refunded++;
    }
    await closeQuote(tx, q.id);
  }
  return refunded;
}
