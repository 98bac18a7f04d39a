// The demo template (docs/adr/0018-demo-template.md): the build seeds the demo once; a fresh
// embedded start with DEMO_DATA unpacks it, copies the demo's files and moves every stored time
// forward by the time since the seeding.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { shanghaiToday } from '@zl/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemoTemplate } from '../src/cli/demo-template.ts';
import { buildPgliteTemplate } from '../src/cli/pglite-template.ts';
import { openDatabase, queryRows } from '../src/db/client.ts';
import { metaPathOf, TEMPLATE_ARCHIVE } from '../src/db/pglite-template.ts';
import { shiftTimes } from '../src/demo/demo-template.repo.ts';
import {
  DEMO_TEMPLATE_ARCHIVE,
  DEMO_UPLOADS_DIR,
  type DemoStart,
  type DemoTemplateMeta,
  demoTemplateFor,
  finishDemoStart,
} from '../src/demo/demo-template.ts';
import { makeTestApp, type TestContext } from './helpers.ts';

const DAY = 86_400_000;
const tmpDirs: string[] = [];
function tmpDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zl-demo-template-'));
  tmpDirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const d of tmpDirs) fs.rmSync(d, { recursive: true, force: true });
});

function countFiles(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
}

describe('shiftTimes', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await makeTestApp();
  });
  afterAll(() => ctx.close());

  it('moves every timestamp by the time and every date by the days, in every table, and nothing else', async () => {
    const db = ctx.database.db;
    await db.execute(sql`create table shift_probe (
      id int primary key, at timestamptz not null, naive timestamp, day date, label text, n int)`);
    await db.execute(sql`insert into shift_probe values
      (1, '2026-11-28T02:00:00Z', '2026-11-28 10:00:00', '2026-11-30', 'keep 2026-11-28', 7),
      (2, '2026-01-01T00:00:00Z', null, null, null, null)`);
    await db.execute(sql`insert into platform_marks (key) values ('shift_probe') on conflict do nothing`);
    const [mark] = await queryRows<{ at: string }>(
      db,
      sql`select at::text as at from platform_marks where key = 'shift_probe'`,
    );
    const ms = 3 * DAY + 90 * 60_000 + 5;
    await shiftTimes(db, ms, 3);
    const rows = await queryRows<Record<string, unknown>>(
      db,
      sql`select id, at::text as at, naive::text as naive, day::text as day, label, n from shift_probe order by id`,
    );
    expect(rows[0]).toMatchObject({
      at: expect.stringMatching(/^2026-12-01 \d\d:30:00\.005/),
      label: 'keep 2026-11-28',
      n: 7,
    });
    expect(rows[0]!.naive).toBe('2026-12-01 11:30:00.005');
    expect(rows[0]!.day).toBe('2026-12-03');
    expect(rows[1]).toMatchObject({ naive: null, day: null });
    // the platform's own tables too
    const [after] = await queryRows<{ moved: boolean }>(
      db,
      sql`select at = ${mark!.at}::timestamptz + interval '3 days 90 minutes 5 milliseconds' as moved
            from platform_marks where key = 'shift_probe'`,
    );
    expect(after!.moved).toBe(true);
    await db.execute(sql`drop table shift_probe`);
    await db.execute(sql`delete from platform_marks where key = 'shift_probe'`);
  });

  it('refuses a shift that is not a whole number', async () => {
    await expect(shiftTimes(ctx.database.db, Number.NaN, 0)).rejects.toThrow();
    await expect(shiftTimes(ctx.database.db, 0, 1.5)).rejects.toThrow();
  });
});

// Building the template seeds the whole demo into PGlite: once, on the embedded pass only.
describe.skipIf(Boolean(process.env.DATABASE_URL))('the demo template', () => {
  let dist: string;
  let meta: DemoTemplateMeta;
  beforeAll(async () => {
    dist = tmpDir();
    // what the build leaves in dist: the bundle (any bytes: its hash is what counts) and the empty template
    fs.writeFileSync(path.join(dist, 'server.js'), '// the server bundle\n');
    await buildPgliteTemplate(path.join(dist, TEMPLATE_ARCHIVE));
    meta = await buildDemoTemplate(dist);
  }, 240_000);

  it('holds the seeded database, the files the demo stored and what seeding printed', () => {
    expect(fs.existsSync(path.join(dist, DEMO_TEMPLATE_ARCHIVE))).toBe(true);
    expect(JSON.parse(fs.readFileSync(metaPathOf(path.join(dist, DEMO_TEMPLATE_ARCHIVE)), 'utf8'))).toEqual(
      meta,
    );
    expect(meta.uploads).toBeGreaterThan(50);
    expect(countFiles(path.join(dist, DEMO_UPLOADS_DIR))).toBe(meta.uploads);
    expect(meta.banner).toContain('13800000001');
    expect(meta.banner).toContain('demo1234');
  });

  it('a fresh start from it: the demo data, its files, every time moved to the start', async () => {
    const dataDir = tmpDir();
    const uploadsDir = path.join(dataDir, 'uploads');
    const start = demoTemplateFor({
      dataDir,
      uploadsDir,
      moduleUrl: pathToFileURL(path.join(dist, 'server.js')).href,
    }) as DemoStart;
    expect(start).toHaveProperty('archive');
    const database = await openDatabase({ dataDir, pgliteTemplate: start.archive });
    try {
      const seededAt = new Date(meta.seededAt);
      const [before] = await queryRows<{ biddl: string; sdate: string; n: number }>(
        database.db,
        sql`select min(biddl)::text as biddl, min(sdate)::text as sdate, count(*)::int as n from projects`,
      );
      expect(before!.n).toBeGreaterThan(5);
      // started three days and an hour after the seeding
      const now = new Date(seededAt.getTime() + 3 * DAY + 3_600_000);
      expect(await finishDemoStart(database.db, start, uploadsDir, now)).toBe(true);
      // dates move by the days between the two Shanghai dates: 4 when the seeding was in the last
      // hour of a Shanghai day (the hour added crosses midnight), 3 otherwise
      const days = Math.round(
        (Date.parse(`${shanghaiToday(now)}T00:00:00Z`) - Date.parse(`${shanghaiToday(seededAt)}T00:00:00Z`)) /
          DAY,
      );
      expect([3, 4]).toContain(days);
      const [after] = await queryRows<{ biddl: boolean; sdate: boolean; n: number }>(
        database.db,
        sql`select min(biddl) = ${before!.biddl}::timestamptz + interval '3 days 1 hour' as biddl,
                   min(sdate) = ${before!.sdate}::date + ${days}::int as sdate, count(*)::int as n from projects`,
      );
      expect(after).toEqual({ biddl: true, sdate: true, n: before!.n });
      expect(countFiles(uploadsDir)).toBe(meta.uploads);
      // every file a row names is there
      const files = await queryRows<{ key: string }>(database.db, sql`select storage_key as key from files`);
      expect(files.length).toBeGreaterThan(0);
      for (const f of files) expect(fs.existsSync(path.join(uploadsDir, f.key)), f.key).toBe(true);
      // the jobs' first rounds ran when it was built: every event the seeding recorded is fanned out
      // and delivered, so a start's own first rounds find nothing to send
      const [outbox] = await queryRows<{ events: number; waiting: number; pending: number }>(
        database.db,
        sql`select (select count(*)::int from outbox_events) as events,
                   (select count(*)::int from outbox_events where fanned_out_at is null) as waiting,
                   (select count(*)::int from outbox_deliveries where status <> 'done') as pending`,
      );
      expect(outbox!.events).toBeGreaterThan(10);
      expect({ waiting: outbox!.waiting, pending: outbox!.pending }).toEqual({ waiting: 0, pending: 0 });
    } finally {
      await database.close();
    }
  });

  it('is not used by another build, from the sources, or on a DATA_DIR or UPLOAD_DIR with anything in it', () => {
    const dataDir = tmpDir();
    const uploadsDir = path.join(dataDir, 'uploads');
    const url = (file: string) => pathToFileURL(path.join(dist, file)).href;
    expect(demoTemplateFor({ dataDir, uploadsDir, moduleUrl: url('demo-template.ts') })).toEqual({
      reason: 'not the built server',
    });
    fs.mkdirSync(uploadsDir, { recursive: true });
    fs.writeFileSync(path.join(uploadsDir, 'mine.jpg'), 'x');
    expect(demoTemplateFor({ dataDir, uploadsDir, moduleUrl: url('server.js') })).toEqual({
      reason: 'UPLOAD_DIR is not empty',
    });
    fs.rmSync(uploadsDir, { recursive: true });
    fs.mkdirSync(path.join(dataDir, 'pglite'));
    fs.writeFileSync(path.join(dataDir, 'pglite', 'PG_VERSION'), '17\n');
    expect(demoTemplateFor({ dataDir, uploadsDir, moduleUrl: url('server.js') })).toEqual({
      reason: 'DATA_DIR has a database',
    });
    // another build: the bundle changed since the template was made
    const other = tmpDir();
    fs.cpSync(dist, other, { recursive: true });
    fs.writeFileSync(path.join(other, 'server.js'), '// another build\n');
    expect(
      demoTemplateFor({
        dataDir: tmpDir(),
        uploadsDir: path.join(tmpDir(), 'u'),
        moduleUrl: pathToFileURL(path.join(other, 'server.js')).href,
      }),
    ).toEqual({ reason: 'demo template of another build' });
  });
});
