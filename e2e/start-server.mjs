// Starts the production build for the browser journeys on a fresh database: a new PGlite
// directory, or a new database on the PostgreSQL server when DATABASE_URL is set.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const port = process.argv[2] ?? '4320';
const env = { ...process.env, PORT: port, HOST: '127.0.0.1', NODE_ENV: 'development', LOG_LEVEL: 'warn' };
const cleanups = [];

if (process.env.DATABASE_URL) {
  const name = `zl_e2e_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  });
} else {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zl-e2e-'));
  env.DATA_DIR = dir;
  cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
}

// A local server speaking WeChat's OAuth2 web-login protocol (apps/server/test/fakes/wechat-server.ts)
// on the next port: WeChat sign-in is configured against it, never against open.weixin.qq.com.
const wechatPort = String(Number(port) + 1);
const fakeWechat = spawn(
  process.execPath,
  ['--import', 'tsx', 'apps/server/test/fakes/wechat-server.ts', wechatPort],
  { cwd: root, env: process.env, stdio: ['ignore', 'ignore', 'inherit'] },
);
cleanups.push(async () => void fakeWechat.kill('SIGTERM'));
Object.assign(env, {
  WECHAT_APPID: 'wxfake0000000001',
  WECHAT_SECRET: 'fake-wechat-secret-0123456789abcd',
  WECHAT_REDIRECT_URI: `http://127.0.0.1:${port}/login`,
  WECHAT_AUTHORIZE_URL: `http://127.0.0.1:${wechatPort}/connect/qrconnect`,
  WECHAT_API_BASE: `http://127.0.0.1:${wechatPort}`,
});

const child = spawn(process.execPath, ['apps/server/dist/server.js'], { cwd: root, env, stdio: 'inherit' });
const finish = async (code) => {
  for (const c of cleanups) await c().catch(() => {});
  process.exit(code ?? 0);
};
for (const sig of ['SIGTERM', 'SIGINT']) process.on(sig, () => child.kill('SIGTERM'));
child.on('exit', (code) => void finish(code));
