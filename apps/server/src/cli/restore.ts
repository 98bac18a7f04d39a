/**
 * `npm run restore -- --from <目录> [--force]`: puts a backup made by `npm run backup` back into
 * the DATA_DIR (PGlite) or the database (DATABASE_URL) the environment names — an empty one unless
 * --force — after checking every file's sha256 against the manifest; then opens the restored
 * database and compares the migration level, money tables' row counts and the ledger check with
 * the manifest (docs/operations.md § Backup and restore). The server must not run on the target.
 * Exit codes: 0 restored and verified, 1 failed, 2 wrong usage, 3 target not empty (no --force),
 * 4 the backup is damaged (checksum) or does not match the target kind.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import { type Config, loadConfig } from '../config/env.ts';
import { acquireDataDirLock, openDatabase } from '../db/client.ts';
import { extractDataDir } from '../db/pglite-template.ts';
import { dropUserSchemas, userTableCount } from '../modules/backup/backup.repo.ts';
import {
  BACKUP_TOKEN_FILE,
  listFiles,
  MANIFEST,
  type Manifest,
  type SnapshotFacts,
  sha256File,
  snapshotFacts,
  UPLOADS_DIR,
} from '../modules/backup/backup.ts';

const run = promisify(execFile);
const USAGE = '用法 (usage)：npm run restore -- --from <备份目录 backup dir> [--force]';

export class RestoreError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

/** Reads and checks the backup at `dir`: every file listed, present and with its checksum. */
export function verifyBackup(dir: string): Manifest {
  const file = path.join(dir, MANIFEST);
  if (!fs.existsSync(file)) throw new RestoreError(`${dir} 中没有 manifest.json (not a backup)`, 4);
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
  const bad: string[] = [];
  for (const [rel, sum] of Object.entries(manifest.checksums)) {
    const p = path.join(dir, rel);
    if (!fs.existsSync(p)) bad.push(`${rel}: 缺失 missing`);
    else if (sha256File(p) !== sum) bad.push(`${rel}: 校验和不符 checksum mismatch`);
  }
  const extra = listFiles(dir).filter((rel) => rel !== MANIFEST && !(rel in manifest.checksums));
  for (const rel of extra) bad.push(`${rel}: 清单中没有 not in the manifest`);
  if (bad.length > 0) {
    throw new RestoreError(
      `备份已损坏，未做任何改动 (backup damaged, nothing changed):\n  ${bad.join('\n  ')}`,
      4,
    );
  }
  return manifest;
}

export interface RestoreResult {
  manifest: Manifest;
  restored: SnapshotFacts;
}

export async function restore(
  from: string,
  opts: { force?: boolean; config?: Config } = {},
): Promise<RestoreResult> {
  const config = opts.config ?? loadConfig();
  const dir = path.resolve(from);
  const manifest = verifyBackup(dir);
  const kind = config.database.url ? 'postgres' : 'pglite';
  if (manifest.database.kind !== kind) {
    throw new RestoreError(
      `备份来自 ${manifest.database.kind}，目标是 ${kind} (the backup is of another database kind)`,
      4,
    );
  }
  if (kind === 'postgres')
    await restorePostgres(config.database.url!, path.join(dir, manifest.database.file), opts.force);
  else await restorePglite(config, path.join(dir, manifest.database.file), opts.force);
  if (manifest.uploads.kind === 'local')
    copyUploads(path.join(dir, UPLOADS_DIR), config.uploads.dir, opts.force);
  const database = await openDatabase({
    databaseUrl: config.database.url,
    dataDir: config.database.url ? undefined : config.database.dataDir,
    pgliteTemplate: false,
  });
  try {
    return { manifest, restored: await snapshotFacts(database.db) };
  } finally {
    await database.close();
  }
}

async function restorePglite(config: Config, archive: string, force = false): Promise<void> {
  const dataDir = config.database.dataDir;
  fs.mkdirSync(dataDir, { recursive: true });
  const release = acquireDataDirLock(dataDir); // throws while a server runs on it
  try {
    const pgdata = path.join(dataDir, 'pglite');
    if (fs.existsSync(pgdata) && fs.readdirSync(pgdata).length > 0) {
      if (!force) {
        throw new RestoreError(
          `数据目录 ${dataDir} 已有数据库；确认覆盖请加 --force (DATA_DIR already holds a database; add --force to replace it)`,
          3,
        );
      }
    }
    const tar = gunzipSync(fs.readFileSync(archive));
    const unpacking = `${pgdata}.restore-tmp`;
    fs.rmSync(unpacking, { recursive: true, force: true });
    await extractDataDir(tar, unpacking);
    fs.rmSync(pgdata, { recursive: true, force: true });
    fs.renameSync(unpacking, pgdata);
    fs.rmSync(path.join(dataDir, BACKUP_TOKEN_FILE), { force: true });
  } finally {
    release();
  }
}

async function restorePostgres(url: string, archive: string, force = false): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await userTableCount(client);
    if (tables > 0 && !force) {
      throw new RestoreError(
        `数据库不是空的（${tables} 张表）；确认覆盖请加 --force (the database is not empty; add --force to replace it)`,
        3,
      );
    }
    // --force: the backup's schemas replace whatever is there
    if (tables > 0) await dropUserSchemas(client);
  } finally {
    await client.end();
  }
  try {
    await run('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${url}`, archive]);
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === 'ENOENT')
      throw new Error('找不到 pg_restore：请安装 postgresql-client (install postgresql-client)');
    throw new Error(`pg_restore 失败 (failed): ${e.stderr ?? e.message}`);
  }
}

function copyUploads(from: string, to: string, force = false): void {
  const files = listFiles(from);
  const existing = listFiles(to);
  if (existing.length > 0 && !force) {
    throw new RestoreError(
      `上传目录 ${to} 不是空的；确认覆盖请加 --force (the upload directory is not empty)`,
      3,
    );
  }
  for (const rel of files) {
    const target = path.join(to, rel);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(path.join(from, rel), target);
  }
}

export async function main(argv: string[]): Promise<number> {
  let values: { from?: string; force?: boolean } = {};
  try {
    values = parseArgs({
      args: argv,
      options: { from: { type: 'string' }, force: { type: 'boolean' } },
    }).values;
  } catch {
    values = {};
  }
  if (!values.from) {
    console.error(USAGE);
    return 2;
  }
  try {
    const t0 = Date.now();
    const { manifest, restored } = await restore(values.from, { force: values.force ?? false });
    const same =
      restored.migration === manifest.migration &&
      JSON.stringify(restored.rowCounts) === JSON.stringify(manifest.rowCounts);
    console.log(
      `恢复完成 (restored) from ${path.resolve(values.from)} (${manifest.createdAt}), ${Date.now() - t0} ms`,
    );
    console.log(
      `  迁移 migration: ${restored.migration}; 资金表行数 money rows: ${JSON.stringify(restored.rowCounts)}`,
    );
    console.log(`  与清单一致 matches the manifest: ${same ? '是 yes' : '否 NO'}`);
    console.log(`  账本核对 ledger check: ${restored.ledger.ok ? '通过 ok' : '不通过 FAILED'}`);
    if (manifest.uploads.kind === 's3') {
      console.log(
        `  文件在 S3 桶 ${manifest.uploads.bucket} 中，未复制（${manifest.uploads.count} 个对象已列入清单）(files stay in the bucket)`,
      );
    }
    return same && restored.ledger.ok ? 0 : 1;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    console.error(`恢复失败 (restore failed): ${message}`);
    return err instanceof RestoreError ? err.exitCode : 1;
  }
}

const entry = process.argv[1];
if (entry && import.meta.url === pathToFileURL(entry).href) {
  main(process.argv.slice(2)).then((code) => process.exit(code));
}
