import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import { expireProjects } from './expire-projects.ts';

/** pg advisory lock key of the expiry round ("zl" 0x7a6c, job 1). */
export const EXPIRE_LOCK_KEY = 0x7a6c_0001;

export interface Jobs {
  /** one expiry round now (what the timer runs); false when another process holds the round */
  runExpiry(): Promise<boolean>;
  /** stops the timer and waits for a round in progress */
  stop(): Promise<void>;
}

/**
 * Scheduled work of a server process, started by server.ts (never by buildApp, so tests and
 * tools stay quiet). On PostgreSQL a round first takes a session advisory lock on a dedicated
 * connection, so of N processes one works a round at a time; the row locks in expireProjects make
 * overlapping rounds safe anyway, the lock only saves the duplicate scanning.
 */
export function startJobs(database: Database, config: Config, log: FastifyBaseLogger): Jobs {
  let running: Promise<boolean> | null = null;

  async function round(): Promise<boolean> {
    const onError = (projectId: number, err: unknown) =>
      log.error({ err, projectId }, 'expire project failed');
    if (!database.pool) {
      const r = await expireProjects(database.db, { onError });
      if (r.expired) log.info(r, 'projects expired');
      return true;
    }
    const client = await database.pool.connect();
    try {
      const got = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [
        EXPIRE_LOCK_KEY,
      ]);
      if (!got.rows[0]?.ok) return false;
      try {
        const r = await expireProjects(database.db, { onError });
        if (r.expired) log.info(r, 'projects expired');
      } finally {
        await client.query('select pg_advisory_unlock($1)', [EXPIRE_LOCK_KEY]);
      }
      return true;
    } finally {
      client.release();
    }
  }

  const runExpiry = () => {
    // A round still running when the timer fires again is not doubled.
    running ??= round().finally(() => {
      running = null;
    });
    return running;
  };

  const timer = config.jobsEnabled
    ? setInterval(() => {
        runExpiry().catch((err) => log.warn({ err }, 'expiry round failed'));
      }, config.expireIntervalMs)
    : null;
  timer?.unref();

  return {
    runExpiry,
    stop: async () => {
      if (timer) clearInterval(timer);
      await running?.catch(() => {});
    },
  };
}
