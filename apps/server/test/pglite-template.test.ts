// Issue 13 item 4: a fresh DATA_DIR starts from the build's migrated PGlite template (ADR 0003);
// a stale or damaged template is ignored with a warning and the start still works.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPgliteTemplate } from '../src/cli/pglite-template.ts';
import { loadConfig } from '../src/config/env.ts';
import { openDatabase, PGLITE_OPTIONS, pgliteDatabase, queryRows } from '../src/db/client.ts';
import { migrationsFolder, runMigrations } from '../src/db/migrate.ts';
import {
  isDataDirTar,
  metaPathOf,
  readTemplate,
  TEMPLATE_ARCHIVE,
  type TemplateMeta,
  writeTemplate,
} from '../src/db/pglite-template.ts';

const SLOW = 120_000; // initdb in WebAssembly on a busy machine

const tmpDirs: string[] = [];
function tmpDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zl-template-test-'));
  tmpDirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const d of tmpDirs) fs.rmSync(d, { recursive: true, force: true });
});

const journal = JSON.parse(
  fs.readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8'),
) as {
  entries: { tag: string; when: number }[];
};

/** The tar of a migrated database holding a `template_marker` table: whoever sees it started from it. */
let markedTar: Uint8Array;
beforeAll(async () => {
  const client = await PGlite.create(PGLITE_OPTIONS);
  await runMigrations(pgliteDatabase(client));
  await client.exec('create table template_marker (id int); checkpoint;');
  markedTar = new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer());
  await client.close();
}, SLOW);

/** A template of the marked database in a directory of its own; answers the archive's path. */
function markedTemplate(): string {
  const archive = path.join(tmpDir(), TEMPLATE_ARCHIVE);
  writeTemplate(archive, gzipSync(markedTar));
  return archive;
}

async function hasMarker(db: Awaited<ReturnType<typeof openDatabase>>['db']): Promise<boolean> {
  const [row] = await queryRows<{ t: string | null }>(
    db,
    sql`select to_regclass('template_marker')::text as t`,
  );
  return row!.t !== null;
}

async function migrationsApplied(db: Awaited<ReturnType<typeof openDatabase>>['db']): Promise<number[]> {
  const rows = await queryRows<{ created_at: string }>(
    db,
    sql`select created_at from drizzle.__drizzle_migrations order by id`,
  );
  return rows.map((r) => Number(r.created_at));
}

/** Opens a fresh DATA_DIR with `template`; answers what it saw and the warnings. */
async function openFresh(template: string | false) {
  const dataDir = tmpDir();
  const warnings: string[] = [];
  const database = await openDatabase({
    dataDir,
    pgliteTemplate: template,
    onWarning: (m) => warnings.push(m),
  });
  try {
    return {
      dataDir,
      warnings,
      marker: await hasMarker(database.db),
      migrations: await migrationsApplied(database.db),
    };
  } finally {
    await database.close();
  }
}

/** A ustar archive of `files` (name → content). */
function tarOf(files: Record<string, string>): Buffer {
  const blocks: Buffer[] = [];
  for (const [name, content] of Object.entries(files)) {
    const data = Buffer.from(content);
    const header = Buffer.alloc(512);
    header.write(name, 0, 'latin1');
    header.write('0000600\0', 100, 'latin1');
    header.write('0000000\0', 108, 'latin1');
    header.write('0000000\0', 116, 'latin1');
    header.write(`${data.length.toString(8).padStart(11, '0')}\0`, 124, 'latin1');
    header.write('00000000000\0', 136, 'latin1');
    header.write('0', 156, 'latin1');
    header.write('ustar\x0000', 257, 'latin1');
    header.fill(0x20, 148, 156);
    let sum = 0;
    for (const b of header) sum += b;
    header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'latin1');
    blocks.push(header, data, Buffer.alloc((512 - (data.length % 512)) % 512));
  }
  return Buffer.concat([...blocks, Buffer.alloc(1024)]);
}

// The embedded database only: the PostgreSQL pass (DATABASE_URL set) would repeat it unchanged
// (docs/testing.md § Rules).
describe.skipIf(Boolean(process.env.DATABASE_URL))('a fresh DATA_DIR and the PGlite template', () => {
  it(
    'starts from a matching template: every migration recorded, the full schema, no warning; later opens use the directory',
    async () => {
      const archive = markedTemplate();
      const dataDir = tmpDir();
      const warnings: string[] = [];
      const first = await openDatabase({
        dataDir,
        pgliteTemplate: archive,
        onWarning: (m) => warnings.push(m),
      });
      try {
        expect(await hasMarker(first.db)).toBe(true);
        expect(await migrationsApplied(first.db)).toEqual(journal.entries.map((e) => e.when));
        // the schema of the first and of the last migration are there and usable
        await first.db.execute(
          sql`insert into members (cardno, mobile, password_hash, cardtype) values ('12345678', '13700000000', 'x', 'customer')`,
        );
        await first.db.execute(sql`drop table template_marker`);
      } finally {
        await first.close();
      }
      expect(warnings).toEqual([]);
      expect(fs.readdirSync(dataDir).sort()).toEqual(['pglite']);

      // a directory that has a database is opened as it is, never overwritten from the template
      const again = await openDatabase({
        dataDir,
        pgliteTemplate: archive,
        onWarning: (m) => warnings.push(m),
      });
      try {
        expect(await hasMarker(again.db)).toBe(false);
        const [m] = await queryRows<{ mobile: string }>(again.db, sql`select mobile from members`);
        expect(m).toEqual({ mobile: '13700000000' });
      } finally {
        await again.close();
      }
      expect(warnings).toEqual([]);
    },
    SLOW,
  );

  it(
    'a stale template (other migrations) is ignored with a warning; the start runs initdb and every migration',
    async () => {
      const archive = markedTemplate();
      const meta = JSON.parse(fs.readFileSync(metaPathOf(archive), 'utf8')) as TemplateMeta;
      fs.writeFileSync(
        metaPathOf(archive),
        JSON.stringify({ ...meta, fingerprint: '0'.repeat(64), lastTag: '0008_complaint_open' }),
      );
      expect(readTemplate(archive)).toMatchObject({ ok: false, kind: 'stale' });

      const r = await openFresh(archive);
      expect(r.marker).toBe(false);
      expect(r.migrations).toEqual(journal.entries.map((e) => e.when));
      expect(r.warnings).toHaveLength(1);
      expect(r.warnings[0]).toContain('未使用');
      expect(r.warnings[0]).toContain(journal.entries.at(-1)!.tag);
    },
    SLOW,
  );

  it(
    'a damaged template (truncated, or not a data directory) does not crash the start: a warning, then initdb',
    async () => {
      const truncated = markedTemplate();
      const bytes = fs.readFileSync(truncated);
      fs.writeFileSync(truncated, bytes.subarray(0, bytes.length >> 1));
      expect(readTemplate(truncated)).toMatchObject({ ok: false, kind: 'broken' });

      // right checksum, but not a database (PGlite's own reading of it would crash the process)
      const garbage = path.join(tmpDir(), TEMPLATE_ARCHIVE);
      writeTemplate(garbage, gzipSync(Buffer.from('not a tar at all '.repeat(100))));
      expect(readTemplate(garbage)).toMatchObject({ ok: false, kind: 'broken' });
      const emptyTar = path.join(tmpDir(), TEMPLATE_ARCHIVE);
      writeTemplate(emptyTar, gzipSync(Buffer.alloc(10_240)));
      expect(readTemplate(emptyTar)).toMatchObject({ ok: false, kind: 'broken' });

      const r = await openFresh(truncated);
      expect(r.marker).toBe(false);
      expect(r.migrations).toEqual(journal.entries.map((e) => e.when));
      expect(r.warnings).toHaveLength(1);
      expect(r.warnings[0]).toContain(truncated);
      expect(r.warnings[0]).toContain('校验和');
      // a short line: what failed and where, nothing of the environment or the archive's content
      expect(r.warnings[0]!.length).toBeLessThan(300);
      expect(r.warnings[0]).not.toMatch(/postgres:\/\/|password|secret/i);
    },
    SLOW,
  );

  it(
    'a template PGlite cannot start from: a warning, what it wrote is removed, then initdb',
    async () => {
      const archive = path.join(tmpDir(), TEMPLATE_ARCHIVE);
      writeTemplate(archive, gzipSync(tarOf({ PG_VERSION: '17\n', 'base/junk': 'x' })));
      expect(readTemplate(archive).ok).toBe(true);
      const r = await openFresh(archive);
      expect(r.marker).toBe(false);
      expect(r.migrations).toEqual(journal.entries.map((e) => e.when));
      expect(r.warnings).toHaveLength(1);
      expect(r.warnings[0]).toContain('加载失败');
      expect(fs.existsSync(path.join(r.dataDir, 'pglite', 'base', 'junk'))).toBe(false);
      expect(fs.existsSync(path.join(r.dataDir, 'pglite.template-tmp'))).toBe(false);
    },
    SLOW,
  );

  it('a meta file that is not JSON, or no template at all: started without one (a warning only for the former)', async () => {
    const archive = markedTemplate();
    fs.writeFileSync(metaPathOf(archive), '{ not json');
    expect(readTemplate(archive)).toMatchObject({ ok: false, kind: 'broken' });
    expect(readTemplate(path.join(tmpDir(), TEMPLATE_ARCHIVE))).toMatchObject({ ok: false, kind: 'missing' });
    expect(isDataDirTar(markedTar)).toBe(true);
    expect(isDataDirTar(markedTar.subarray(0, markedTar.length >> 1))).toBe(false);
  });

  it('PGLITE_TEMPLATE: on unless false/0', () => {
    expect(loadConfig({}).database.pgliteTemplate).toBe(true);
    expect(loadConfig({ PGLITE_TEMPLATE: 'false' }).database.pgliteTemplate).toBe(false);
    expect(loadConfig({ PGLITE_TEMPLATE: '0' }).database.pgliteTemplate).toBe(false);
    expect(() => loadConfig({ PGLITE_TEMPLATE: 'no' })).toThrow(/PGLITE_TEMPLATE/);
  });

  it(
    'the build script makes a template a fresh DATA_DIR starts from: the database `postgres` alone, and usable',
    async () => {
      const archive = path.join(tmpDir(), TEMPLATE_ARCHIVE);
      const meta = await buildPgliteTemplate(archive);
      expect(meta.lastTag).toBe(journal.entries.at(-1)!.tag);
      expect(readTemplate(archive).ok).toBe(true);
      const r = await openFresh(archive);
      expect(r.warnings).toEqual([]);
      expect(r.marker).toBe(false);
      expect(r.migrations).toEqual(journal.entries.map((e) => e.when));
      // initdb's template0 and template1 are not in it: fewer files for a fresh start to write
      expect(fs.readdirSync(path.join(r.dataDir, 'pglite', 'base'))).toHaveLength(1);
      const again = await openDatabase({ dataDir: r.dataDir });
      try {
        const rows = await queryRows<{ datname: string }>(again.db, sql`select datname from pg_database`);
        expect(rows.map((x) => x.datname)).toEqual(['postgres']);
        await again.db.execute(
          sql`insert into members (cardno, mobile, password_hash, cardtype) values ('12345679', '13700000001', 'x', 'customer')`,
        );
        await again.db.execute(sql`vacuum analyze members`);
        const [n] = await queryRows<{ n: number }>(again.db, sql`select count(*)::int as n from members`);
        expect(n).toEqual({ n: 1 });
      } finally {
        await again.close();
      }
    },
    SLOW,
  );
});
