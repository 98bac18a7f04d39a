import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { freePort } from './free-port.ts';
import { killAll, type Proc, startServer as start, waitHealthy } from './server-process.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zl-proc-test-'));
const running: Proc[] = [];
afterAll(() => {
  killAll(running);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

// Processes on the embedded database (startServer drops DATABASE_URL): the PostgreSQL pass would
// repeat them unchanged (docs/testing.md § Rules).
describe.skipIf(Boolean(process.env.DATABASE_URL))('the server process', () => {
  it('starts and answers /healthz; a second process on the same DATA_DIR exits non-zero with the lock message; SIGTERM exits 0 and removes the lock', {
    timeout: 90_000,
  }, async () => {
    const port = await freePort();
    // info: its log says when the login below has arrived and when the shutdown has begun
    // trace: the `incoming request` line tells that the login's headers arrived (lib/logging.ts)
    const first = start({ DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'trace' });
    running.push(first);
    await waitHealthy(port, first);
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(await health.json()).toEqual({ status: 'ok', db: 'pglite' });
    const lockFile = path.join(dataDir, 'pglite.lock');
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(first.child.pid));
    expect(first.out()).toContain('已启动');

    // a second server on the same data directory refuses to start
    const second = start({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    running.push(second);
    const res2 = await second.exited;
    expect(res2.code).not.toBe(0);
    expect(res2.code).not.toBeNull();
    expect(second.out()).not.toContain('已启动');
    expect(second.out()).toContain('启动失败');
    expect(second.out()).toContain(`数据目录 ${dataDir} 正被另一个进程（PID ${first.child.pid}）使用`);
    expect(second.out()).not.toMatch(/\n\s+at /);
    // and it left the first one's lock alone; the first still serves
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(first.child.pid));
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);

    // a login in flight (headers sent, body still coming), then SIGTERM: it is answered, then the
    // process exits 0 and removes the lock
    const body = JSON.stringify({ mobile: '13800000001', password: 'demo1234' });
    const sock = net.connect(port, '127.0.0.1');
    await new Promise((r) => sock.once('connect', r));
    let raw = '';
    sock.on('data', (d) => (raw += d));
    const ended = new Promise((r) => sock.once('close', r));
    sock.write(
      `POST /api/User/login HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    );
    await vi.waitFor(() => expect(first.out()).toContain('"url":"/api/User/login"'), { timeout: 10_000 });
    first.child.kill('SIGTERM');
    await vi.waitFor(() => expect(first.out()).toContain('shutting down'), { timeout: 10_000 });
    expect(first.child.exitCode).toBeNull(); // still draining
    sock.write(body.slice(10));
    const res1 = await first.exited;
    await ended; // the server closed the keep-alive connection after answering
    expect(raw).toMatch(/^HTTP\/1\.1 200 /);
    expect(raw.toLowerCase()).toContain('connection: close');
    expect(raw).toContain('"success":true');
    expect(res1).toMatchObject({ code: 0, signal: null });
    // by its own close, not the force-exit of server.ts (which exits 1 and logs that it timed out)
    expect(fs.existsSync(lockFile)).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(true);
    expect(first.out()).not.toMatch(/shutdown (timed out|failed)/);
  });

  it('NODE_ENV=production without a real SMS provider exits non-zero before listening, naming the variables', {
    timeout: 60_000,
  }, async () => {
    const port = await freePort();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zl-proc-prod-'));
    const p = start({
      NODE_ENV: 'production',
      DATA_DIR: dir,
      PORT: String(port),
      SMS_PROVIDER: '',
      DEMO_DATA: '',
    });
    running.push(p);
    const res = await p.exited;
    fs.rmSync(dir, { recursive: true, force: true });
    expect(res.code).toBe(1);
    expect(p.out()).toContain('启动失败');
    expect(p.out()).toMatch(/SMS_PROVIDER=aliyun[\s\S]*ALIYUN_ACCESS_KEY_ID/);
    expect(p.out()).not.toMatch(/\n\s+at /);
    expect(p.out()).not.toContain('已启动');
    // it never opened the database
    expect(fs.existsSync(path.join(dir, 'pglite'))).toBe(false);
  });
});
