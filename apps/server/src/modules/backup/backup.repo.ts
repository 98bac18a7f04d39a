import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { type DbOrTx, queryRows } from '../../db/client.ts';

/** The statements of a backup and a restore (docs/operations.md § Backup and restore, ADR 0016). */

/** Row counts of `tables` (names from the code's own list, never from input). */
export async function rowCounts(db: DbOrTx, tables: readonly string[]): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of tables) {
    const [row] = await queryRows<{ n: string | number }>(db, sql.raw(`select count(*) as n from ${t}`));
    out[t] = Number(row?.n ?? 0);
  }
  return out;
}

/** drizzle's `created_at` (the journal's `when`) of the latest applied migration, or null. */
export async function lastMigrationWhen(db: DbOrTx): Promise<number | null> {
  const [last] = await queryRows<{ created_at: string | number }>(
    db,
    sql.raw('select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1'),
  );
  return last ? Number(last.created_at) : null;
}

/** Opens a read-only repeatable-read transaction and exports its snapshot for pg_dump. */
export async function beginExportedSnapshot(client: pg.Client): Promise<string> {
  await client.query('begin isolation level repeatable read read only');
  const { rows } = await client.query<{ snap: string }>('select pg_export_snapshot() as snap');
  return rows[0]!.snap;
}

export async function commit(client: pg.Client): Promise<void> {
  await client.query('commit');
}

/** How many tables the database holds outside the system schemas (a restore wants none). */
export async function userTableCount(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ n: string }>(
    "select count(*) as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
  );
  return Number(rows[0]!.n);
}

/** `restore --force`: drops every schema but the system's and makes an empty `public`. */
export async function dropUserSchemas(client: pg.Client): Promise<void> {
  const schemas = await client.query<{ name: string }>(
    "select nspname as name from pg_namespace where nspname not like 'pg\\_%' and nspname <> 'information_schema'",
  );
  for (const { name } of schemas.rows)
    await client.query(`drop schema ${client.escapeIdentifier(name)} cascade`);
  await client.query('create schema public');
}
