// The scheduled backup and the hourly ledger check (docs/operations.md § Backup and restore,
// § Metrics): a cron job has no round at start and is scheduled on the engine with its zone; a
// round writes a complete backup `npm run restore` accepts, keeps BACKUP_KEEP of them and touches
// nothing else in BACKUP_DIR; two processes at one tick write one backup; the metrics show the
// newest backup, the ledger check and the disks.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { verifyBackup } from '../src/cli/restore.ts';
import { type Config, loadConfig } from '../src/config/env.ts';
import { queryRows } from '../src/db/client.ts';
import { backupName, completeBackups, scheduledBackup } from '../src/jobs/backup-job.ts';
import {
  BACKUP_JOB,
  createScheduler,
  cronIntervalMs,
  LEDGER_CHECK_JOB,
  nextCronTime,
} from '../src/jobs/scheduler.ts';
import { makeTestApp, type TestContext } from './helpers.ts';

const DATABASE_URL = process.env.DATABASE_URL;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'zl-backup-schedule-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const TOKEN = 'metrics-token-for-the-backup-test';

describe('the cron of a job', () => {
  it('reads BACKUP_CRON in Asia/Shanghai time', () => {
    const cron = { expression: '0 3 * * *', tz: 'Asia/Shanghai' };
    // 10:00 UTC is 18:00 in Shanghai: the next 03:00 there is 19:00 UTC the same day
    expect(nextCronTime(cron, new Date('2026-11-28T10:00:00Z')).toISOString()).toBe(
      '2026-11-28T19:00:00.000Z',
    );
    expect(cronIntervalMs(cron)).toBe(86_400_000);
    expect(cronIntervalMs({ expression: '17 * * * *', tz: 'Asia/Shanghai' })).toBe(3_600_000);
  });

  it('refuses a BACKUP_CRON that is not five cron fields, and a BACKUP_KEEP under 1', () => {
    expect(() => loadConfig({ BACKUP_DIR: tmp, BACKUP_CRON: 'every night' })).toThrow(/BACKUP_CRON/);
    expect(() => loadConfig({ BACKUP_DIR: tmp, BACKUP_CRON: '0 3 * *' })).toThrow(/BACKUP_CRON/);
    expect(() => loadConfig({ BACKUP_DIR: tmp, BACKUP_CRON: '0 27 * * *' })).toThrow(/BACKUP_CRON/);
    expect(() => loadConfig({ BACKUP_DIR: tmp, BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP/);
    expect(() => loadConfig({ BACKUP_DIR: tmp, BACKUP_KEEP: 'two' })).toThrow(/BACKUP_KEEP/);
    expect(loadConfig({ BACKUP_DIR: tmp, BACKUP_CRON: ' 30  2 * * 1 ' }).backup).toMatchObject({
      dir: tmp,
      cron: '30 2 * * 1',
      tz: 'Asia/Shanghai',
      keep: 7,
    });
    expect(loadConfig({}).backup.dir).toBeNull();
  });
});

describe('the scheduled backup', () => {
  let ctx: TestContext;
  let config: Config;
  const backupDir = path.join(tmp, DATABASE_URL ? 'pg' : 'pglite');
  const uploadDir = path.join(tmp, DATABASE_URL ? 'pg-up' : 'pglite-up');

  beforeAll(async () => {
    fs.mkdirSync(uploadDir, { recursive: true });
    fs.mkdirSync(path.join(uploadDir, '2026', '11'), { recursive: true });
    fs.writeFileSync(path.join(uploadDir, '2026', '11', 'aaaaaaaaaaaaaaaaaaaaaaaa.jpg'), 'a photo');
    ctx = await makeTestApp({
      BACKUP_DIR: backupDir,
      BACKUP_KEEP: '2',
      UPLOAD_DIR: uploadDir,
      METRICS_TOKEN: TOKEN,
    });
    config = ctx.config;
    if (DATABASE_URL) {
      // the test's own database (the harness made it beside DATABASE_URL's): what pg_dump must dump
      const [db] = await queryRows<{ name: string }>(ctx.database.db, sql`select current_database() as name`);
      const url = new URL(DATABASE_URL);
      url.pathname = `/${db!.name}`;
      config = { ...config, database: { ...config.database, url: url.toString() } };
    }
  });
  afterAll(() => ctx.close());

  it('writes a complete backup restore accepts, keeps BACKUP_KEEP of them, and leaves everything else in BACKUP_DIR alone', {
    timeout: 120_000,
  }, async () => {
    fs.mkdirSync(backupDir, { recursive: true });
    fs.mkdirSync(path.join(backupDir, 'keep-me'));
    fs.writeFileSync(path.join(backupDir, 'notes.txt'), 'mine');
    // a backup cut short earlier, and a complete-looking folder without a manifest: neither is counted
    fs.mkdirSync(path.join(backupDir, '.zl-backup-2026-01-01T000000Z.partial'));
    fs.mkdirSync(path.join(backupDir, 'zl-backup-2020-01-01T000000Z'));
    const t0 = new Date('2026-11-28T19:00:00Z');
    const made: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await scheduledBackup({
        config,
        database: ctx.database,
        now: new Date(t0.getTime() + i * 86_400_000),
      });
      expect(r.ledgerOk).toBe(true);
      expect(r.bytes).toBeGreaterThan(0);
      made.push(path.basename(r.dir));
      const manifest = verifyBackup(r.dir);
      expect(manifest.database.kind).toBe(DATABASE_URL ? 'postgres' : 'pglite');
      expect(manifest.uploads).toMatchObject({ kind: 'local', count: 1 });
    }
    expect(made).toEqual([0, 1, 2].map((i) => backupName(new Date(t0.getTime() + i * 86_400_000))));
    expect(completeBackups(backupDir)).toEqual([made[2], made[1]]);
    expect(fs.readdirSync(backupDir).sort()).toEqual(
      ['keep-me', 'notes.txt', 'zl-backup-2020-01-01T000000Z', made[1]!, made[2]!].sort(),
    );
  });

  it('is a job on its calendar only: no round at start; on the job engine its cron and zone', {
    timeout: 60_000,
  }, async () => {
    const scheduler = createScheduler({
      database: ctx.database,
      config,
      log: ctx.app.log,
      outbox: ctx.app.outbox,
    });
    const before = completeBackups(backupDir);
    scheduler.start();
    try {
      await scheduler.ready();
      const rows = await queryRows<{ name: string; cron: string; timezone: string }>(
        ctx.database.db,
        sql`select name, cron, timezone from pgboss.schedule where name in (${BACKUP_JOB}, ${LEDGER_CHECK_JOB}) order by name`,
      );
      expect(rows).toEqual([
        { name: BACKUP_JOB, cron: '0 3 * * *', timezone: 'Asia/Shanghai' },
        { name: LEDGER_CHECK_JOB, cron: '17 * * * *', timezone: 'Asia/Shanghai' },
      ]);
      // the other jobs' first rounds ran; the calendar jobs' did not
      await vi.waitFor(() =>
        expect(scheduler.roundStats().find((s) => s.job === 'expire-projects')?.ok).toBeGreaterThan(0),
      );
      const stats = Object.fromEntries(scheduler.roundStats().map((s) => [s.job, s.ok + s.failed]));
      expect(stats[BACKUP_JOB]).toBe(0);
      expect(stats[LEDGER_CHECK_JOB]).toBe(0);
      expect(completeBackups(backupDir)).toEqual(before);
    } finally {
      await scheduler.stop();
    }
  });

  it.skipIf(!DATABASE_URL)(
    'two processes at the same tick: one backup (the job lock)',
    { timeout: 120_000 },
    async () => {
      // two processes' schedulers on one database: the same job and lock, each its own connection
      const a = createScheduler({ database: ctx.database, config, log: ctx.app.log, outbox: ctx.app.outbox });
      const second = createScheduler({
        database: ctx.database,
        config,
        log: ctx.app.log,
        outbox: ctx.app.outbox,
      });
      const before = completeBackups(backupDir).length;
      const ran = await Promise.all([a.run(BACKUP_JOB), second.run(BACKUP_JOB)]);
      expect(ran.filter(Boolean)).toHaveLength(1);
      // BACKUP_KEEP is 2: the new one is the newest of the two kept
      expect(completeBackups(backupDir)).toHaveLength(Math.min(2, before + 1));
    },
  );

  it('the metrics: the newest backup, the ledger check, the disks', async () => {
    const scrape = async () =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/metrics',
          headers: { authorization: `Bearer ${TOKEN}` },
        })
      ).body;
    const before = await scrape();
    expect(before).toMatch(/^zl_ledger_check_ok -1$/m);
    await ctx.app.jobs.run(LEDGER_CHECK_JOB);
    const after = await scrape();
    expect(after).toMatch(/^zl_ledger_check_ok 1$/m);
    expect(Number(/^zl_ledger_check_timestamp_seconds (\S+)$/m.exec(after)?.[1])).toBeGreaterThan(1.7e9);
    const newest = completeBackups(backupDir)[0]!;
    expect(Number(/^zl_backup_last_success_timestamp_seconds (\S+)$/m.exec(after)?.[1])).toBeGreaterThan(
      1.7e9,
    );
    expect(newest).toMatch(/^zl-backup-/);
    expect(Number(/^zl_backup_last_size_bytes (\S+)$/m.exec(after)?.[1])).toBeGreaterThan(0);
    expect(after).toMatch(/^zl_disk_free_bytes\{dir="backup"\} \d+/m);
    expect(after).toMatch(/^zl_disk_size_bytes\{dir="uploads"\} \d+/m);
  });
});
