/**
 * `node dist/pglite-template.js [archive]` (run by `npm run build -w apps/server`): an empty
 * PGlite database, initialised and migrated, dumped to `dist/pglite-template.tar.gz` with its meta
 * file beside it. A fresh DATA_DIR starts from it in about a second instead of 7–14 (ADR 0003).
 * Offline: PGlite and the migrations come from the installation.
 */
import fs from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_OPTIONS, pgliteDatabase } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { metaPathOf, TEMPLATE_ARCHIVE, type TemplateMeta, writeTemplate } from '../db/pglite-template.ts';
import { createEngine, DEFAULT_ENGINE } from '../jobs/engine.ts';

/** Drops initdb's template databases: the embedded database is `postgres` alone. */
export const DROP_TEMPLATE_DATABASES = [
  'ALTER DATABASE template0 IS_TEMPLATE false',
  'ALTER DATABASE template1 IS_TEMPLATE false',
  'DROP DATABASE template0',
  'DROP DATABASE template1',
];

/** Makes the template at `archive` (and its meta file beside it); answers the meta. */
export async function buildPgliteTemplate(archive: string): Promise<TemplateMeta> {
  // a failed build leaves no template behind rather than an old one
  fs.rmSync(metaPathOf(archive), { force: true });
  fs.rmSync(archive, { force: true });
  const client = await PGlite.create(PGLITE_OPTIONS);
  try {
    const database = pgliteDatabase(client);
    await runMigrations(database);
    // the job engine's schema too: pg-boss installs it on its first start, ~0.7 s of the first
    // `npm start` in WebAssembly (docs/adr/0018-demo-template.md "Start time"); a later pg-boss
    // migrates it itself
    const engine = createEngine(database, DEFAULT_ENGINE);
    await engine?.start();
    await engine?.stop({ graceful: false, close: false });
    // only the platform's database: PGlite runs in `postgres` and never creates another, and the
    // copies initdb makes to create them from (template0, template1) are 602 of the template's
    // 1,350 files — each a file a fresh start writes (docs/adr/0018-demo-template.md § Start time)
    // (one statement at a time: DROP DATABASE runs outside a transaction block)
    for (const statement of DROP_TEMPLATE_DATABASES) await client.exec(statement);
    // everything in the data files: a start from the template replays no WAL
    await client.exec('checkpoint');
    const tar = await client.dumpDataDir('none');
    return writeTemplate(archive, gzipSync(new Uint8Array(await tar.arrayBuffer()), { level: 6 }));
  } finally {
    await client.close();
  }
}

const entry = process.argv[1];
if (entry && import.meta.url === pathToFileURL(entry).href) {
  const archive = process.argv[2] ?? fileURLToPath(new URL(`./${TEMPLATE_ARCHIVE}`, import.meta.url));
  const t0 = Date.now();
  buildPgliteTemplate(archive).then(
    (meta) => {
      console.log(
        `PGlite template: ${archive} (${(meta.bytes / 1e6).toFixed(1)} MB, migrations to ${meta.lastTag}, ${Date.now() - t0} ms)`,
      );
    },
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
