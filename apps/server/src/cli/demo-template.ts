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
import { buildApp } from '../app.ts';
import { loadConfig } from '../config/env.ts';
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
    const database = pgliteDatabase(client);
    const storage = new LocalDiskStorage(staging);
    const demo = await seedDemoData(database.db, { storage });
    // The jobs' first rounds, as the first seconds after a start that seeded would run them — fan
    // out and deliver the events the seeding recorded, release what is due, reconcile the pending
    // sandbox payment (its key pairs made here, once): a start from this template finds them done
    // and its first sign-in does not wait behind them (docs/adr/0018-demo-template.md § Start time).
    const config = loadConfig({
      NODE_ENV: 'development',
      DEMO_DATA: 'true',
      LOG_LEVEL: 'silent',
      UPLOAD_DIR: staging,
    });
    const app = await buildApp({ config, database, storage, webDist: null });
    try {
      // twice: the events the later rounds record (a stage released) are delivered by the second
      await app.jobs.runFirstRounds();
      await app.jobs.runFirstRounds();
    } finally {
      await app.close();
    }
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
