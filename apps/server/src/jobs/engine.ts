import { type Db as EngineDb, fromPglite, PgBoss } from 'pg-boss';
import type { Database } from '../db/client.ts';

/**
 * The job engine (docs/adr/0011-job-engine.md): pg-boss on the app's own database — PGlite
 * through its single embedded connection, the PostgreSQL server through the app's pool — in the
 * schema `pgboss` it installs and migrates itself on start.
 */

/** Where a timed job's run lands after its last retry failed: kept for an operator (ADR 0011). */
export const DEAD_LETTER_QUEUE = 'jobs-dead';

export interface EngineSettings {
  /** how often each process's worker asks for a due job of a queue (pg-boss `pollingIntervalSeconds`) */
  pollingIntervalSeconds: number;
  /** how often the schedules are evaluated (pg-boss `cronMonitorIntervalSeconds`, `cronWorkerIntervalSeconds`) */
  cronMonitorIntervalSeconds: number;
  cronWorkerIntervalSeconds: number;
  /** a failed run is retried this many times, after `retryDelaySeconds` doubling (up to 10 min) */
  retryLimit: number;
  retryDelaySeconds: number;
}

export const DEFAULT_ENGINE: EngineSettings = {
  pollingIntervalSeconds: 5,
  cronMonitorIntervalSeconds: 30,
  cronWorkerIntervalSeconds: 5,
  retryLimit: 3,
  retryDelaySeconds: 30,
};

/** pg-boss's statements through the app's pool: no second pool per process. */
function fromPool(pool: NonNullable<Database['pool']>): EngineDb {
  return {
    async executeSql(text, values) {
      // a statement block without parameters (schema install) answers one result per statement
      const res = (await pool.query(text, values)) as unknown as
        | { rows: unknown[] }
        | Array<{ rows: unknown[] }>;
      return Array.isArray(res) ? { rows: res.flatMap((r) => r.rows ?? []) } : res;
    },
  };
}

/** A pg-boss instance on `database` (not started); null when the database offers no way in. */
export function createEngine(database: Database, settings: EngineSettings): PgBoss | null {
  const common = {
    schedule: true,
    supervise: true,
    cronMonitorIntervalSeconds: settings.cronMonitorIntervalSeconds,
    cronWorkerIntervalSeconds: settings.cronWorkerIntervalSeconds,
  };
  if (database.pool) return new PgBoss({ ...common, db: fromPool(database.pool) });
  if (database.pglite) return new PgBoss({ ...common, db: fromPglite(database.pglite), backend: 'pglite' });
  return null;
}

/** Intervals a cron expression says exactly (divisors of an hour, of a day), in seconds. */
const EXPRESSIBLE = [
  ...[1, 2, 3, 4, 5, 6, 10, 12, 15, 20, 30].map((m) => m * 60),
  ...[1, 2, 3, 4, 6, 8, 12, 24].map((h) => h * 3600),
];

/**
 * The cron expression of "every `intervalMs`": the longest interval a cron expression says exactly
 * that is not longer (90 s → every minute): a timed job is safe to run more often than asked. Null
 * under a minute: pg-boss files a schedule's runs in one-minute slots (its occurrence window), so
 * it makes at most one run a minute — such a job stays on a timer of each process.
 */
export function cronEvery(intervalMs: number): string | null {
  const wanted = Math.round(intervalMs / 1000);
  const s = EXPRESSIBLE.filter((e) => e <= wanted).at(-1);
  if (s === undefined) return null;
  if (s < 3600) return s === 60 ? '* * * * *' : `*/${s / 60} * * * *`;
  if (s === 86_400) return '0 0 * * *';
  return s === 3600 ? '0 * * * *' : `0 */${s / 3600} * * *`;
}
