import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { pgErrorCode } from '../lib/errors.ts';
import { yieldToRequests } from './background.ts';
import { assertChannel, listenPostgres, type NotifyCallback, type Unlisten } from './listen.ts';
import { runMigrations } from './migrate.ts';
import { defaultTemplatePath, extractDataDir, readTemplate } from './pglite-template.ts';
import * as schema from './schema/index.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle has the same query surface as the db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** the node-postgres pool when kind is 'postgres' */
  pool?: pg.Pool;
  /** the embedded database when kind is 'pglite' (the job engine talks to it directly, ADR 0011) */
  pglite?: PGlite;
  /**
   * `LISTEN channel`: `fn` runs after each commit that called `pg_notify(channel, …)`. On
   * PostgreSQL a dedicated connection (from the pool's settings) that reconnects by itself; on
   * PGlite the embedded database's own in-process notifications.
   */
  listen(channel: string, fn: NotifyCallback, onError?: (err: unknown) => void): Promise<Unlisten>;
  close(): Promise<void>;
  /**
   * Told each time a transaction meets a deadlock or serialization failure and runs again
   * (`db.transaction` retries it by itself); the app logs it. No query text, no parameters.
   */
  onTransactionRetry?: (notice: TransactionRetry) => void;
}

export interface TransactionRetry {
  /** the SQLSTATE: 40P01 deadlock detected, 40001 serialization failure */
  code: string;
  /** the attempt that failed (1 = the first run) */
  attempt: number;
  /** how long it waits before the next */
  delayMs: number;
}

/**
 * SQLSTATEs after which PostgreSQL has rolled the whole transaction back and running it again is
 * the documented remedy: 40P01 deadlock detected, 40001 serialization failure.
 */
const RETRYABLE = new Set(['40P01', '40001']);
/** runs of one transaction at most (the first and three more) */
export const TRANSACTION_ATTEMPTS = 4;

/**
 * Every top-level `db.transaction` of the app runs again, a bounded number of times after a
 * short jittered pause, when it meets a deadlock or a serialization failure (docs/payments.md
 * "Lock order"): the lock order keeps these rare, the retry keeps a leftover one from becoming a
 * 500. The callback must therefore do nothing outside the database that cannot be done twice —
 * the house rule already (calls to other services and tips come after the commit). A savepoint
 * (`tx.transaction`) is not retried on its own: the error rolls back the whole transaction,
 * which then runs again from the start.
 */
export function retryTransactions(database: Database): Database {
  const db = database.db;
  const run = db.transaction.bind(db);
  const retrying = async (...args: Parameters<Db['transaction']>) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await run(...args);
      } catch (err) {
        const code = pgErrorCode(err);
        if (code === undefined || !RETRYABLE.has(code) || attempt >= TRANSACTION_ATTEMPTS) throw err;
        // full jitter over 10 · 2^attempt ms: the transactions that collided do not collide again in step
        const delayMs = Math.round(Math.random() * 10 * 2 ** attempt);
        database.onTransactionRetry?.({ code, attempt, delayMs });
        await new Promise((resolve) => setTimeout(resolve, delayMs));
      }
    }
  };
  db.transaction = retrying as Db['transaction'];
  return database;
}

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** PGlite data directory; undefined = in memory (tests) */
  dataDir?: string | undefined;
  poolSize?: number;
  /**
   * A data directory without a database yet starts from this pre-built, migrated template
   * (`dist/pglite-template.tar.gz`, made by the build): undefined = the build's, if there is one;
   * false = never (initdb and every migration, as before).
   */
  pgliteTemplate?: string | false | undefined;
  /** told why a template was not used (no secrets); default console.warn */
  onWarning?: (message: string) => void;
}

/** Extensions the schema uses (pg_trgm: the order centre's keyword index). */
export const PGLITE_OPTIONS = { extensions: { pg_trgm } };

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const database = opts.databaseUrl
    ? openPostgres(opts.databaseUrl, opts.poolSize ?? 10)
    : await openPglite(opts);
  try {
    await runMigrations(database);
  } catch (err) {
    await database.close();
    throw err;
  }
  return database;
}

function openPostgres(url: string, max: number): Database {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client that errors (server restart) must not crash the process.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return retryTransactions({
    db,
    kind: 'postgres',
    pool,
    listen: (channel, fn, onError) => listenPostgres(pool.options, channel, fn, onError),
    close: () => pool.end(),
  });
}

/** The Database of an open PGlite client; `close` also runs `release` (the data directory lock). */
export function pgliteDatabase(client: PGlite, release: () => void = () => {}): Database {
  // background work's statements let requests in between them (db/background.ts)
  yieldToRequests(client);
  // PGlite runs one transaction at a time and never deadlocks; the same wrapper keeps one behaviour
  return retryTransactions({
    db: drizzlePglite(client, { schema }) as unknown as Db,
    kind: 'pglite',
    pglite: client,
    listen: async (channel, fn) => {
      assertChannel(channel);
      const off = await client.listen(channel, (payload) => fn({ payload }));
      return async () => {
        if (!client.closed) await off();
      };
    },
    close: async () => {
      await client.close();
      release();
    },
  });
}

async function openPglite(opts: OpenOptions): Promise<Database> {
  const { dataDir } = opts;
  let release = () => {};
  let client: PGlite;
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    release = acquireDataDirLock(dataDir);
    try {
      client = await openPgliteDir(path.join(dataDir, 'pglite'), opts);
    } catch (err) {
      release();
      throw err;
    }
  } else {
    client = await PGlite.create(PGLITE_OPTIONS);
  }
  return pgliteDatabase(client, release);
}

/**
 * PGlite on `dir`: a directory without a database yet starts from the build's template when it
 * matches the migrations (ADR 0003); otherwise, or when the template fails, initdb as before.
 */
async function openPgliteDir(dir: string, opts: OpenOptions): Promise<PGlite> {
  const warn = opts.onWarning ?? ((m: string) => console.warn(m));
  const template = opts.pgliteTemplate === false ? undefined : (opts.pgliteTemplate ?? defaultTemplatePath());
  if (template && isEmptyDir(dir)) {
    const read = readTemplate(template);
    if (read.ok) {
      // unpacked beside it and renamed into place: a start killed half-way leaves no half a database
      const unpacking = `${dir}.template-tmp`;
      try {
        fs.rmSync(unpacking, { recursive: true, force: true });
        await extractDataDir(read.tar, unpacking);
        fs.rmSync(dir, { recursive: true, force: true }); // absent or empty
        fs.renameSync(unpacking, dir);
        return await PGlite.create(dir, PGLITE_OPTIONS);
      } catch (err) {
        warn(`嵌入式数据库模板 ${template} 加载失败（${shortMessage(err)}），改为初始化新数据库（较慢）`);
        // what the attempt wrote: the directory had nothing of ours before
        fs.rmSync(unpacking, { recursive: true, force: true });
        fs.rmSync(dir, { recursive: true, force: true });
      }
    } else if (read.kind !== 'missing') {
      warn(`嵌入式数据库模板 ${template} 未使用：${read.reason}；改为初始化新数据库（较慢）`);
    }
  }
  return PGlite.create(dir, PGLITE_OPTIONS);
}

/** No database yet: the directory is absent or empty. */
function isEmptyDir(dir: string): boolean {
  try {
    return fs.readdirSync(dir).length === 0;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ENOENT';
  }
}

/** An error's message, short and on one line, for a warning. */
function shortMessage(err: unknown): string {
  const msg = err instanceof Error ? err.message : String(err);
  return msg.replace(/\s+/g, ' ').slice(0, 200);
}

export class DataDirLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `数据目录 ${dir} 正被另一个进程（PID ${pid}）使用。嵌入式数据库 PGlite 只能由一个进程打开：` +
        '请先停止那个进程，或用 DATA_DIR 指定另一个目录，或设置 DATABASE_URL 使用 PostgreSQL 服务器。',
    );
    this.name = 'DataDirLockedError';
  }
}

const openLocks = new Set<string>();

/**
 * PGlite has no lock of its own: two processes on one data directory corrupt it.
 * A lock file holding the owner's PID makes the second opener fail fast; a lock left by a
 * process that no longer runs is taken over.
 */
export function acquireDataDirLock(dir: string): () => void {
  const lockPath = path.join(dir, 'pglite.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      openLocks.add(lockPath);
      let released = false;
      return () => {
        // Only once: a second call must not remove a lock someone took after this one was released.
        if (released) return;
        released = true;
        if (!openLocks.delete(lockPath)) return;
        try {
          fs.unlinkSync(lockPath);
        } catch {
          // already gone
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number.parseInt(fs.readFileSync(lockPath, 'utf8').trim(), 10);
      if (Number.isInteger(pid) && pid > 0 && (openLocks.has(lockPath) || isAlive(pid))) {
        throw new DataDirLockedError(dir, pid);
      }
      fs.rmSync(lockPath, { force: true }); // stale: its owner is gone
    }
  }
  throw new Error(`无法获取数据目录锁：${lockPath}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Raw SQL for what the query builder does not say well; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}
