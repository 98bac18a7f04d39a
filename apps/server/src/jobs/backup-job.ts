import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { backup } from '../cli/backup.ts';
import type { Config } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import { MANIFEST } from '../modules/backup/backup.ts';

/**
 * The scheduled backup (docs/operations.md § Backup and restore): `npm run backup`'s work, run by
 * the job engine at BACKUP_CRON in one process, into BACKUP_DIR/zl-backup-<UTC time>/, written
 * under a hidden temporary name and renamed when complete; then the complete backups beyond
 * BACKUP_KEEP, oldest first, are deleted. Nothing else in BACKUP_DIR is touched.
 */

const NAME = /^zl-backup-\d{4}-\d{2}-\d{2}T\d{6}Z$/;
const PARTIAL = /^\.zl-backup-\d{4}-\d{2}-\d{2}T\d{6}Z\.partial$/;

/** `zl-backup-2026-11-28T030000Z`: sorts by time as text. */
export function backupName(at: Date): string {
  return `zl-backup-${at.toISOString().slice(0, 19).replaceAll(':', '')}Z`;
}

/** The time a backup's name says (Unix ms). */
export function backupTime(name: string): number {
  const m = /^zl-backup-(\d{4}-\d{2}-\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(name);
  return m ? Date.parse(`${m[1]}T${m[2]}:${m[3]}:${m[4]}Z`) : 0;
}

export interface ScheduledBackup {
  dir: string;
  bytes: number;
  elapsedMs: number;
  ledgerOk: boolean;
  deleted: string[];
}

function sizeOf(dir: string): number {
  let n = 0;
  for (const e of fs.readdirSync(dir, { recursive: true, withFileTypes: true }))
    if (e.isFile()) n += fs.statSync(path.join(e.parentPath, e.name)).size;
  return n;
}

/** The complete scheduled backups in `dir` (a manifest written last), newest first. */
export function completeBackups(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && NAME.test(e.name) && fs.existsSync(path.join(dir, e.name, MANIFEST)))
    .map((e) => e.name)
    .sort()
    .reverse();
}

export async function scheduledBackup(deps: {
  config: Config;
  database: Database;
  now?: Date;
}): Promise<ScheduledBackup> {
  const { config, database } = deps;
  const root = config.backup.dir;
  if (!root) throw new Error('BACKUP_DIR is not set');
  fs.mkdirSync(root, { recursive: true });
  // what a run cut short (a crash, a deploy) left: only one process runs a backup at a time
  for (const e of fs.readdirSync(root)) {
    if (PARTIAL.test(e)) fs.rmSync(path.join(root, e), { recursive: true, force: true });
  }
  const name = backupName(deps.now ?? new Date());
  const partial = path.join(root, `.${name}.partial`);
  const final = path.join(root, name);
  const { manifest } = await backup(partial, config, database.pglite ? { pglite: database.pglite } : {});
  fs.renameSync(partial, final);
  // the newest others beyond BACKUP_KEEP − 1 go; never the one just made (whatever a clock said)
  const deleted = completeBackups(root)
    .filter((n) => n !== name)
    .slice(config.backup.keep - 1);
  for (const old of deleted) fs.rmSync(path.join(root, old), { recursive: true, force: true });
  return {
    dir: final,
    bytes: sizeOf(final),
    elapsedMs: manifest.elapsedMs,
    ledgerOk: manifest.ledger.ok,
    deleted,
  };
}

/** The job's round: the backup, its log line, an error when the backed-up ledger does not balance. */
export async function backupRound(deps: {
  config: Config;
  database: Database;
  log: FastifyBaseLogger;
}): Promise<void> {
  const r = await scheduledBackup(deps);
  const line = {
    dir: r.dir,
    mb: Number((r.bytes / 1e6).toFixed(2)),
    elapsedMs: r.elapsedMs,
    ledgerOk: r.ledgerOk,
    deleted: r.deleted.length,
  };
  if (r.ledgerOk) deps.log.info(line, 'scheduled backup written');
  else deps.log.error(line, 'scheduled backup written, but the ledger check of the backed-up data failed');
}
