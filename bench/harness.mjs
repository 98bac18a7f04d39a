// What the benchmarks share: the repository root, a build step, a PostgreSQL database made when
// missing, the production build started on a port with the demo data, and a session of the demo
// supplier.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';

export const root = path.resolve(import.meta.dirname, '..');

/** Runs a command in the repository; exits with its status when it fails. */
export function run(cmd, args) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

/** Builds everything unless BENCH_SKIP_BUILD is set. */
export function build() {
  if (!process.env.BENCH_SKIP_BUILD) run('npm', ['run', 'build']);
}

/** Creates the PostgreSQL database of `urlText` when it is missing (never drops one); answers its name. */
export async function ensureDatabase(urlText) {
  const url = new URL(urlText);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (!found.rows.length) await admin.query(`create database "${name.replace(/"/g, '')}"`);
  await admin.end();
  return name;
}

/**
 * Starts apps/server/dist/server.js on the port with the demo data and `env` on top; answers its
 * base URL, a `ready()` that waits for /healthz, a `stop()` (also run when this process exits),
 * `exited`, a promise of the process's end, and its `pid`.
 */
export function startServer(port, env) {
  const server = spawn(process.execPath, ['apps/server/dist/server.js'], {
    cwd: root,
    env: {
      ...process.env,
      // The production build, run outside NODE_ENV=production: production refuses demo data (the bench
      // logs in as the demo supplier) and the development SMS sender. NODE_ENV changes neither the
      // code paths measured nor Fastify; the log level is set below.
      NODE_ENV: 'development',
      DEMO_DATA: 'true',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  const stop = () => server.kill('SIGTERM');
  process.on('exit', stop);
  async function ready(tries = 300) {
    for (let i = 0; i < tries; i++) {
      try {
        const r = await fetch(`${base}/healthz`);
        if (r.ok) return;
      } catch {}
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('server did not start');
  }
  return { base, ready, stop, exited, pid: server.pid };
}

export const DEMO_LOGIN = JSON.stringify({ mobile: '13800000001', password: 'demo1234' });

/** Logs the demo supplier in; answers its session id. */
export async function demoSession(base, login = DEMO_LOGIN) {
  const res = await fetch(`${base}/api/User/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: login,
  });
  const sid = (res.headers.get('set-cookie') ?? '').match(/zl_sid=([^;]+)/)?.[1];
  if (!sid) throw new Error('demo login failed: no session cookie');
  return sid;
}
