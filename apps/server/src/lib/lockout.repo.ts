import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../db/client.ts';
import type { Param } from '../db/named-statement.ts';

/**
 * Password lockout of a member or an operator (`failed_logins`, `locked_until` on its row), made
 * safe against parallel guesses: a try is reserved on the row BEFORE the password is verified
 * (docs/members.md, "Login limits").
 *
 *   reserve  → one conditional `UPDATE … RETURNING`: counts the try only while the row is not
 *              locked and fewer than `maxFailures` tries are on record (an expired lock starts a
 *              new count); locked → refuse without verifying.
 *   failure  → the reserved try stays counted; the row locks once `maxFailures` are on record.
 *   success  → the count starts over, unless a parallel failure locked the row meanwhile: then the
 *              right password is refused too and the lock stays.
 */
export type LockoutTable = 'members' | 'admins' | 'member_paycode';

/**
 * Where a lock is kept: the login's `failed_logins`, `locked_until`, `tries_at` of members and
 * admins, or the pay password's own three columns on the member row (withdrawals,
 * docs/withdrawals.md), so a pay-password lock never locks the login and the other way round.
 */
const COLUMNS: Record<LockoutTable, { table: string; failed: string; until: string; at: string }> = {
  members: { table: 'members', failed: 'failed_logins', until: 'locked_until', at: 'tries_at' },
  admins: { table: 'admins', failed: 'failed_logins', until: 'locked_until', at: 'tries_at' },
  member_paycode: { table: 'members', failed: 'pay_failed', until: 'pay_locked_until', at: 'pay_tries_at' },
};

function target(t: LockoutTable) {
  const c = COLUMNS[t];
  return {
    table: sql.identifier(c.table),
    failed: sql.identifier(c.failed),
    until: sql.identifier(c.until),
    at: sql.identifier(c.at),
  };
}

/** How long a try waits while every remaining try is being checked by parallel requests. */
const BUSY_WAIT_MS = 3000;
const BUSY_POLL_MS = 20;
/** No check takes this long: tries reserved longer ago by a process that died count as failures. */
const STALE_TRY_SECONDS = 60;

/**
 * Reserves a try. Answers the number of tries on record including this one; 'locked': refuse
 * without verifying. When the row is not locked but every remaining try is taken by requests
 * still being checked, this waits for them (a burst of right passwords, e.g. one account logged
 * in from several tabs, is not refused): a wrong one among them locks the row, a right one starts
 * the count over. 'busy': still undecided after a few seconds.
 *
 * Tries whose outcome never came (the process died between reserve and verdict) count as
 * failures: with `maxFailures` of them on record and no lock, the row is refused ('locked') once
 * the latest is a minute old, and starts over `lockMinutes` after it, like an expired lock.
 */
export async function reserveTry(
  db: DbOrTx,
  t: LockoutTable,
  id: number,
  maxFailures: number,
  lockMinutes: number,
): Promise<number | 'locked' | 'busy'> {
  const deadline = Date.now() + BUSY_WAIT_MS;
  const { table, failed, until, at } = target(t);
  for (;;) {
    const rows = await queryRows<{ failed: number }>(
      db,
      reserveTryUpdate(t, sql`id = ${id}`, maxFailures, lockMinutes, sql`${failed} as failed`),
    );
    if (rows[0]) return Number(rows[0].failed);
    // No time on record is not stale: the verdict of the tries being checked can land between
    // the attempt above and this look (a right password clears the time), and then the next
    // attempt succeeds. Calling that stale refused a right password as locked.
    const state = await queryRows<{ locked: boolean; stale: boolean }>(
      db,
      sql`select coalesce(${until} > now(), false) as locked,
            coalesce(${at} <= now() - make_interval(secs => ${STALE_TRY_SECONDS}), false) as stale
          from ${table} where id = ${id}`,
    );
    if (!state[0] || state[0].locked || state[0].stale) return 'locked';
    if (Date.now() >= deadline) return 'busy';
    await new Promise((resolve) => setTimeout(resolve, BUSY_POLL_MS));
  }
}

/**
 * `reserveTry`'s one attempt as a statement: `update … returning <returning>` on the rows `where`
 * selects, counting the try only where the rules allow it (no row comes back otherwise). For a repo
 * that reserves the try inside a larger statement (modules/user/login.repo.ts).
 */
export function reserveTryUpdate(
  t: LockoutTable,
  where: SQL,
  maxFailures: Param<number>,
  lockMinutes: Param<number>,
  returning: SQL,
): SQL {
  const { table, failed, until, at } = target(t);
  return sql`
      update ${table} set
        ${failed} = case
          when ${until} <= now() or (${until} is null and ${failed} >= ${maxFailures})
          then 1 else ${failed} + 1 end,
        ${until} = case when ${until} <= now() then null else ${until} end,
        ${at} = now()
      where ${where}
        and (${until} <= now()
          or (${until} is null and (${failed} < ${maxFailures}
            or ${at} is null or ${at} <= now() - make_interval(mins => ${lockMinutes}))))
      returning ${returning}`;
}

/** A reserved try failed: it stays counted; the `maxFailures`-th on record locks the row. */
export async function recordFailure(
  db: DbOrTx,
  t: LockoutTable,
  id: number,
  maxFailures: number,
  lockMinutes: number,
): Promise<{ locked: boolean; left: number }> {
  const { table, failed, until } = target(t);
  const rows = await queryRows<{ failed: number; locked: boolean }>(
    db,
    sql`
    update ${table} set
      ${until} = case
        when (${until} is null or ${until} <= now()) and ${failed} >= ${maxFailures}
        then now() + make_interval(mins => ${lockMinutes}) else ${until} end
    where id = ${id}
    returning ${failed} as failed, coalesce(${until} > now(), false) as locked`,
  );
  const row = rows[0];
  const locked = Boolean(row?.locked);
  return { locked, left: locked ? 0 : Math.max(1, maxFailures - Number(row?.failed ?? 0)) };
}

/** A reserved try succeeded: the count starts over. False: the row is locked, refuse the login. */
export async function recordSuccess(db: DbOrTx, t: LockoutTable, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(db, recordSuccessUpdate(t, id));
  return rows.length > 0;
}

/**
 * `recordSuccess`'s statement (`returning id`; no row: locked), for use inside a larger statement;
 * `also`: a further condition (e.g. one that makes another CTE run first).
 */
export function recordSuccessUpdate(t: LockoutTable, id: Param<number>, also: SQL = sql`true`): SQL {
  const { table, failed, until } = target(t);
  return sql`
    update ${table} set ${failed} = 0, ${until} = null
    where id = ${id} and (${until} is null or ${until} <= now()) and ${also}
    returning id`;
}
