import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../db/client.ts';

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
export type LockoutTable = 'members' | 'admins';

const table = (t: LockoutTable) => sql.identifier(t);

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
  for (;;) {
    const rows = await queryRows<{ failed: number }>(
      db,
      sql`
      update ${table(t)} set
        failed_logins = case
          when locked_until <= now() or (locked_until is null and failed_logins >= ${maxFailures})
          then 1 else failed_logins + 1 end,
        locked_until = case when locked_until <= now() then null else locked_until end,
        tries_at = now()
      where id = ${id}
        and (locked_until <= now()
          or (locked_until is null and (failed_logins < ${maxFailures}
            or tries_at is null or tries_at <= now() - make_interval(mins => ${lockMinutes}))))
      returning failed_logins as failed`,
    );
    if (rows[0]) return Number(rows[0].failed);
    const state = await queryRows<{ locked: boolean; stale: boolean }>(
      db,
      sql`select coalesce(locked_until > now(), false) as locked,
            coalesce(tries_at <= now() - make_interval(secs => ${STALE_TRY_SECONDS}), true) as stale
          from ${table(t)} where id = ${id}`,
    );
    if (!state[0] || state[0].locked || state[0].stale) return 'locked';
    if (Date.now() >= deadline) return 'busy';
    await new Promise((resolve) => setTimeout(resolve, BUSY_POLL_MS));
  }
}

/** A reserved try failed: it stays counted; the `maxFailures`-th on record locks the row. */
export async function recordFailure(
  db: DbOrTx,
  t: LockoutTable,
  id: number,
  maxFailures: number,
  lockMinutes: number,
): Promise<{ locked: boolean; left: number }> {
  const rows = await queryRows<{ failed: number; locked: boolean }>(
    db,
    sql`
    update ${table(t)} set
      locked_until = case
        when (locked_until is null or locked_until <= now()) and failed_logins >= ${maxFailures}
        then now() + make_interval(mins => ${lockMinutes}) else locked_until end
    where id = ${id}
    returning failed_logins as failed, coalesce(locked_until > now(), false) as locked`,
  );
  const row = rows[0];
  const locked = Boolean(row?.locked);
  return { locked, left: locked ? 0 : Math.max(1, maxFailures - Number(row?.failed ?? 0)) };
}

/** A reserved try succeeded: the count starts over. False: the row is locked, refuse the login. */
export async function recordSuccess(db: DbOrTx, t: LockoutTable, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`
    update ${table(t)} set failed_logins = 0, locked_until = null
    where id = ${id} and (locked_until is null or locked_until <= now())
    returning id`,
  );
  return rows.length > 0;
}
