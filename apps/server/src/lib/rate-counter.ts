import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../db/client.ts';
import type { Param } from '../db/named-statement.ts';

/**
 * Fixed-window counters kept in PostgreSQL, so a limit holds across every server process.
 * `hit` counts one more and returns the count in the current window.
 */
export async function hitCounter(db: DbOrTx, key: string, windowSeconds: number): Promise<number> {
  const rows = await countOne(db, key, windowSeconds);
  return Number(rows[0]?.count ?? 0);
}

/**
 * The one upsert behind `hitCounter` and `reserveCounter`: counts one more in `key`'s window, or
 * starts a new window at 1 when the old one has passed. With `limit`, a window that has not passed
 * counts only while below it (no row comes back when it does not count).
 */
function countOne(db: DbOrTx, key: string, windowSeconds: number, limit?: number) {
  return queryRows<{ count: number }>(db, counterUpsert(key, windowSeconds, limit));
}

/**
 * `countOne`'s statement, `returning count`, for a repo that reserves a place inside a larger
 * statement (a CTE, e.g. modules/user/login.repo.ts; its values may be a named statement's
 * placeholders). With `onlyIf`, nothing is counted unless it holds (e.g. another CTE took its place).
 */
export function counterUpsert(
  key: Param<string>,
  windowSeconds: Param<number>,
  limit?: Param<number>,
  onlyIf?: SQL,
): SQL {
  const passed = sql`rate_counters.window_start <= now() - make_interval(secs => ${windowSeconds})`;
  return sql`
    insert into rate_counters (key, window_start, count)
    select ${key}, now(), 1 ${onlyIf ? sql`where ${onlyIf}` : sql``}
    on conflict (key) do update set
      count = case when ${passed} then 1 else rate_counters.count + 1 end,
      window_start = case when ${passed} then now() else rate_counters.window_start end
    ${limit === undefined ? sql`` : sql`where ${passed} or rate_counters.count < ${limit}`}
    returning count`;
}

/**
 * `releaseCounter`'s work as CTEs for a larger statement: one update per key, each running after
 * the one before it, so the rows are locked in the keys' order — the order `reserveCounter` took
 * them in (address, then pair): two requests never wait on each other in a circle. `after`: a
 * condition that makes a later CTE run after the last of them.
 */
export function counterReleaseSteps(keys: Param<string>[]): { ctes: SQL[]; after: SQL } {
  const ctes: SQL[] = [];
  let after = sql`true`;
  keys.forEach((key, i) => {
    const name = sql.identifier(`release_${i}`);
    ctes.push(sql`${name} as (update rate_counters set count = count - 1
      where key = ${key} and count > 0 and ${after} returning 1)`);
    after = sql`(select count(*) from ${name}) >= 0`;
  });
  return { ctes, after };
}

/**
 * Takes one of `limit` places in the current window, atomically: the count grows only while it is
 * below the limit (or the window has passed), so N parallel callers can never take more than
 * `limit` places between them. Answers the new count, or null when the limit is reached (nothing
 * counted). Used to reserve an attempt BEFORE the costly check it guards; `releaseCounter` gives
 * the place back when the attempt turns out not to count (a successful login).
 */
export async function reserveCounter(
  db: DbOrTx,
  key: string,
  windowSeconds: number,
  limit: number,
): Promise<number | null> {
  const rows = await countOne(db, key, windowSeconds, limit);
  return rows[0] ? Number(rows[0].count) : null;
}

/** Seconds until the current window of `key` ends (at least 1): a refused caller's Retry-After. */
export async function counterRetryAfter(db: DbOrTx, key: string, windowSeconds: number): Promise<number> {
  const rows = await queryRows<{ left: number | null }>(
    db,
    sql`
    select extract(epoch from window_start + make_interval(secs => ${windowSeconds}) - now()) as left
    from rate_counters where key = ${key}`,
  );
  const left = rows[0]?.left;
  return Math.max(1, Math.ceil(left === null || left === undefined ? windowSeconds : Number(left)));
}

/** Gives back places taken by `reserveCounter` (never below zero), in the order they were taken. */
export async function releaseCounter(db: DbOrTx, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  const { ctes, after } = counterReleaseSteps(keys);
  await db.execute(sql`with ${sql.join(ctes, sql`, `)} select ${after} as released`);
}
