import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { members } from '../../db/schema/index.ts';
import { postTransaction } from './ledger.service.ts';

/**
 * A supplier's first approved verification (personal or business) brings `amount` coins from
 * the coin issuer, once per member (key `starter:<memberId>`): a second approval, a re-review or
 * a retry posts nothing. Customers do not quote, so they get none.
 */
export async function grantStarterCoins(tx: Tx, memberId: number, amount: number): Promise<boolean> {
  if (amount <= 0) return false;
  const [m] = await tx.select({ cardtype: members.cardtype }).from(members).where(eq(members.id, memberId));
  if (m?.cardtype !== 'workshop') return false;
  const r = await postTransaction(tx, {
    type: 'starter_coins',
    memo: '认证通过赠送金币',
    refType: 'member',
    refId: memberId,
    idempotencyKey: `starter:${memberId}`,
    postings: [
      { account: { kind: 'platform_coins' }, amount: -amount, currency: 'COIN' },
      { account: { kind: 'member_coins', memberId }, amount, currency: 'COIN' },
    ],
  });
  return !r.duplicate;
}
