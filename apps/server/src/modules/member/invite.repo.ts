import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';

/** Invitations (docs/withdrawals.md, "Invitations"): the invite code is the inviter's cardno. */

const num = (v: unknown) => Number(v ?? 0);

/** Invitation coins the inviter received, by the verification that earned them. */
export async function inviteCoinsOf(db: DbOrTx, memberId: number) {
  const [row] = await queryRows<{ person: string; business: string }>(
    db,
    sql`select
          coalesce(sum(p.amount) filter (where t.ref_type = 'invite_person'), 0) as person,
          coalesce(sum(p.amount) filter (where t.ref_type = 'invite_business'), 0) as business
        from ledger_postings p
        join ledger_accounts a on a.id = p.account_id
        join ledger_transactions t on t.id = p.transaction_id
        where a.kind = 'member_coins' and a.member_id = ${memberId} and t.type = 'invite_coins'`,
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
