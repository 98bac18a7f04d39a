// The restore drill (docs/operations.md § Backup and restore): a real server takes coin purchases
// through the Alipay sandbox while `npm run backup` runs; the backup is restored into a fresh
// DATA_DIR (PGlite) or a fresh database (PostgreSQL, with DATABASE_URL) by `npm run restore`,
// and a second server on it still knows every purchase acknowledged before the backup began;
// the ledger check passes and the uploaded files are there, byte for byte.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { listFiles, type Manifest, sha256File } from '../src/modules/backup/backup.ts';
import { freePort } from './free-port.ts';
import { killAll, type Proc, startServer, waitHealthy } from './server-process.ts';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const DATABASE_URL = process.env.DATABASE_URL;
const run = promisify(execFile);
const running: Proc[] = [];
const databases: string[] = [];
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'zl-backup-'));

afterAll(async () => {
  killAll(running);
  fs.rmSync(tmp, { recursive: true, force: true });
  if (databases.length === 0) return;
  const c = new pg.Client({ connectionString: DATABASE_URL });
  await c.connect();
  for (const name of databases) await c.query(`drop database if exists ${name} with (force)`);
  await c.end();
});

async function freshDatabase(): Promise<string> {
  const name = `bk_drill_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  databases.push(name);
  const url = new URL(DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

/** `npm run backup|restore` as a process, with `env` on top of this one's (less DATABASE_URL). */
async function cli(script: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  const { DATABASE_URL: _ignored, ...rest } = process.env;
  try {
    const r = await run(process.execPath, ['--import', 'tsx', `apps/server/src/cli/${script}.ts`, ...args], {
      cwd: ROOT,
      env: { ...rest, NODE_ENV: 'development', ...env },
    });
    return { code: 0, out: r.stdout + r.stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
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

const PASSWORD = 'Drill2026ok';

async function registerSupplier(port: number): Promise<{ mobile: string; cookie: string }> {
  const mobile = `167${String(Date.now() % 1e8).padStart(8, '0')}`;
  expect((await call(port, 'User/getCode', { mobile, type: 'regist' })).json.success).toBe(true);
  const outbox = await fetch(`http://127.0.0.1:${port}/api/Dev/smsOutbox?mobile=${mobile}`);
  const code = ((await outbox.json()) as { data: { items: { code: string }[] } }).data.items[0]!.code;
  const reg = await call(port, 'User/regist', { mobile, code, password: PASSWORD, cardtype: 'workshop' });
  expect(reg.json.success).toBe(true);
  return { mobile, cookie: await login(port, mobile) };
}

async function login(port: number, mobile: string): Promise<string> {
  const r = await call(port, 'User/login', { mobile, password: PASSWORD });
  expect(r.json.success).toBe(true);
  return r.setCookie;
}

/** Buys coins through the sandbox; answers the order number once the payment is acknowledged. */
async function buyCoins(port: number, cookie: string, coins: number): Promise<string> {
  const link = await call(port, 'Alipay/getPayLink', { purpose: 'coins', coins }, cookie);
  expect(link.json.success).toBe(true);
  const outTradeNo = link.json.data.outTradeNo as string;
  const base = `http://127.0.0.1:${port}`;
  // the 收银台 page opens the sandbox's trade; 确认支付 pays it and delivers the notify first
  expect((await fetch(`${base}${link.json.data.payUrl}`)).status).toBe(200);
  const pay = await fetch(`${base}/sandbox/alipay/pay`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
    body: new URLSearchParams({ out_trade_no: outTradeNo, action: 'pay' }),
  });
  expect(pay.status).toBe(303);
  return outTradeNo;
}

// one drill per pass (docs/testing.md): PGlite, or the PostgreSQL server when DATABASE_URL is given
const kinds = [{ kind: DATABASE_URL ? ('postgres' as const) : ('pglite' as const) }];

describe.each(kinds)('restore drill on $kind', ({ kind }) => {
  it('every purchase acknowledged before the backup is there after the restore', async () => {
    const port = await freePort();
    const dataA = path.join(tmp, `${kind}-a`);
    const envA: Record<string, string> = {
      PORT: String(port),
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataA,
      ...(kind === 'postgres' ? { DATABASE_URL: await freshDatabase() } : {}),
    };
    const a = startServer(envA);
    running.push(a);
    await waitHealthy(port, a, 60_000);
    const sup = await registerSupplier(port);
    const before: string[] = [];
    for (let i = 0; i < 3; i++) before.push(await buyCoins(port, sup.cookie, 10 + i));

    // purchases keep arriving while the backup runs
    let stop = false;
    let ackedBeforeBackup = [...before];
    const during: string[] = [];
    const traffic = (async () => {
      while (!stop) during.push(await buyCoins(port, sup.cookie, 20));
    })();
    await new Promise((r) => setTimeout(r, 300));
    ackedBeforeBackup = [...before, ...during];
    const out = path.join(tmp, `${kind}-backup`);
    const b = await cli('backup', ['--out', out], envA);
    stop = true;
    await traffic;
    expect(b.code, b.out).toBe(0);
    expect(during.length).toBeGreaterThan(0);
    const manifest = JSON.parse(fs.readFileSync(path.join(out, 'manifest.json'), 'utf8')) as Manifest;
    expect(manifest.database.kind).toBe(kind);
    if (kind === 'pglite') expect(manifest.database.via).toBe('server');
    expect(manifest.ledger.ok).toBe(true);
    expect(manifest.rowCounts.payment_orders).toBeGreaterThanOrEqual(ackedBeforeBackup.length);
    expect(manifest.uploads.count).toBeGreaterThan(0);
    a.child.kill('SIGTERM');
    await a.exited;

    // a damaged backup is refused before anything is touched
    const port2 = await freePort();
    const dataB = path.join(tmp, `${kind}-b`);
    const envB: Record<string, string> = {
      PORT: String(port2),
      PUBLIC_BASE_URL: `http://127.0.0.1:${port2}`,
      DATA_DIR: dataB,
      DEMO_DATA: 'false',
      ...(kind === 'postgres' ? { DATABASE_URL: await freshDatabase() } : {}),
    };
    const someFile = Object.keys(manifest.checksums).find((f) => f.startsWith('uploads/'))!;
    const saved = fs.readFileSync(path.join(out, someFile));
    fs.appendFileSync(path.join(out, someFile), 'x');
    const damaged = await cli('restore', ['--from', out], envB);
    expect(damaged.code, damaged.out).toBe(4);
    expect(fs.existsSync(path.join(dataB, 'pglite'))).toBe(false);
    fs.writeFileSync(path.join(out, someFile), saved);

    const r = await cli('restore', ['--from', out], envB);
    expect(r.code, r.out).toBe(0);
    expect(r.out).toContain('通过 ok');
    // a second restore onto the now non-empty target is refused
    expect((await cli('restore', ['--from', out], envB)).code).toBe(3);

    // the files, byte for byte
    const restoredFiles = listFiles(path.join(dataB, 'uploads'));
    expect(restoredFiles.length).toBe(manifest.uploads.count);
    for (const rel of restoredFiles) {
      expect(sha256File(path.join(dataB, 'uploads', rel))).toBe(manifest.checksums[`uploads/${rel}`]);
    }

    const bProc = startServer(envB);
    running.push(bProc);
    await waitHealthy(port2, bProc, 60_000);
    const cookie = await login(port2, sup.mobile);
    for (const outTradeNo of ackedBeforeBackup) {
      const s = await call(port2, 'Alipay/orderStatus', { outTradeNo }, cookie);
      expect(s.json.data, outTradeNo).toMatchObject({ status: 'paid' });
    }
    bProc.child.kill('SIGTERM');
    await bProc.exited;
  }, 90_000);
});
