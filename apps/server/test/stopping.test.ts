import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from './free-port.ts';
import { openSse } from './sse-client.ts';

/**
 * Stopping the real server however a process manager does it (docs/operations.md § Stopping):
 * SIGTERM/SIGINT to the process group, to `npm`'s process only or to node's only, with the pipes
 * the output goes to still open or closed first. Each run has SHUTDOWN_SECONDS=3; what is
 * asserted is that every process of the group is gone by then (plus the time to tear down).
 */
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const SERVER = path.join(ROOT, 'apps/server/src/server.ts');
const TSX = import.meta.resolve('tsx');
const SHUTDOWN_SECONDS = 3;
/** the deadline itself, plus what exiting and the kernel's reaping may take */
const EXIT_WITHIN_MS = SHUTDOWN_SECONDS * 1000 + 2000;

const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'zl-stopping-'));
const started: ChildProcess[] = [];
afterAll(() => {
  for (const c of started) {
    try {
      if (c.pid) process.kill(-c.pid, 'SIGKILL');
    } catch {}
  }
  fs.rmSync(temp, { recursive: true, force: true });
});

// `npm run start` of a package whose start script runs the server as the root package.json's does
// (`exec node …`), less the build: the server runs from its sources through tsx, as in
// server-process.ts. 'npm-sh': a script without `exec`, so a shell stays between npm and node and
// dies of a signal npm passes on without passing it further (server.ts notices it is orphaned).
function packageDir(name: string, script: string): string {
  const dir = path.join(temp, name);
  fs.mkdirSync(dir);
  fs.writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({ name, private: true, scripts: { start: script } }),
  );
  return dir;
}
const pkgDirs = {
  npm: packageDir('pkg-exec', `exec node --import ${TSX} ${SERVER}`),
  'npm-sh': packageDir('pkg-sh', `node --import ${TSX} ${SERVER}`),
};

interface Run {
  child: ChildProcess;
  out: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
}

/** The server in a process group of its own, under `npm run start` or as node itself. */
function run(wrapper: 'npm' | 'npm-sh' | 'node', env: Record<string, string>): Run {
  const { DATABASE_URL: _ignored, ...rest } = process.env;
  const childEnv = {
    ...rest,
    // npm's shebang finds node on PATH: this very node
    PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}`,
    NODE_ENV: 'development',
    LOG_LEVEL: 'info',
    SHUTDOWN_SECONDS: String(SHUTDOWN_SECONDS),
    ...env,
  };
  const child =
    wrapper !== 'node'
      ? spawn('npm', ['run', '-s', 'start'], {
          cwd: pkgDirs[wrapper],
          env: childEnv,
          detached: true,
          stdio: ['ignore', 'pipe', 'pipe'],
        })
      : spawn(process.execPath, ['--import', TSX, SERVER], {
          cwd: ROOT,
          env: childEnv,
          detached: true,
          stdio: ['ignore', 'pipe', 'pipe'],
        });
  started.push(child);
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  return { child, out: () => out, exited };
}

// one database made (and migrated, seeded) once, copied for each run: a start takes seconds, not tens
const seeded = path.join(temp, 'seeded');
beforeAll(async () => {
  if (process.env.DATABASE_URL) return;
  const port = await freePort();
  const r = run('node', { DATA_DIR: seeded, PORT: String(port) });
  await healthy(port, r);
  r.child.kill('SIGTERM');
  expect(await r.exited).toMatchObject({ code: 0 });
}, 120_000);

/** Processes whose process group is `pgid` (Linux /proc). */
function groupPids(pgid: number): Array<{ pid: number; cmd: string }> {
  const found: Array<{ pid: number; cmd: string }> = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      // pid (comm) state ppid pgrp …: comm may hold spaces, so read after its closing parenthesis
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== pgid) continue;
      const state = fields[0];
      if (state === 'Z') continue; // exited, waiting for its parent to reap it
      const cmd = fs.readFileSync(`/proc/${name}/cmdline`, 'utf8').replaceAll('\0', ' ');
      found.push({ pid: Number(name), cmd });
    } catch {}
  }
  return found;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function healthy(port: number, r: Run): Promise<void> {
  await vi
    .waitFor(
      async () => {
        if (r.child.exitCode !== null) throw new Error('exited');
        expect((await fetch(`http://127.0.0.1:${port}/healthz`)).ok).toBe(true);
      },
      { timeout: 90_000, interval: 200 },
    )
    .catch(() => {
      throw new Error(`server did not become healthy:\n${r.out()}`);
    });
}

type Target = 'group' | 'npm' | 'node';
const CASES: Array<{
  wrapper: 'npm' | 'npm-sh' | 'node';
  target: Target;
  signal: NodeJS.Signals;
  pipes: 'open' | 'closed';
}> = [
  // each target, wrapper, signal and pipe state at least once (every start costs seconds)
  { wrapper: 'npm', target: 'group', signal: 'SIGTERM', pipes: 'open' },
  { wrapper: 'npm', target: 'npm', signal: 'SIGTERM', pipes: 'closed' },
  { wrapper: 'npm', target: 'node', signal: 'SIGTERM', pipes: 'closed' },
  { wrapper: 'npm', target: 'group', signal: 'SIGINT', pipes: 'closed' },
  { wrapper: 'npm-sh', target: 'npm', signal: 'SIGTERM', pipes: 'open' },
  { wrapper: 'node', target: 'node', signal: 'SIGTERM', pipes: 'closed' },
];

// Processes on the embedded database: how a process is stopped does not depend on the database
// kind (the in-flight request below runs on either).
describe.skipIf(Boolean(process.env.DATABASE_URL))('stopping the server process', () => {
  for (const c of CASES) {
    it(`${c.signal} to the ${c.target === 'group' ? 'process group' : `${c.target} process`} (${c.wrapper === 'node' ? 'node alone' : c.wrapper === 'npm' ? 'npm run start' : 'npm run start, shell between'}), pipes ${c.pipes}: every process is gone within SHUTDOWN_SECONDS`, {
      timeout: 120_000,
    }, async () => {
      const port = await freePort();
      const dataDir = fs.mkdtempSync(path.join(temp, 'data-'));
      fs.cpSync(seeded, dataDir, { recursive: true });
      const r = run(c.wrapper, { DATA_DIR: dataDir, PORT: String(port) });
      await healthy(port, r);
      const pgid = r.child.pid!;
      const node = groupPids(pgid).find((p) => /^\S*node --import/.test(p.cmd));
      expect(node, JSON.stringify(groupPids(pgid))).toBeDefined();
      // an idle keep-alive connection, as a browser or a proxy leaves one open
      const idle = net.connect(port, '127.0.0.1');
      await new Promise((res) => idle.once('connect', res));
      idle.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
      idle.on('data', () => {});
      idle.on('error', () => {});
      if (c.pipes === 'closed') {
        // what a process manager (or a terminal that went away) does: nobody reads the output any more
        r.child.stdout!.destroy();
        r.child.stderr!.destroy();
      }
      const t0 = Date.now();
      if (c.target === 'group') process.kill(-pgid, c.signal);
      else if (c.target === 'npm') process.kill(pgid, c.signal);
      else process.kill(node!.pid, c.signal);
      const deadline = new Promise<'late'>((res) => setTimeout(() => res('late'), EXIT_WITHIN_MS).unref());
      const exit = await Promise.race([r.exited, deadline]);
      expect(exit, `still running ${EXIT_WITHIN_MS} ms after ${c.signal}:\n${r.out()}`).not.toBe('late');
      // npm may be gone before node: every process of the group, by the same deadline
      const left = Math.max(100, t0 + EXIT_WITHIN_MS - Date.now());
      await vi.waitFor(() => expect(groupPids(pgid)).toEqual([]), { timeout: left, interval: 50 });
      const gone = Date.now();
      // and reaped (an orphan by its new parent): no process of that id is left at all
      await vi.waitFor(() => expect(alive(node!.pid)).toBe(false), {
        timeout: Math.max(100, t0 + EXIT_WITHIN_MS - Date.now()),
        interval: 50,
      });
      const reaped = Date.now();
      idle.destroy();
      console.log(
        `[stopping] ${c.wrapper} ${c.signal}→${c.target} pipes ${c.pipes}: ${c.wrapper === 'node' ? '' : `npm exit after ${(exit as { at: number }).at - t0} ms, `}all gone after ${gone - t0} ms, reaped after ${reaped - t0} ms`,
        exit,
      );
      if (c.pipes === 'open') {
        // by its own close, not the deadline
        expect(r.out()).toContain('shutting down');
        expect(r.out()).not.toMatch(/shutdown (timed out|failed)/);
        expect(r.out()).not.toContain('Cannot use a pool after calling end');
      }
    });
  }
});

describe.skipIf(Boolean(process.env.DATABASE_URL))('draining at SIGTERM', () => {
  it('a request in flight is answered (the database still open); an open live stream gets a retry hint and ends; the process exits 0', {
    timeout: 120_000,
  }, async () => {
    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(temp, 'data-'));
    fs.cpSync(seeded, dataDir, { recursive: true });
    const r = run('node', { DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'trace' });
    await healthy(port, r);
    const base = `http://127.0.0.1:${port}`;

    // a member's live stream (demo account, server.ts seeds it outside production)
    const login = await fetch(`${base}/api/User/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mobile: '13800000001', password: 'demo1234' }),
    });
    expect(login.status).toBe(200);
    const sid = login.headers
      .getSetCookie()
      .find((c) => c.startsWith('zl_sid='))!
      .split(';')[0]!;
    const stream = await openSse(`${base}/api/Tipcenter/stream`, { cookie: sid });
    expect(stream.status).toBe(200);
    let raw = '';
    // the raw frames: the retry hint is a field of its own, not an event
    const sock = net.connect(port, '127.0.0.1');
    await new Promise((res) => sock.once('connect', res));
    sock.on('data', (d) => (raw += d));
    sock.write(
      `GET /api/Tipcenter/stream HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\nCookie: ${sid}\r\n\r\n`,
    );
    const sseClosed = new Promise((res) => sock.once('close', res));
    await vi.waitFor(() => expect(raw).toContain('retry: '), { timeout: 10_000 });
    const before = raw.split('retry: ').length;

    // a slow request: a login whose body is still coming when SIGTERM arrives; its answer needs a query
    const body = JSON.stringify({ mobile: '13800000001', password: 'demo1234' });
    const slow = net.connect(port, '127.0.0.1');
    await new Promise((res) => slow.once('connect', res));
    let answer = '';
    slow.on('data', (d) => (answer += d));
    const slowClosed = new Promise((res) => slow.once('close', res));
    slow.write(
      `POST /api/User/login HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    );
    await vi.waitFor(() => expect(r.out()).toContain('"url":"/api/User/login"'), { timeout: 10_000 });

    r.child.kill('SIGTERM');
    await vi.waitFor(() => expect(r.out()).toContain('shutting down'), { timeout: 10_000 });
    // the live streams end at once, each with a retry hint as its last frame
    await sseClosed;
    await stream.ended;
    expect(raw.split('retry: ').length).toBe(before + 1);
    expect(raw).toMatch(/retry: \d+\n\n(\r\n)?(0\r\n\r\n)?$/);
    // the slow request is still being waited for
    await new Promise((res) => setTimeout(res, 500));
    expect(r.child.exitCode).toBeNull();
    slow.write(body.slice(10));
    await slowClosed;
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toContain('"success":true');
    const exit = await r.exited;
    expect(exit).toMatchObject({ code: 0, signal: null });
    expect(r.out()).not.toContain('Cannot use a pool after calling end');
    expect(r.out()).not.toMatch(/shutdown (timed out|failed)/);
    expect(alive(r.child.pid!)).toBe(false);
  });

  it('a request that never finishes does not hold the process past SHUTDOWN_SECONDS: it exits 1 at the deadline', {
    timeout: 120_000,
  }, async () => {
    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(temp, 'data-'));
    fs.cpSync(seeded, dataDir, { recursive: true });
    const r = run('node', { DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'trace' });
    await healthy(port, r);
    // a login whose body never comes
    const stuck = net.connect(port, '127.0.0.1');
    await new Promise((res) => stuck.once('connect', res));
    stuck.on('error', () => {});
    stuck.write(
      'POST /api/User/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
    );
    await vi.waitFor(() => expect(r.out()).toContain('"url":"/api/User/login"'), { timeout: 10_000 });
    const t0 = Date.now();
    r.child.kill('SIGTERM');
    const deadline = new Promise<'late'>((res) => setTimeout(() => res('late'), EXIT_WITHIN_MS).unref());
    const exit = await Promise.race([r.exited, deadline]);
    expect(exit, r.out()).not.toBe('late');
    expect(exit).toMatchObject({ code: 1, signal: null });
    expect(r.out()).toContain('shutdown timed out');
    console.log(`[stopping] stuck request: exit after ${(exit as { at: number }).at - t0} ms`);
    stuck.destroy();
    expect(alive(r.child.pid!)).toBe(false);
  });
});

// The pool's side of the order (PostgreSQL): it is ended only after the requests in flight are answered.
describe.skipIf(!process.env.DATABASE_URL)('draining at SIGTERM on PostgreSQL', () => {
  it('a request in flight when SIGTERM arrives is answered from the pool; no "Cannot use a pool after calling end"', {
    timeout: 120_000,
  }, async () => {
    const port = await freePort();
    const r = run('node', {
      DATABASE_URL: process.env.DATABASE_URL!,
      DEMO_DATA: 'false',
      PORT: String(port),
      LOG_LEVEL: 'trace',
    });
    await healthy(port, r);
    expect(await (await fetch(`http://127.0.0.1:${port}/healthz`)).json()).toMatchObject({ db: 'postgres' });
    // a login (of nobody: its answer still needs the database) whose body is still coming
    const body = JSON.stringify({ mobile: '13899999999', password: 'not-a-password' });
    const slow = net.connect(port, '127.0.0.1');
    await new Promise((res) => slow.once('connect', res));
    let answer = '';
    slow.on('data', (d) => (answer += d));
    const slowClosed = new Promise((res) => slow.once('close', res));
    slow.write(
      `POST /api/User/login HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    );
    await vi.waitFor(() => expect(r.out()).toContain('"url":"/api/User/login"'), { timeout: 10_000 });
    r.child.kill('SIGTERM');
    await vi.waitFor(() => expect(r.out()).toContain('shutting down'), { timeout: 10_000 });
    await new Promise((res) => setTimeout(res, 300));
    expect(r.child.exitCode).toBeNull();
    slow.write(body.slice(10));
    await slowClosed;
    // answered by the route (a login refused), not a 500 from a closed pool
    expect(answer).toMatch(/^HTTP\/1\.1 [24]\d\d /);
    expect(answer).toContain('"success"');
    expect(await r.exited).toMatchObject({ code: 0, signal: null });
    expect(r.out()).not.toContain('Cannot use a pool after calling end');
    expect(r.out()).not.toMatch(/shutdown (timed out|failed)/);
  });
});
