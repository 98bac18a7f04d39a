import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './client.ts';

/** The migrations folder, from the source tree (src/db) or the bundle (dist). */
export function migrationsFolder(): string {
  for (const rel of ['../drizzle', '../../drizzle']) {
    const dir = fileURLToPath(new URL(rel, import.meta.url));
    if (fs.existsSync(`${dir}/meta/_journal.json`)) return dir;
  }
  throw new Error('找不到数据库迁移目录 apps/server/drizzle');
}

// Any constant: the advisory lock that keeps N starting processes from migrating at once.
const MIGRATION_LOCK = 7_320_914;

export async function runMigrations(database: Database): Promise<void> {
  const folder = migrationsFolder();
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: folder });
    return;
  }
  // One client holds a session-level advisory lock while drizzle migrates through it.
  const client = await database.pool!.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migratePg(drizzlePg(client), { migrationsFolder: folder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}
