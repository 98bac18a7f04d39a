import { createHash, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { PGlite } from '@electric-sql/pglite';
import type { DbOrTx } from '../../db/client.ts';
import { migrationsFolder } from '../../db/migrate.ts';
import { verifyLedger } from '../ledger/ledger.service.ts';
import { lastMigrationWhen, rowCounts } from './backup.repo.ts';

/** The money tables whose row counts a backup's manifest records (docs/operations.md § Backup and restore). */
export const MONEY_TABLES = [
  'ledger_accounts',
  'ledger_transactions',
  'ledger_postings',
  'payment_orders',
  'payment_refunds',
  'withdrawals',
  'project_stages',
] as const;

export const MANIFEST = 'manifest.json';
export const PGLITE_ARCHIVE = 'database.pglite.tar.gz';
export const PG_ARCHIVE = 'database.pgdump';
export const UPLOADS_DIR = 'uploads';
/** the token file in DATA_DIR a local backup command shows the running server (ADR 0016) */
export const BACKUP_TOKEN_FILE = 'backup.token';
export const BACKUP_PATH = '/internal/backup';

export interface SnapshotFacts {
  /** the latest applied migration's tag (apps/server/drizzle), null on an empty database */
  migration: string | null;
  rowCounts: Record<string, number>;
  ledger: { ok: boolean; report: unknown };
}

export interface Manifest extends SnapshotFacts {
  format: 1;
  createdAt: string;
  database: { kind: 'pglite' | 'postgres'; file: string; via?: 'server' | 'direct' };
  uploads:
    | { kind: 'local'; dir: string; count: number }
    | { kind: 's3'; bucket: string; prefix: string; count: number; keys: string[] };
  /** sha256 of every file of the backup but the manifest itself, by path relative to it */
  checksums: Record<string, string>;
  elapsedMs: number;
}

/** The migration level, the money tables' row counts and the ledger check, all from one snapshot. */
export async function snapshotFacts(db: DbOrTx): Promise<SnapshotFacts> {
  const counts = await rowCounts(db, MONEY_TABLES);
  const last = await lastMigrationWhen(db);
  const report = await verifyLedger(db);
  return {
    migration: last === null ? null : migrationTag(last),
    rowCounts: counts,
    ledger: { ok: report.ok, report },
  };
}

/** drizzle records a migration's journal `when`; the tag is what people read. */
function migrationTag(when: number): string {
  const journal = JSON.parse(
    fs.readFileSync(path.join(migrationsFolder(), 'meta/_journal.json'), 'utf8'),
  ) as {
    entries: Array<{ when: number; tag: string }>;
  };
  return journal.entries.find((e) => e.when === when)?.tag ?? `unknown (${when})`;
}

/**
 * A consistent copy of an open PGlite database: taken while no transaction and no query runs
 * (PGlite's own locks), after a checkpoint so the archive needs no WAL replay. gzip'd tar.
 */
export async function dumpPglite(client: PGlite): Promise<Buffer> {
  // fewer WAL records to replay on restore; takes PGlite's locks itself
  await client.exec('checkpoint');
  // PGlite's transaction lock (taken around every transaction and exec) and then its query lock
  // (dumpDataDir's own): no transaction is half done in the copy. Not public API: without it,
  // the query lock alone (a crash-consistent copy, WAL replayed on open).
  const inner = client as unknown as {
    _runExclusiveTransaction?: (fn: () => Promise<Blob>) => Promise<Blob>;
  };
  const dump = () => client.dumpDataDir('none');
  const tar =
    typeof inner._runExclusiveTransaction === 'function'
      ? await inner._runExclusiveTransaction.call(client, dump)
      : await dump();
  return gzipSync(new Uint8Array(await tar.arrayBuffer()), { level: 6 });
}

export function sha256File(file: string): string {
  return createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

/** Every regular file under `root`, relative paths with '/', sorted. */
export function listFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    for (const e of entries) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile()) out.push(path.relative(root, p).split(path.sep).join('/'));
    }
  };
  walk(root);
  return out.sort();
}

/** Reads the token a running server wrote into DATA_DIR; null when there is none. */
export function readBackupToken(dataDir: string): string | null {
  try {
    return fs.readFileSync(path.join(dataDir, BACKUP_TOKEN_FILE), 'utf8').trim() || null;
  } catch {
    return null;
  }
}

export function tokensEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
