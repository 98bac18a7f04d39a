// The demo template (docs/adr/0018-demo-template.md): the build seeds the demo data once into a
// copy of the empty template and keeps it, with the files the demo stored, beside the bundle; a
// fresh embedded start with DEMO_DATA unpacks it, copies the files and moves every stored time
// forward by the time since the seeding — the demo a newcomer sees is the one seeding at start
// would have made, in a fraction of the time.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { shanghaiToday } from '@zl/shared';
import type { Db } from '../db/client.ts';
import { FILES_AT_ONCE, inParallel, metaPathOf, type TemplateMeta } from '../db/pglite-template.ts';
import { countMembers } from '../modules/member/member.repo.ts';
import { shiftTimes } from './demo-template.repo.ts';

export const DEMO_TEMPLATE_ARCHIVE = 'pglite-demo-template.tar.gz';
export const DEMO_UPLOADS_DIR = 'demo-uploads';

export interface DemoTemplateMeta extends TemplateMeta {
  /** sha256 of each bundle (`dist/*.js`) of the build that seeded it: its data is that build's demo */
  bundles: Record<string, string>;
  /** when the seeding began (ISO): the times of the data are relative to it */
  seededAt: string;
  /** what seeding printed (accounts, passwords of the demo) */
  banner: string;
  /** files the demo stored, copied from `demo-uploads/` into UPLOAD_DIR */
  uploads: number;
}

export function sha256File(file: string): string {
  return createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

function isEmptyOrAbsent(dir: string): boolean {
  try {
    return fs.readdirSync(dir).length === 0;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ENOENT';
  }
}

export interface DemoStart {
  archive: string;
  meta: DemoTemplateMeta;
  uploadsFrom: string;
}

/**
 * The demo template for this start, or why not (then the demo is seeded as before). Used only by
 * the very build that made it (the server running from `dist/`, not from its sources), on an embedded
 * database whose DATA_DIR has no database yet and a local UPLOAD_DIR with nothing in it.
 */
export function demoTemplateFor(opts: {
  dataDir: string;
  uploadsDir: string;
  /** the running module's URL: the bundle's when built */
  moduleUrl: string;
}): DemoStart | { reason: string } {
  const here = fileURLToPath(opts.moduleUrl);
  if (!here.endsWith('.js')) return { reason: 'not the built server' };
  const dist = path.dirname(here);
  const archive = path.join(dist, DEMO_TEMPLATE_ARCHIVE);
  if (!isEmptyOrAbsent(path.join(opts.dataDir, 'pglite'))) return { reason: 'DATA_DIR has a database' };
  if (!isEmptyOrAbsent(opts.uploadsDir)) return { reason: 'UPLOAD_DIR is not empty' };
  if (!fs.existsSync(metaPathOf(archive)))
    return { reason: 'no demo template (PGLITE_TEMPLATE=false build?)' };
  let meta: DemoTemplateMeta;
  try {
    meta = JSON.parse(fs.readFileSync(metaPathOf(archive), 'utf8')) as DemoTemplateMeta;
  } catch {
    return { reason: 'demo template meta unreadable' };
  }
  if (meta.bundles?.[path.basename(here)] !== sha256File(here))
    return { reason: 'demo template of another build' };
  const uploadsFrom = path.join(dist, DEMO_UPLOADS_DIR);
  if (meta.uploads > 0 && !fs.existsSync(uploadsFrom)) return { reason: 'demo files missing' };
  // the archive itself is checked (checksum, fingerprint) when the database is opened from it
  return { archive, meta, uploadsFrom };
}

/**
 * Copies the folder `from` into `to` (made as needed), the files many at a time, as
 * `extractDataDir` writes the database's (144 files, ≈0.13 s one after another in a profile).
 */
async function copyTree(from: string, to: string): Promise<void> {
  const files: string[] = [];
  const dirs = new Set<string>([to]);
  for (const e of fs.readdirSync(from, { recursive: true, withFileTypes: true })) {
    const rel = path.relative(from, path.join(e.parentPath, e.name));
    if (e.isDirectory()) dirs.add(path.join(to, rel));
    else if (e.isFile()) files.push(rel);
  }
  for (const d of dirs) fs.mkdirSync(d, { recursive: true });
  await inParallel(files, FILES_AT_ONCE, (f) => fs.promises.copyFile(path.join(from, f), path.join(to, f)));
}

/**
 * After the database was opened from the demo template: the demo's files into UPLOAD_DIR and every
 * stored time moved forward by the time since the seeding (timestamps by the exact time, dates by
 * the days between the two Shanghai dates). False when the database did not come from it (the
 * template failed and an empty database was made instead): seed then.
 */
export async function finishDemoStart(
  db: Db,
  start: DemoStart,
  uploadsDir: string,
  now = new Date(),
): Promise<boolean> {
  if ((await countMembers(db)) === 0) return false;
  if (fs.existsSync(start.uploadsFrom)) await copyTree(start.uploadsFrom, uploadsDir);
  const seededAt = new Date(start.meta.seededAt);
  const ms = now.getTime() - seededAt.getTime();
  const days = Math.round(
    (Date.parse(`${shanghaiToday(now)}T00:00:00Z`) - Date.parse(`${shanghaiToday(seededAt)}T00:00:00Z`)) /
      86_400_000,
  );
  await shiftTimes(db, ms, days);
  return true;
}
