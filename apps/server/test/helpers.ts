import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type ApiEnvelope, type ErrorCode, errorCatalogue } from '@zl/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { expect } from 'vitest';
import { type BuildOptions, buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config/env.ts';
import { type Database, openDatabase, PGLITE_OPTIONS, pgliteDatabase, queryRows } from '../src/db/client.ts';
import { migrationsFolder, runMigrations } from '../src/db/migrate.ts';
import type { App } from '../src/lib/types.ts';
import type { SmsSender } from '../src/modules/user/sms-sender.ts';

export interface TestContext {
  app: App;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/**
 * An app on a fresh database: in-memory PGlite by default; with DATABASE_URL set, a new
 * database on that server (created here, dropped at close), so test files can run in parallel.
 */
export async function makeTestApp(
  env: Record<string, string> = {},
  opts: {
    sms?: SmsSender;
    /** adds test-only routes or hooks to the built app before it is made ready */
    beforeReady?: (app: App) => void | Promise<void>;
    /** the app's log (LOG_LEVEL decides how much): a test reads what the server wrote */
    logStream?: NodeJS.WritableStream;
    /** sees every route as it is registered */
    onRoute?: BuildOptions['onRoute'];
    /** a built web app directory to serve (none by default) */
    webDist?: string;
    /** Alipay instead of the configured one (null: payments off) */
    alipay?: BuildOptions['alipay'];
  } = {},
): Promise<TestContext> {
  // The session cache is off unless a test asks for it: tests that move a session's clock in SQL read it again.
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SESSION_CACHE_SECONDS: '0',
    // and the search count cache: tests add projects between two searches of the same filters
    SEARCH_COUNT_CACHE_SECONDS: '0',
    ...env,
  });
  let databaseUrl: string | undefined;
  let drop = async () => {};
  if (config.database.url) {
    const name = `zl_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: config.database.url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(config.database.url);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    drop = async () => {
      const c = new pg.Client({ connectionString: config.database.url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  const database = databaseUrl ? await openDatabase({ databaseUrl, poolSize: 5 }) : await freshPglite();
  const app = await buildApp({
    config,
    database,
    webDist: opts.webDist ?? null,
    ...(opts.sms ? { sms: opts.sms } : {}),
    ...(opts.alipay !== undefined ? { alipay: opts.alipay } : {}),
    ...(opts.logStream ? { logStream: opts.logStream } : {}),
    ...(opts.onRoute ? { onRoute: opts.onRoute } : {}),
  });
  if (opts.beforeReady) await opts.beforeReady(app);
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
      await drop();
    },
  };
}

/**
 * Migrating a new in-memory PGlite costs about a second of CPU per app; instead every test app
 * starts from a dump of a migrated empty database, made once per set of migrations and shared by
 * all test files through the temp directory. runMigrations still runs (a no-op when the dump is
 * current), and test/database.test.ts covers migrating from scratch.
 */
let templatePromise: Promise<Blob> | undefined;
function pgliteTemplate(): Promise<Blob> {
  templatePromise ??= (async () => {
    const folder = migrationsFolder();
    const h = createHash('sha256');
    for (const f of fs.readdirSync(folder).sort()) {
      if (f.endsWith('.sql')) h.update(f).update(fs.readFileSync(path.join(folder, f)));
    }
    h.update(fs.readFileSync(path.join(folder, 'meta', '_journal.json')));
    const file = path.join(os.tmpdir(), `zl-test-pglite-${h.digest('hex').slice(0, 16)}.tar`);
    if (fs.existsSync(file)) return new Blob([fs.readFileSync(file)]);
    const client = await PGlite.create(PGLITE_OPTIONS);
    await runMigrations(pgliteDatabase(client));
    const dump = await client.dumpDataDir('none');
    await client.close();
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(tmp, file); // atomic: parallel files never read a half-written dump
    return dump;
  })();
  return templatePromise;
}

async function freshPglite(): Promise<Database> {
  let client: PGlite;
  try {
    client = await PGlite.create({ ...PGLITE_OPTIONS, loadDataDir: await pgliteTemplate() });
  } catch {
    client = await PGlite.create(PGLITE_OPTIONS); // an unreadable dump: migrate from scratch
  }
  const database = pgliteDatabase(client);
  await runMigrations(database);
  return database;
}

/** A browser-like client: keeps cookies (path-aware enough for / and /api/User) and an IP. */
export class Client {
  cookies = new Map<string, { value: string; path: string }>();
  constructor(
    private readonly app: App,
    public ip = newIp(),
  ) {}

  private cookieHeader(url: string): string | undefined {
    const parts = [...this.cookies.entries()]
      .filter(([, c]) => url.startsWith(c.path))
      .map(([k, c]) => `${k}=${c.value}`);
    return parts.length ? parts.join('; ') : undefined;
  }

  private store(res: LightMyRequestResponse): void {
    for (const c of res.cookies as Array<{
      name: string;
      value: string;
      path?: string;
      maxAge?: number;
      expires?: Date;
    }>) {
      const dead = c.value === '' || c.maxAge === 0 || (c.expires && c.expires.getTime() <= Date.now());
      if (dead) this.cookies.delete(c.name);
      else this.cookies.set(c.name, { value: c.value, path: c.path ?? '/' });
    }
  }

  async post<T = unknown>(path: string, body?: unknown, headers: Record<string, string> = {}) {
    const url = `/api/${path}`;
    const cookie = this.cookieHeader(url);
    const res = await this.app.inject({
      method: 'POST',
      url,
      remoteAddress: this.ip,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(cookie ? { cookie } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    this.store(res);
    return { status: res.statusCode, body: res.json() as ApiEnvelope<T>, res };
  }

  async get<T = unknown>(path: string, query?: Record<string, string>) {
    const url = `/api/${path}${query ? `?${new URLSearchParams(query)}` : ''}`;
    const cookie = this.cookieHeader(url);
    const res = await this.app.inject({
      method: 'GET',
      url,
      remoteAddress: this.ip,
      headers: cookie ? { cookie } : {},
    });
    this.store(res);
    return { status: res.statusCode, body: res.json() as ApiEnvelope<T>, res };
  }
}

let mobileSeq = 0;
/** A unique, valid mobile number per call. */
export function newMobile(): string {
  mobileSeq++;
  return `13${String(Math.floor(Math.random() * 9) + 1)}${String(process.pid % 10000).padStart(4, '0')}${String(mobileSeq).padStart(4, '0')}`;
}

export async function latestCode(client: Client, mobile: string): Promise<string> {
  const res = await client.get<{ items: Array<{ code: string }> }>('Dev/smsOutbox', { mobile });
  const code = res.body.data.items[0]?.code;
  if (!code) throw new Error(`no SMS code for ${mobile}`);
  return code;
}

export const PASSWORD = 'abc12345';

/** Registers a member through the real calls and answers its cardno. */
export async function register(
  client: Client,
  mobile = newMobile(),
  extra: Record<string, unknown> = {},
): Promise<{ mobile: string; cardno: string }> {
  const sent = await client.post('User/getCode', { mobile, type: 'regist' });
  if (!sent.body.success) throw new Error(`getCode failed: ${sent.body.errCode}`);
  const code = await latestCode(client, mobile);
  // Registering logs the new member in (register.test.ts holds it); the suite's members log in
  // explicitly with login(), so the registration's session is ended again (no second session row
  // for the tests that count them) and the client keeps the cookies it had before.
  const before = new Map(client.cookies);
  const res = await client.post<{ cardno: string }>('User/regist', {
    mobile,
    code,
    password: PASSWORD,
    ...extra,
  });
  if (res.body.success) await client.get('User/logout');
  client.cookies = before;
  if (!res.body.success) throw new Error(`regist failed: ${JSON.stringify(res.body)}`);
  return { mobile, cardno: res.body.data.cardno };
}

export async function login(client: Client, mobile: string, password = PASSWORD, autologin?: 1) {
  return client.post<{ cardno: string }>('User/login', {
    mobile,
    password,
    ...(autologin ? { autologin } : {}),
  });
}

/** Raw SQL against the test database; answers the rows. */
export function rows<T = Record<string, unknown>>(ctx: TestContext, query: SQL): Promise<T[]> {
  return queryRows<T>(ctx.database.db, query);
}

export async function count(ctx: TestContext, table: string, where?: SQL): Promise<number> {
  const [r] = await rows<{ n: number }>(
    ctx,
    where
      ? sql`select count(*)::int as n from ${sql.identifier(table)} where ${where}`
      : sql`select count(*)::int as n from ${sql.identifier(table)}`,
  );
  return Number(r?.n ?? 0);
}

const ENVELOPE_KEYS = ['data', 'errCode', 'errMsg', 'errorCode', 'errorMessage', 'showType', 'success'];
/** Stack frames, error class names or source paths must never reach a client. */
const INTERNALS = /Error:|\bat \S+ \(|\n\s+at |node_modules|\.ts:\d+|\.js:\d+|stack/;

export function expectNoInternals(text: string): void {
  expect(text).not.toMatch(INTERNALS);
}

interface AnyResponse {
  status: number;
  body: ApiEnvelope<unknown>;
  res: LightMyRequestResponse;
}

/** The full envelope of a failure: status, showType and message from the catalogue. */
export function expectError(r: AnyResponse, code: ErrorCode): void {
  const entry = errorCatalogue[code];
  expect(Object.keys(r.body).sort()).toEqual(ENVELOPE_KEYS);
  expect({ status: r.status, success: r.body.success, errCode: r.body.errCode }).toEqual({
    status: entry.http,
    success: false,
    errCode: code,
  });
  expect(r.body.errorCode).toBe(code);
  expect(r.body.showType).toBe(entry.showType);
  expect(typeof r.body.errMsg).toBe('string');
  expect(r.body.errMsg.length).toBeGreaterThan(0);
  expect(r.body.errorMessage).toBe(r.body.errMsg);
  expect(r.res.headers['content-type']).toMatch(/^application\/json/);
  expectNoInternals(r.res.body);
}

/** The full envelope of a success. */
export function expectOk(r: AnyResponse, code: 'success' | ErrorCode = 'success'): void {
  expect(Object.keys(r.body).sort()).toEqual(ENVELOPE_KEYS);
  expect({ status: r.status, success: r.body.success, errCode: r.body.errCode }).toEqual({
    status: 200,
    success: true,
    errCode: code,
  });
  expect(r.body.errorCode).toBe(code);
  expect(r.body.showType).toBe(0);
  expectNoInternals(r.res.body);
}

/** A VALIDATION_FAILED answer naming exactly these fields. */
export function expectFields(r: AnyResponse, fields: string[]): Record<string, string> {
  expectError(r, 'VALIDATION_FAILED');
  const got = (r.body.data as { fields: Record<string, string> }).fields;
  expect(Object.keys(got).sort()).toEqual([...fields].sort());
  for (const msg of Object.values(got)) expect(msg).toMatch(/[\u4e00-\u9fff]/);
  return got;
}

/** The Set-Cookie header of a response, parsed per cookie name. */
export function setCookies(res: LightMyRequestResponse): Map<string, string> {
  const raw = res.headers['set-cookie'];
  const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  return new Map(list.map((c) => [c.split('=')[0]!, c]));
}

/** Makes an SMS row look `seconds` older (created and expiry), so the resend interval passes. */
export async function ageCodes(ctx: TestContext, mobile: string, seconds = 61): Promise<void> {
  await ctx.database.db.execute(
    sql`update sms_codes set created_at = created_at - make_interval(secs => ${seconds}),
        expires_at = expires_at - make_interval(secs => ${seconds}) where mobile = ${mobile}`,
  );
}

let ipSeq = 0;
/** A distinct client IP per call (per-IP limits never leak between tests). */
export function newIp(): string {
  ipSeq++;
  return `10.${process.pid % 250}.${Math.floor(ipSeq / 250)}.${ipSeq % 250}`;
}
