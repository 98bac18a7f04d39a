// N processes, one platform (docs/deploy.md): two real server processes on one PostgreSQL database
// and one S3-protocol bucket share sessions (and forget ended ones from each other's session
// cache), files and rate limits; `WORKERS=2` runs two workers
// behind one port under a supervisor that replaces a dead worker. Needs the PostgreSQL server
// (DATABASE_URL); the refusal without it runs everywhere.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from './free-port.ts';
import { killAll, type Proc, startServer, waitHealthy } from './server-process.ts';

const DATABASE_URL = process.env.DATABASE_URL;
const running: Proc[] = [];
const databases: string[] = [];
afterAll(async () => {
  killAll(running);
  if (databases.length === 0) return;
  const c = new pg.Client({ connectionString: DATABASE_URL });
  await c.connect();
  for (const name of databases) await c.query(`drop database if exists ${name} with (force)`);
  await c.end();
});

/** A new database on the server; dropped after the file. */
async function freshDatabase(): Promise<string> {
  const name = `zl_mp_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  databases.push(name);
  const url = new URL(DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

async function call(port: number, name: string, body: unknown, cookie = '') {
  const res = await fetch(`http://127.0.0.1:${port}/api/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: envelope bodies in assertions
  const json = (await res.json()) as any;
  const setCookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { status: res.status, json, setCookie };
}

let seq = 0;
/** Registers a supplier through `port` and logs it in there; answers its mobile and cookie. */
async function member(port: number): Promise<{ mobile: string; cookie: string }> {
  seq++;
  const mobile = `166${String(Date.now() % 1e6).padStart(6, '0')}${String(seq).padStart(2, '0')}`;
  expect((await call(port, 'User/getCode', { mobile, type: 'regist' })).json.success).toBe(true);
  const outbox = await fetch(`http://127.0.0.1:${port}/api/Dev/smsOutbox?mobile=${mobile}`);
  const code = ((await outbox.json()) as { data: { items: { code: string }[] } }).data.items[0]!.code;
  const password = 'Multi2026ok';
  expect(
    (await call(port, 'User/regist', { mobile, code, password, cardtype: 'workshop' })).json.success,
  ).toBe(true);
  const login = await call(port, 'User/login', { mobile, password });
  expect(login.json.success).toBe(true);
  return { mobile, cookie: login.setCookie };
}

describe.skipIf(!DATABASE_URL)('two server processes, one database, one bucket', () => {
  let a: number;
  let b: number;
  let s3: S3rver;
  let s3dir: string;

  beforeAll(async () => {
    s3dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zl-mp-s3-'));
    s3 = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: s3dir,
      configureBuckets: [{ name: 'zl-mp', configs: [] }],
    });
    const s3port = ((await s3.run()) as AddressInfo).port;
    const env = {
      DATABASE_URL: await freshDatabase(),
      DEMO_DATA: 'false',
      S3_BUCKET: 'zl-mp',
      S3_ENDPOINT: `http://127.0.0.1:${s3port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      LOGIN_IP_ACCOUNT_FAILURE_LIMIT: '3',
      // a minute: a session one process cached can only end there through the other's notification
      SESSION_CACHE_SECONDS: '60',
      // each process's own disk: a file found through the other process can only come from the bucket
      UPLOAD_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'zl-mp-a-')),
    };
    a = await freePort();
    const pa = startServer({ ...env, PORT: String(a) });
    running.push(pa);
    await waitHealthy(a, pa, 90_000);
    b = await freePort();
    const pb = startServer({
      ...env,
      PORT: String(b),
      UPLOAD_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'zl-mp-b-')),
    });
    running.push(pb);
    await waitHealthy(b, pb, 90_000);
  }, 180_000);
  afterAll(async () => {
    await s3?.close();
    if (s3dir) fs.rmSync(s3dir, { recursive: true, force: true });
  });

  it('a session made on one process is valid on the other; a logout on the other ends it on both, cached or not', async () => {
    const m = await member(a);
    const onB = await call(b, 'Member/userInfo', {}, m.cookie);
    expect(onB.json.success).toBe(true);
    expect(onB.json.data.mobile).toBe(m.mobile);
    // A has it in its session cache now
    expect((await call(a, 'Member/userInfo', {}, m.cookie)).json.success).toBe(true);
    await fetch(`http://127.0.0.1:${b}/api/User/logout`, { headers: { cookie: m.cookie } });
    expect((await call(b, 'Member/userInfo', {}, m.cookie)).json.errCode).toBe('NOT_LOGGED_IN');
    // A forgets it when B's notification arrives (the cache would keep it a minute otherwise)
    await expect
      .poll(async () => (await call(a, 'Member/userInfo', {}, m.cookie)).json.errCode, { timeout: 10_000 })
      .toBe('NOT_LOGGED_IN');
  }, 60_000);

  it('a password change on one process ends the member’s other sessions cached by the other', async () => {
    const m = await member(a);
    const second = await call(b, 'User/login', { mobile: m.mobile, password: 'Multi2026ok' });
    expect((await call(a, 'Member/userInfo', {}, second.setCookie)).json.success).toBe(true);
    const changed = await call(
      b,
      'Member/changePwd',
      { oldPassword: 'Multi2026ok', password: 'Multi2027ok' },
      m.cookie,
    );
    expect(changed.json.success).toBe(true);
    await expect
      .poll(async () => (await call(a, 'Member/userInfo', {}, second.setCookie)).json.errCode, {
        timeout: 10_000,
      })
      .toBe('NOT_LOGGED_IN');
    expect((await call(a, 'Member/userInfo', {}, m.cookie)).json.success).toBe(true);
  }, 60_000);

  it('a file uploaded through one process is served by the other (from the bucket)', async () => {
    const m = await member(a);
    const image = await sharp({ create: { width: 160, height: 90, channels: 3, background: '#2563eb' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('purpose', 'avatar');
    form.append('file', new Blob([image], { type: 'image/png' }), 'logo.png');
    const res = await fetch(`http://127.0.0.1:${a}/api/File/upload`, {
      method: 'POST',
      headers: { cookie: m.cookie },
      body: form,
    });
    const up = (await res.json()) as { success: boolean; data: { url: string } };
    expect(up.success).toBe(true);
    const fromB = await fetch(`http://127.0.0.1:${b}${up.data.url}`);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get('content-type')).toBe('image/png');
    const got = Buffer.from(await fromB.arrayBuffer());
    expect((await sharp(got).metadata()).width).toBe(160);
  }, 60_000);

  it('failed logins counted on one process are refused on the other', async () => {
    const m = await member(a);
    for (let i = 0; i < 3; i++) {
      expect(
        (await call(i % 2 ? b : a, 'User/login', { mobile: m.mobile, password: 'wrong-pass1' })).json.errCode,
      ).toBe('LOGIN_FAILED');
    }
    const fourth = await call(b, 'User/login', { mobile: m.mobile, password: 'wrong-pass1' });
    expect(fourth.status).toBe(429);
    expect(fourth.json.errCode).toBe('RATE_LIMITED');
  }, 60_000);
});

function childPids(pid: number): number[] {
  try {
    return execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .map((s) => Number(s.trim()))
      .filter((n) => n > 0);
  } catch {
    return []; // ps exits 1 when there are none
  }
}

async function until(check: () => boolean, ms = 60_000): Promise<void> {
  await vi.waitFor(() => expect(check()).toBe(true), { timeout: ms, interval: 200 });
}

describe('WORKERS: N processes on one machine', () => {
  // the embedded database only: the PostgreSQL pass would repeat it unchanged
  it.skipIf(Boolean(DATABASE_URL))(
    'WORKERS=2 on the embedded database: refused before anything starts, naming DATABASE_URL',
    async () => {
      const p = startServer(
        { DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'zl-mp-w-')), PORT: String(await freePort()) },
        ['--workers', '2'],
      );
      running.push(p);
      const res = await p.exited;
      expect(res.code).toBe(1);
      expect(p.out()).toContain('启动失败');
      expect(p.out()).toContain('WORKERS=2 需要 DATABASE_URL');
      expect(p.out()).not.toMatch(/\n\s+at /);
    },
    60_000,
  );

  it.skipIf(!DATABASE_URL)(
    'WORKERS=2: two workers serve one port; a killed worker is replaced; SIGTERM stops them all with code 0',
    async () => {
      const port = await freePort();
      const p = startServer({
        DATABASE_URL: await freshDatabase(),
        DEMO_DATA: 'false',
        WORKERS: '2',
        PORT: String(port),
      });
      running.push(p);
      await waitHealthy(port, p, 90_000);
      const pid = p.child.pid!;
      await until(() => childPids(pid).length === 2);
      expect(p.out()).toContain('已启动 2 个工作进程');
      const [first] = childPids(pid);
      process.kill(first!, 'SIGKILL');
      await until(() => {
        const now = childPids(pid);
        return now.length === 2 && !now.includes(first!);
      });
      await waitHealthy(port, p);
      expect(p.out()).toMatch(/工作进程 \d+ 已退出（SIGKILL）/);
      p.child.kill('SIGTERM');
      const res = await p.exited;
      expect(res.code).toBe(0);
      expect(childPids(pid)).toEqual([]);
    },
    180_000,
  );
});
