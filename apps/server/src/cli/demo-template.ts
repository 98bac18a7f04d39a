/**
 * `node dist/demo-template.js` (run by `npm run build -w apps/server` after the empty template):
 * the empty template with the demo data seeded into it, `dist/pglite-demo-template.tar.gz` with its
 * meta file, and the files the demo stored in `dist/demo-uploads/` (docs/adr/0018-demo-template.md).
 * A fresh embedded start with DEMO_DATA starts from it instead of seeding (~1 s instead of ~7).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_OPTIONS, pgliteDatabase } from '../db/client.ts';
import { metaPathOf, readTemplate, TEMPLATE_ARCHIVE, writeTemplate } from '../db/pglite-template.ts';
import {
  DEMO_TEMPLATE_ARCHIVE,
  DEMO_UPLOADS_DIR,
  type DemoTemplateMeta,
  sha256File,
} from '../demo/demo-template.ts';
import { seedDemoData } from '../demo/seed.ts';
import { LocalDiskStorage } from '../modules/file/storage.ts';

function countFiles(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
}

/** Makes the demo template in `dist` from the empty template there; answers its meta. */
export async function buildDemoTemplate(dist: string): Promise<DemoTemplateMeta> {
  const archive = path.join(dist, DEMO_TEMPLATE_ARCHIVE);
  const uploads = path.join(dist, DEMO_UPLOADS_DIR);
  // a failed build leaves no demo template behind rather than an old one
  fs.rmSync(metaPathOf(archive), { force: true });
  fs.rmSync(archive, { force: true });
  fs.rmSync(uploads, { recursive: true, force: true });
  const empty = readTemplate(path.join(dist, TEMPLATE_ARCHIVE));
  if (!empty.ok) throw new Error(`the empty template is not usable: ${empty.reason}`);
  const client = await PGlite.create({
    ...PGLITE_OPTIONS,
    loadDataDir: new Blob([empty.tar as Uint8Array<ArrayBuffer>]),
  });
  const staging = `${uploads}.tmp`;
  fs.rmSync(staging, { recursive: true, force: true });
  try {
    const seededAt = new Date();
    const demo = await seedDemoData(pgliteDatabase(client).db, { storage: new LocalDiskStorage(staging) });
    await client.exec('checkpoint');
    const tar = await client.dumpDataDir('none');
    fs.mkdirSync(staging, { recursive: true });
    fs.renameSync(staging, uploads);
    return writeTemplate(archive, gzipSync(new Uint8Array(await tar.arrayBuffer()), { level: 6 }), {
      bundles: Object.fromEntries(
        fs
          .readdirSync(dist)
          .filter((f) => f.endsWith('.js'))
          .map((f) => [f, sha256File(path.join(dist, f))]),
      ),
      seededAt: seededAt.toISOString(),
      banner: demo?.banner ?? '',
      uploads: countFiles(uploads),
    });
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    await client.close();
  }
}

const entry = process.argv[1];
if (entry && import.meta.url === pathToFileURL(entry).href) {
  const dist = path.resolve(process.argv[2] ?? path.dirname(fileURLToPath(import.meta.url)));
  const t0 = Date.now();
  buildDemoTemplate(dist).then(
    (meta) => {
      console.log(
        `PGlite demo template: ${path.join(dist, DEMO_TEMPLATE_ARCHIVE)} (${(meta.bytes / 1e6).toFixed(1)} MB, ${meta.uploads} files, ${Date.now() - t0} ms)`,
      );
    },
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
