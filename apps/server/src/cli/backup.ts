/**
 * `npm run backup -- --out <目录>`: a consistent backup of the platform while it runs
 * (docs/operations.md § Backup and restore, ADR 0016): the database (PGlite: a dump taken by the
 * running server, or directly when none runs; PostgreSQL: `pg_dump --format=custom` on an
 * exported snapshot), the uploaded files (local disk: copied; S3: the object keys), and
 * manifest.json (migration level, money tables' row counts, ledger check, sha256 of every file).
 * Exit codes: 0 done, 1 failed, 2 wrong usage.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { type Config, loadConfig } from '../config/env.ts';
import {
  acquireDataDirLock,
  DataDirLockedError,
  type Db,
  PGLITE_OPTIONS,
  pgliteDatabase,
} from '../db/client.ts';
import * as schema from '../db/schema/index.ts';
import { beginExportedSnapshot, commit } from '../modules/backup/backup.repo.ts';
import {
  BACKUP_PATH,
  dumpPglite,
  listFiles,
  MANIFEST,
  type Manifest,
  PG_ARCHIVE,
  PGLITE_ARCHIVE,
  readBackupToken,
  type SnapshotFacts,
  sha256File,
  snapshotFacts,
  UPLOADS_DIR,
} from '../modules/backup/backup.ts';

const run = promisify(execFile);
const USAGE = '用法 (usage)：npm run backup -- --out <目录 dir>';

export interface BackupResult {
  dir: string;
  manifest: Manifest;
}

/**
 * Writes a backup into `out` (absent or empty). Throws with a message for people. `pglite`: the
 * embedded database this process holds (the scheduled backup, docs/operations.md § Backup and
 * restore), dumped directly instead of asking the server that holds it.
 */
export async function backup(
  out: string,
  config: Config = loadConfig(),
  opts: { pglite?: PGlite } = {},
): Promise<BackupResult> {
  const t0 = Date.now();
  const dir = path.resolve(out);
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) {
    throw new Error(`备份目录 ${dir} 不是空的 (the backup directory is not empty)`);
  }
  fs.mkdirSync(dir, { recursive: true });
  let facts: SnapshotFacts;
  let database: Manifest['database'];
  if (config.database.url) {
    facts = await backupPostgres(config.database.url, path.join(dir, PG_ARCHIVE));
    database = { kind: 'postgres', file: PG_ARCHIVE };
  } else {
    const { gz, via } = opts.pglite
      ? { gz: await dumpPglite(opts.pglite), via: 'server' as const }
      : await pgliteDump(config);
    fs.writeFileSync(path.join(dir, PGLITE_ARCHIVE), gz);
    facts = await factsOfPgliteDump(gz);
    database = { kind: 'pglite', file: PGLITE_ARCHIVE, via };
  }
  // after the database: every file a row of the dump names was stored before it (files are never rewritten)
  const uploads = await backupUploads(config, path.join(dir, UPLOADS_DIR));
  const checksums: Record<string, string> = {};
  for (const rel of listFiles(dir)) checksums[rel] = sha256File(path.join(dir, rel));
  const manifest: Manifest = {
    format: 1,
    createdAt: new Date(t0).toISOString(),
    database,
    uploads,
    ...facts,
    checksums,
    elapsedMs: Date.now() - t0,
  };
  fs.writeFileSync(path.join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return { dir, manifest };
}

/** The database's dump: from the running server (it holds the data directory) or directly. */
async function pgliteDump(config: Config): Promise<{ gz: Buffer; via: 'server' | 'direct' }> {
  const dataDir = config.database.dataDir;
  const pgdata = path.join(dataDir, 'pglite');
  if (!fs.existsSync(path.join(pgdata, 'PG_VERSION'))) {
    throw new Error(`数据目录 ${dataDir} 中没有数据库 (no database in DATA_DIR)`);
  }
  let release: (() => void) | undefined;
  try {
    release = acquireDataDirLock(dataDir);
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    return { gz: await askServer(config), via: 'server' };
  }
  try {
    const client = await PGlite.create(pgdata, PGLITE_OPTIONS);
    try {
      return { gz: await dumpPglite(client), via: 'direct' };
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
}

async function askServer(config: Config): Promise<Buffer> {
  const token = readBackupToken(config.database.dataDir);
  if (!token)
    throw new Error(
      '数据目录正被服务器使用，但找不到 backup.token：请先升级并重启服务器 (restart the server)',
    );
  const url = `http://127.0.0.1:${config.server.port}${BACKUP_PATH}`;
  let res: Response;
  try {
    res = await fetch(url, { headers: { 'x-backup-token': token } });
  } catch (err) {
    throw new Error(
      `无法连接运行中的服务器 ${url}（PORT 是否与服务器一致？）(cannot reach the server): ${String(err)}`,
    );
  }
  if (!res.ok) throw new Error(`服务器拒绝备份请求 (the server refused): HTTP ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

/** The manifest's facts read from the dump itself, opened in memory: exactly what the backup holds. */
async function factsOfPgliteDump(gz: Buffer): Promise<SnapshotFacts> {
  const tar = gunzipSync(gz);
  const client = await PGlite.create({ ...PGLITE_OPTIONS, loadDataDir: new Blob([tar]) });
  try {
    return await snapshotFacts(pgliteDatabase(client).db);
  } finally {
    await client.close();
  }
}

/**
 * pg_dump on a snapshot this transaction exported: the manifest's counts and ledger check see
 * exactly the rows of the dump.
 */
async function backupPostgres(url: string, file: string): Promise<SnapshotFacts> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const snap = await beginExportedSnapshot(client);
    const facts = await snapshotFacts(drizzlePg(client, { schema }) as unknown as Db);
    try {
      await run('pg_dump', [
        '--format=custom',
        `--snapshot=${snap}`,
        '--no-owner',
        `--file=${file}`,
        `--dbname=${url}`,
      ]);
    } catch (err) {
      const e = err as NodeJS.ErrnoException & { stderr?: string };
      if (e.code === 'ENOENT')
        throw new Error(
          '找不到 pg_dump：请安装 postgresql-client (install postgresql-client, same major version as the server)',
        );
      throw new Error(`pg_dump 失败 (failed): ${e.stderr ?? e.message}`);
    }
    await commit(client);
    return facts;
  } finally {
    await client.end();
  }
}

async function backupUploads(config: Config, target: string): Promise<Manifest['uploads']> {
  const s3 = config.uploads.s3;
  if (!s3) {
    const files = listFiles(config.uploads.dir).filter((f) => !f.endsWith('.tmp'));
    for (const rel of files) {
      const to = path.join(target, rel);
      fs.mkdirSync(path.dirname(to), { recursive: true });
      fs.copyFileSync(path.join(config.uploads.dir, rel), to);
    }
    return { kind: 'local', dir: UPLOADS_DIR, count: files.length };
  }
  const sdk = await import('@aws-sdk/client-s3');
  const client = new sdk.S3Client({
    region: s3.region,
    endpoint: s3.endpoint,
    forcePathStyle: s3.forcePathStyle,
    credentials: s3.credentials,
  });
  const keys: string[] = [];
  try {
    let token: string | undefined;
    do {
      const page = await client.send(
        new sdk.ListObjectsV2Command({
          Bucket: s3.bucket,
          Prefix: s3.prefix || undefined,
          ContinuationToken: token,
        }),
      );
      for (const o of page.Contents ?? []) if (o.Key) keys.push(o.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  } finally {
    client.destroy();
  }
  return { kind: 's3', bucket: s3.bucket, prefix: s3.prefix, count: keys.length, keys };
}

export async function main(argv: string[]): Promise<number> {
  let out: string | undefined;
  try {
    ({ out } = parseArgs({ args: argv, options: { out: { type: 'string' } } }).values);
  } catch {
    out = undefined;
  }
  if (!out) {
    console.error(USAGE);
    return 2;
  }
  try {
    const { dir, manifest } = await backup(out);
    const bytes = Object.keys(manifest.checksums).reduce(
      (n, rel) => n + fs.statSync(path.join(dir, rel)).size,
      0,
    );
    console.log(`备份完成 (backup done): ${dir}`);
    console.log(`  数据库 database: ${manifest.database.kind}, 迁移 migration ${manifest.migration}`);
    console.log(`  文件 files: ${manifest.uploads.count} (${manifest.uploads.kind})`);
    console.log(`  资金表行数 money rows: ${JSON.stringify(manifest.rowCounts)}`);
    console.log(`  账本核对 ledger check: ${manifest.ledger.ok ? '通过 ok' : '不通过 FAILED'}`);
    console.log(`  ${(bytes / 1e6).toFixed(2)} MB, ${manifest.elapsedMs} ms`);
    return manifest.ledger.ok ? 0 : 1;
  } catch (err) {
    console.error(`备份失败 (backup failed): ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
}

// Run as the backup command itself (`npm run backup`, tsx on this file), not as a part of another
// bundle that contains it (the scheduled backup job brings it into dist/demo-template.js, where
// import.meta.url is that bundle's own address).
const entry = process.argv[1];
if (entry && import.meta.url === pathToFileURL(entry).href && /backup\.[cm]?[jt]s$/.test(entry)) {
  main(process.argv.slice(2)).then((code) => process.exit(code));
}
