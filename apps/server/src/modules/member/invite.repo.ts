import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';

/** Invitations (docs/withdrawals.md, "Invitations"): the invite code is the inviter's cardno. */

const num = (v: unknown) => Number(v ?? 0);

/**
 * Invitation coins the inviter received, by the verification that earned them: the member's coin
 * account's `invite_coins` postings by `ledger_postings_account_type_idx` — one per invitee, never
 * the platform's transactions of that type nor the member's other postings (docs/bench/growth.md).
 */
export async function inviteCoinsOf(db: DbOrTx, memberId: number) {
  const [row] = await queryRows<{ person: string; business: string }>(
    db,
    sql`select
          coalesce(sum(p.amount) filter (where t.ref_type = 'invite_person'), 0) as person,
          coalesce(sum(p.amount) filter (where t.ref_type = 'invite_business'), 0) as business
        from ledger_accounts a
        join ledger_postings p on p.account_id = a.id and p.type = 'invite_coins'
        join ledger_transactions t on t.id = p.transaction_id
        where a.kind = 'member_coins' and a.member_id = ${memberId}`,
  );
  return { person: num(row?.person), business: num(row?.business) };
}

/** The inviter of a member (by the invite code `invited_by`), if any. */
export async function inviterOf(db: DbOrTx, memberId: number): Promise<number | undefined> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`select inviter.id from members m join members inviter on inviter.cardno = m.invited_by
        where m.id = ${memberId}`,
  );
  return row ? Number(row.id) : undefined;
}
