import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import '@zl/shared';
import { loadConfig } from '../src/config/env.ts';
import { acquireDataDirLock, DataDirLockedError, openDatabase, queryRows } from '../src/db/client.ts';

const tmpDirs: string[] = [];
function tmpDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zl-db-test-'));
  tmpDirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const d of tmpDirs) fs.rmSync(d, { recursive: true, force: true });
});

/** A PID that belongs to no running process. */
function deadPid(): number {
  for (let pid = 999_999; pid > 900_000; pid--) {
    try {
      process.kill(pid, 0);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ESRCH') return pid;
    }
  }
  throw new Error('no dead pid found');
}

describe('acquireDataDirLock', () => {
  it('writes our PID; a second acquire fails fast with DataDirLockedError naming the dir and PID', () => {
    const dir = tmpDir();
    const release = acquireDataDirLock(dir);
    const lockFile = path.join(dir, 'pglite.lock');
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
    // fails at once: the refusal is thrown by the call itself, no retry or wait for the lock
    let caught: unknown;
    try {
      acquireDataDirLock(dir);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(DataDirLockedError);
    const e = caught as Error;
    expect(e.name).toBe('DataDirLockedError');
    expect(e.message).toContain(dir);
    expect(e.message).toContain(`PID ${process.pid}`);
    expect(e.message).toContain('DATA_DIR');
    expect(e.message).toContain('DATABASE_URL');
    release();
    expect(fs.existsSync(lockFile)).toBe(false);
  });

  it('a lock held by another live process is respected', () => {
    const dir = tmpDir();
    fs.writeFileSync(path.join(dir, 'pglite.lock'), String(process.ppid));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(`PID ${process.ppid}`);
    expect(fs.readFileSync(path.join(dir, 'pglite.lock'), 'utf8')).toBe(String(process.ppid));
  });

  it.each([
    ['the PID of a dead process', () => String(deadPid())],
    ['garbage', () => 'not a pid'],
    ['an empty file', () => ''],
    ['a negative number', () => '-5'],
  ])('a stale lock file (%s) is taken over', (_name, content) => {
    const dir = tmpDir();
    const lockFile = path.join(dir, 'pglite.lock');
    fs.writeFileSync(lockFile, content());
    const release = acquireDataDirLock(dir);
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(lockFile)).toBe(false);
  });

  it('releasing twice does not remove a lock taken in between', () => {
    const dir = tmpDir();
    const lockFile = path.join(dir, 'pglite.lock');
    const first = acquireDataDirLock(dir);
    first();
    const second = acquireDataDirLock(dir);
    first();
    expect(fs.existsSync(lockFile)).toBe(true);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    second();
    expect(fs.existsSync(lockFile)).toBe(false);
  });
});

describe('openDatabase on a PGlite data directory', () => {
  it('a second open fails fast; close releases; a stale lock is taken over; migrations are idempotent and data persists', {
    timeout: 120_000,
  }, async () => {
    const dir = tmpDir();
    const lockFile = path.join(dir, 'pglite.lock');
    const first = await openDatabase({ dataDir: dir });
    expect(first.kind).toBe('pglite');
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(process.pid));

    // refused by the lock before PGlite opens the directory: the error names the holder
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(DataDirLockedError);
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(`PID ${process.pid}`);
    // the failed opener did not take the first one's lock away
    expect(fs.existsSync(lockFile)).toBe(true);

    await first.db.execute(
      sql`insert into members (cardno, mobile, password_hash, cardtype) values ('12345678', '13700000000', 'x', 'customer')`,
    );
    const migrations = await queryRows<{ n: number }>(
      first.db,
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    await first.close();
    expect(fs.existsSync(lockFile)).toBe(false);

    // as if the next owner had crashed: its stale lock does not keep the database closed
    fs.writeFileSync(lockFile, String(deadPid()));
    const again = await openDatabase({ dataDir: dir });
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
    try {
      const [m] = await queryRows<{ cardno: string; cardtype: string }>(
        again.db,
        sql`select cardno, cardtype from members where mobile = '13700000000'`,
      );
      expect(m).toEqual({ cardno: '12345678', cardtype: 'customer' });
      const after = await queryRows<{ n: number }>(
        again.db,
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      expect(after[0]!.n).toBe(migrations[0]!.n);
      expect(after[0]!.n).toBeGreaterThan(0);
    } finally {
      await again.close();
    }
    expect(fs.existsSync(lockFile)).toBe(false);
  });
});

describe.runIf(Boolean(process.env.DATABASE_URL))('openDatabase on a PostgreSQL server', () => {
  it('several processes starting at once migrate once (advisory lock), and again is a no-op', async () => {
    const adminUrl = process.env.DATABASE_URL!;
    const name = `zl_test_mig_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    try {
      const opened = await Promise.all(
        [1, 2, 3].map(() => openDatabase({ databaseUrl: url.toString(), poolSize: 2 })),
      );
      const counts = await Promise.all(
        opened.map((d) =>
          queryRows<{ n: number }>(d.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
        ),
      );
      for (const c of counts) expect(c[0]!.n).toBe(counts[0]![0]!.n);
      await Promise.all(opened.map((d) => d.close()));
      const again = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
      const n = await queryRows<{ n: number }>(
        again.db,
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      expect(n[0]!.n).toBe(counts[0]![0]!.n);
      await again.close();
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});

describe('loadConfig', () => {
  it('PORT=abc → a clear Chinese message naming PORT', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/^配置错误（环境变量）：\n {2}PORT: .*[\u4e00-\u9fff]/);
  });

  it.each([
    [{ PORT: '70000' }, 'PORT'],
    [{ PORT: '-1' }, 'PORT'],
    [{ PORT: '3000.5' }, 'PORT'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ COOKIE_SECURE: 'yes' }, 'COOKIE_SECURE'],
    [{ SESSION_IDLE_MINUTES: '0' }, 'SESSION_IDLE_MINUTES'],
    [{ LOGIN_IP_FAILURE_LIMIT: 'many' }, 'LOGIN_IP_FAILURE_LIMIT'],
    [{ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL'],
  ])('%j is refused naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(`配置错误[\\s\\S]*${name}: `));
  });

  it('reports every bad variable at once', () => {
    try {
      loadConfig({ PORT: 'abc', NODE_ENV: 'staging' });
      expect.unreachable();
    } catch (err) {
      expect((err as Error).message).toContain('PORT');
      expect((err as Error).message).toContain('NODE_ENV');
    }
  });

  it('defaults: PORT 3000, HOST 127.0.0.1, DATA_DIR ./data resolved absolute, development', () => {
    const c = loadConfig({});
    expect(c.server.port).toBe(3000);
    expect(c.server.host).toBe('127.0.0.1');
    expect(path.isAbsolute(c.database.dataDir)).toBe(true);
    expect(c.database.dataDir).toBe(path.resolve(process.cwd(), 'data'));
    expect(c.env).toBe('development');
    expect(c.isProduction).toBe(false);
    expect(c.database.url).toBeUndefined();
    expect(c.server.logLevel).toBe('info');
    expect(c.server.cookieSecure).toBe(false);
    expect(c.server.demoData).toBe(true);
    expect(c.sessions.idleMs).toBe(120 * 60_000);
    expect(c.sessions.absoluteMs).toBe(7 * 24 * 3_600_000);
    expect(c.sessions.rememberMs).toBe(30 * 86_400_000);
    expect(c.sessions.loginIpFailureLimit).toBe(300);
    expect(c.sessions.loginIpAccountFailureLimit).toBe(10);
  });

  it('empty variables mean "not set" (PORT= is 3000, not a random port)', () => {
    const c = loadConfig({ PORT: '', DATA_DIR: '', LOG_LEVEL: '', DATABASE_URL: '', COOKIE_SECURE: '' });
    expect(c.server.port).toBe(3000);
    expect(c.database.dataDir).toBe(path.resolve('data'));
    expect(c.server.logLevel).toBe('info');
    expect(c.database.url).toBeUndefined();
  });

  it('production: secure cookies, no demo data; overrides are honoured', () => {
    // production refuses to start without a real SMS provider (test/config-production.test.ts)
    const sms = {
      SMS_PROVIDER: 'aliyun',
      ALIYUN_ACCESS_KEY_ID: 'id',
      ALIYUN_ACCESS_KEY_SECRET: 'secret',
      ALIYUN_SMS_SIGN_NAME: '签名',
      ALIYUN_SMS_TEMPLATE: 'SMS_1',
    };
    const p = loadConfig({ NODE_ENV: 'production', ...sms });
    expect(p.isProduction).toBe(true);
    expect(p.server.cookieSecure).toBe(true);
    expect(p.server.demoData).toBe(false);
    const o = loadConfig({
      NODE_ENV: 'production',
      ...sms,
      COOKIE_SECURE: 'false',
      PORT: '8080',
      DATA_DIR: '/var/lib/zl',
      SESSION_IDLE_MINUTES: '30',
      LOGIN_IP_FAILURE_LIMIT: '3',
      TRUST_PROXY: '1',
    });
    expect(o).toMatchObject({
      server: { cookieSecure: false, port: 8080, trustProxy: true },
      database: { dataDir: '/var/lib/zl' },
      sessions: { idleMs: 30 * 60_000, loginIpFailureLimit: 3 },
    });
    expect(loadConfig({ NODE_ENV: 'test' }).server.logLevel).toBe('silent');
  });
});
