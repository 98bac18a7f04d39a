import type pg from 'pg';

/**
 * The session-level advisory lock that keeps one job to one process at a time on the PostgreSQL
 * server (docs/adr/0005-transactional-outbox.md): taken and given back on one pool client.
 */
export async function tryJobLock(client: pg.PoolClient, lockKey: number): Promise<boolean> {
  const got = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [lockKey]);
  return Boolean(got.rows[0]?.ok);
}

export async function releaseJobLock(client: pg.PoolClient, lockKey: number): Promise<void> {
  await client.query('select pg_advisory_unlock($1)', [lockKey]);
}
