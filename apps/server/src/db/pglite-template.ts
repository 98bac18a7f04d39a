// A pre-initialised, migrated, empty PGlite data directory made at build time (ADR 0003): a fresh
// DATA_DIR starts from it instead of running initdb in WebAssembly and every migration.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { migrationsFolder } from './migrate.ts';

export const TEMPLATE_ARCHIVE = 'pglite-template.tar.gz';
/** Bump when what goes into a template changes in a way the fingerprint does not see. */
const TEMPLATE_FORMAT = 1;

export interface TemplateMeta {
  format: number;
  /** sha256 of the migrations (journal and SQL files) and the PGlite version */
  fingerprint: string;
  /** the journal's last migration, for people reading the file */
  lastTag: string;
  pglite: string;
  /** sha256 of the archive, to tell a truncated or damaged file */
  archiveSha256: string;
  bytes: number;
  createdAt: string;
}

/** The installed PGlite's version ('unknown' if its package.json cannot be found). */
export function pgliteVersion(): string {
  try {
    const require = createRequire(import.meta.url);
    // the package's exports do not include package.json: find it beside the resolved entry
    let dir = path.dirname(require.resolve('@electric-sql/pglite'));
    for (let i = 0; i < 4; i++) {
      const file = path.join(dir, 'package.json');
      if (fs.existsSync(file)) {
        const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version?: string };
        if (pkg.name === '@electric-sql/pglite' && pkg.version) return pkg.version;
      }
      dir = path.dirname(dir);
    }
  } catch {
    // fall through
  }
  return 'unknown';
}

/** What a template must have been made from to be used: the migrations and the PGlite version. */
export function currentFingerprint(folder = migrationsFolder()): { fingerprint: string; lastTag: string } {
  const hash = createHash('sha256');
  hash.update(`format ${TEMPLATE_FORMAT}\npglite ${pgliteVersion()}\n`);
  const journalText = fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8');
  hash.update(journalText);
  const sqlFiles = fs
    .readdirSync(folder)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  for (const f of sqlFiles) {
    hash.update(`\n-- ${f}\n`);
    hash.update(fs.readFileSync(path.join(folder, f)));
  }
  const journal = JSON.parse(journalText) as { entries?: { tag: string }[] };
  return { fingerprint: hash.digest('hex'), lastTag: journal.entries?.at(-1)?.tag ?? '' };
}

/** The build's template: beside the bundle (dist) or, from the source tree, in ../../dist. */
export function defaultTemplatePath(): string | undefined {
  for (const rel of [`./${TEMPLATE_ARCHIVE}`, `../../dist/${TEMPLATE_ARCHIVE}`]) {
    const file = fileURLToPath(new URL(rel, import.meta.url));
    if (fs.existsSync(file)) return file;
  }
  return undefined;
}

/** The meta file beside an archive: `pglite-template.tar.gz` → `pglite-template.json`. */
export function metaPathOf(archive: string): string {
  return archive.endsWith('.tar.gz') ? `${archive.slice(0, -'.tar.gz'.length)}.json` : `${archive}.json`;
}

export type TemplateRead =
  | { ok: true; tar: Uint8Array; meta: TemplateMeta }
  | { ok: false; reason: string; kind: 'missing' | 'stale' | 'broken' };

/**
 * The template's tar (decompressed and checked against its meta file), or why it cannot be used:
 * missing, stale (made from other migrations or another PGlite), or broken (damaged, unreadable).
 */
export function readTemplate(archive: string): TemplateRead {
  const metaFile = metaPathOf(archive);
  if (!fs.existsSync(archive) || !fs.existsSync(metaFile)) {
    return { ok: false, kind: 'missing', reason: '模板文件或其说明文件不存在' };
  }
  let meta: TemplateMeta;
  try {
    meta = JSON.parse(fs.readFileSync(metaFile, 'utf8')) as TemplateMeta;
  } catch {
    return { ok: false, kind: 'broken', reason: `说明文件 ${path.basename(metaFile)} 无法解析` };
  }
  const current = currentFingerprint();
  if (meta?.format !== TEMPLATE_FORMAT || meta.fingerprint !== current.fingerprint) {
    return {
      ok: false,
      kind: 'stale',
      reason: `模板由其他迁移或 PGlite 版本生成（模板：${String(meta?.lastTag)}，当前：${current.lastTag}）`,
    };
  }
  let gz: Buffer;
  try {
    gz = fs.readFileSync(archive);
  } catch (err) {
    return {
      ok: false,
      kind: 'broken',
      reason: `无法读取（${(err as NodeJS.ErrnoException).code ?? 'error'}）`,
    };
  }
  if (createHash('sha256').update(gz).digest('hex') !== meta.archiveSha256) {
    return { ok: false, kind: 'broken', reason: '文件校验和不符（已损坏或被截断）' };
  }
  let tar: Buffer;
  try {
    // 1 MB output chunks: the default 16 KB ones take twice as long to join for a 60 MB tar
    tar = gunzipSync(gz, { chunkSize: 1 << 20 });
  } catch {
    return { ok: false, kind: 'broken', reason: '无法解压' };
  }
  // a well-formed tar holding a data directory (PGlite's own reading of a damaged archive can end
  // in an unhandled rejection, a crash: it is not used)
  if (!isDataDirTar(tar)) {
    return { ok: false, kind: 'broken', reason: '不是完整的 PGlite 数据目录归档' };
  }
  return { ok: true, tar, meta };
}

/** Writes the archive, then its meta file (a reader checks the archive against the meta). */
export function writeTemplate<E extends object = object>(
  archive: string,
  gz: Uint8Array,
  extra?: E,
): TemplateMeta & E {
  const { fingerprint, lastTag } = currentFingerprint();
  const meta: TemplateMeta & E = {
    ...(extra as E),
    format: TEMPLATE_FORMAT,
    fingerprint,
    lastTag,
    pglite: pgliteVersion(),
    archiveSha256: createHash('sha256').update(gz).digest('hex'),
    bytes: gz.byteLength,
    createdAt: new Date().toISOString(),
  };
  const metaFile = metaPathOf(archive);
  fs.rmSync(metaFile, { force: true });
  fs.mkdirSync(path.dirname(archive), { recursive: true });
  fs.writeFileSync(`${archive}.tmp`, gz);
  fs.renameSync(`${archive}.tmp`, archive);
  fs.writeFileSync(`${metaFile}.tmp`, `${JSON.stringify(meta, null, 2)}\n`);
  fs.renameSync(`${metaFile}.tmp`, metaFile);
  return meta;
}

interface TarEntry {
  /** relative to the archive's top, without leading slashes; '' for the top itself */
  name: string;
  type: 'file' | 'dir' | 'other';
  data: Uint8Array;
}

/**
 * The entries of a well-formed tar archive (every header's checksum right, every entry inside the
 * buffer, ended by a zero block), or undefined.
 */
function tarEntries(tar: Uint8Array): TarEntry[] | undefined {
  const BLOCK = 512;
  const entries: TarEntry[] = [];
  let pos = 0;
  while (pos + BLOCK <= tar.length) {
    const header = tar.subarray(pos, pos + BLOCK);
    if (header.every((b) => b === 0)) return entries;
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : header[i]!;
    if (Number.parseInt(field(header, 148, 8), 8) !== sum) return undefined;
    const size = Number.parseInt(field(header, 124, 12) || '0', 8);
    if (!Number.isSafeInteger(size) || size < 0) return undefined;
    const prefix = field(header, 345, 155);
    const parts = `${prefix ? `${prefix}/` : ''}${field(header, 0, 100)}`
      .split('/')
      .filter((p) => p && p !== '.');
    if (parts.includes('..')) return undefined;
    const flag = String.fromCharCode(header[156]!);
    const start = pos + BLOCK;
    pos = start + Math.ceil(size / BLOCK) * BLOCK;
    if (pos > tar.length) return undefined;
    entries.push({
      name: parts.join('/'),
      type: flag === '0' || flag === '\0' ? 'file' : flag === '5' ? 'dir' : 'other',
      data: tar.subarray(start, start + size),
    });
  }
  return undefined;
}

/** Whether `tar` is a well-formed tar archive with a `PG_VERSION` file at its top level. */
export function isDataDirTar(tar: Uint8Array): boolean {
  return Boolean(tarEntries(tar)?.some((e) => e.type === 'file' && e.name === 'PG_VERSION'));
}

/**
 * Writes the template's data directory into `dir` (absent or empty) with Node's own file calls:
 * PGlite then finds a database and resumes, as on any restart, instead of unpacking the archive
 * through its WebAssembly file system. The folders first, then the ≈750 files many at a time
 * through libuv's thread pool: creating a file waits on the disk, not on this process. On the CI
 * machine's disk the template took 0.2–1.1 s written one after another and 0.5–1.35 s written
 * side by side — the disk's state decided, not the way (docs/adr/0018-demo-template.md § Start
 * time); fewer files is what shortened it.
 */
export async function extractDataDir(tar: Uint8Array, dir: string): Promise<void> {
  const entries = tarEntries(tar);
  if (!entries) throw new Error('不是完整的 tar 归档');
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const files: Array<{ target: string; data: Uint8Array }> = [];
  const dirs = new Set<string>();
  for (const e of entries) {
    const target = path.join(dir, e.name);
    if (e.type === 'dir') dirs.add(target);
    else if (e.type === 'file') {
      dirs.add(path.dirname(target));
      files.push({ target, data: e.data });
    }
  }
  for (const d of dirs) fs.mkdirSync(d, { recursive: true, mode: 0o700 });
  await inParallel(files, FILES_AT_ONCE, (f) => fs.promises.writeFile(f.target, f.data, { mode: 0o600 }));
}

/** Files written or copied at once: enough to keep libuv's thread pool busy, few enough for any ulimit. */
export const FILES_AT_ONCE = 32;

/** `work` on every item, at most `n` at a time; rejects with the first failure after all settled. */
export async function inParallel<T>(
  items: T[],
  n: number,
  work: (item: T) => Promise<unknown>,
): Promise<void> {
  let next = 0;
  let failed: { err: unknown } | null = null;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      try {
        await work(item);
      } catch (err) {
        failed ??= { err };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, lane));
  if (failed) throw (failed as { err: unknown }).err;
}

function field(header: Uint8Array, start: number, length: number): string {
  const bytes = header.subarray(start, start + length);
  const end = bytes.indexOf(0);
  return Buffer.from(end === -1 ? bytes : bytes.subarray(0, end))
    .toString('latin1')
    .trim();
}
