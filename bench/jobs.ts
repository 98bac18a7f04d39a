// Jobs on a maintained engine (issue 13, docs/adr/0011-job-engine.md): the current outbox drain
// beside pg-boss and graphile-worker, in one process, on the same machine and database.
//   npm run bench:jobs   (PGlite in memory; with DATABASE_URL=postgres://… also the PostgreSQL
//                         server, on a database created and dropped here; BENCH_JOBS=1000)
// Per engine: the cost of enqueueing one job in its own business transaction (the outbox's
// guarantee: the job exists exactly when the change committed), the cost of running it once with
// an empty handler (one at a time, as the outbox delivers), and jobs/s; pg-boss also in batches
// of 50, its start (schema install) on an empty database, and on PostgreSQL two instances
// working one queue (no job twice). graphile-worker has no PGlite driver (it takes a pg.Pool).
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { Logger, makeWorkerUtils, runOnce } from 'graphile-worker';
import pg from 'pg';
import { fromDrizzle, fromPglite, PgBoss } from 'pg-boss';
import { type Database, openDatabase, PGLITE_OPTIONS, pgliteDatabase } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { insertEvent } from '../apps/server/src/modules/outbox/outbox.repo.ts';
import { Outbox } from '../apps/server/src/modules/outbox/outbox.ts';

const N = Number(process.env.BENCH_JOBS ?? 1000);
const BATCH = 50;
const databaseUrl = process.env.DATABASE_URL;
const quiet = {
  info() {},
  warn() {},
  error() {},
  debug() {},
  trace() {},
  fatal() {},
  child() {
    return quiet;
  },
} as unknown as ConstructorParameters<typeof Outbox>[1];

interface Row {
  backend: string;
  engine: string;
  enqueueUs: number;
  runUs: number;
  jobsPerS: number;
  note?: string;
}
const rows: Row[] = [];
const extra: string[] = [];

function since(t0: bigint): number {
  return Number(process.hrtime.bigint() - t0) / 1e3; // µs
}
function record(backend: string, engine: string, enqUs: number, runUs: number, note?: string) {
  rows.push({
    backend,
    engine,
    enqueueUs: Math.round(enqUs / N),
    runUs: Math.round(runUs / N),
    jobsPerS: Math.round(N / (runUs / 1e6)),
    ...(note ? { note } : {}),
  });
}

async function enqueueEach(
  database: Database,
  enqueue: (tx: Parameters<Parameters<Database['db']['transaction']>[0]>[0], i: number) => Promise<unknown>,
) {
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < N; i++) await database.db.transaction((tx) => enqueue(tx, i));
  return since(t0);
}

async function baseline(backend: string, database: Database) {
  const outbox = new Outbox(database.db, quiet);
  let seen = 0;
  outbox.on('bench', 'bench.*', () => {
    seen++;
  });
  const enq = await enqueueEach(database, (tx, i) =>
    insertEvent(tx, { type: 'bench.job', aggregateType: 'bench', aggregateId: i, payload: { i } }),
  );
  const t0 = process.hrtime.bigint();
  await outbox.drain();
  const run = since(t0);
  if (seen !== N) throw new Error(`outbox delivered ${seen} of ${N}`);
  record(backend, 'outbox drain (today)', enq, run, 'fan-out + one transaction per delivery');
}

async function pgBoss(backend: string, database: Database, boss: PgBoss) {
  const t0 = process.hrtime.bigint();
  await boss.start();
  const startMs = Math.round(since(t0) / 1000);
  await boss.createQueue('bench-dead');
  await boss.createQueue('bench', {
    retryLimit: 20,
    retryBackoff: true,
    retryDelay: 5,
    deadLetter: 'bench-dead',
  });
  const enq = await enqueueEach(database, (tx, i) => boss.send('bench', { i }, { db: fromDrizzle(tx, sql) }));
  let done = 0;
  const t1 = process.hrtime.bigint();
  for (;;) {
    const [job] = await boss.fetch('bench');
    if (!job) break;
    await boss.complete('bench', job.id);
    done++;
  }
  const run = since(t1);
  if (done !== N) throw new Error(`pg-boss ran ${done} of ${N}`);
  record(backend, 'pg-boss fetch+complete', enq, run, `start (schema install) ${startMs} ms`);

  // the handler's database work and the completion in one transaction: exactly-once database work
  await enqueueEach(database, (tx, i) => boss.send('bench', { i }, { db: fromDrizzle(tx, sql) }));
  done = 0;
  const t2 = process.hrtime.bigint();
  for (;;) {
    const [job] = await boss.fetch('bench');
    if (!job) break;
    await database.db.transaction((tx) => boss.complete('bench', job.id, null, { db: fromDrizzle(tx, sql) }));
    done++;
  }
  const runTx = since(t2);
  if (done !== N) throw new Error(`pg-boss (tx) ran ${done} of ${N}`);
  record(backend, 'pg-boss fetch, complete in a drizzle tx', enq, runTx);

  const enqB = await enqueueEach(database, (tx, i) =>
    boss.send('bench', { i }, { db: fromDrizzle(tx, sql) }),
  );
  done = 0;
  const t3 = process.hrtime.bigint();
  for (;;) {
    const jobs = await boss.fetch('bench', { batchSize: BATCH });
    if (jobs.length === 0) break;
    await boss.complete(
      'bench',
      jobs.map((j) => j.id),
    );
    done += jobs.length;
  }
  const runB = since(t3);
  if (done !== N) throw new Error(`pg-boss (batch) ran ${done} of ${N}`);
  record(backend, `pg-boss batches of ${BATCH}`, enqB, runB);

  // what an idle worker costs: a poll that finds nothing (each process polls every queue)
  const t4 = process.hrtime.bigint();
  for (let i = 0; i < 200; i++) await boss.fetch('bench');
  extra.push(`${backend} pg-boss: an empty poll ${Math.round(since(t4) / 200)} µs`);
  return startMs;
}

/** Two pg-boss instances (two pools) work one queue at once: every job once, none twice. */
async function pgBossTwoProcesses(url: string) {
  const a = new PgBoss({ connectionString: url, max: 4, schedule: false, supervise: false });
  const b = new PgBoss({ connectionString: url, max: 4, schedule: false, supervise: false });
  await a.start();
  await b.start();
  await a.createQueue('twice');
  const ran = new Map<number, number>();
  const handler = async (jobs: Array<{ data: { i: number } }>) => {
    for (const j of jobs) ran.set(j.data.i, (ran.get(j.data.i) ?? 0) + 1);
  };
  await a.insert(
    'twice',
    Array.from({ length: N }, (_, i) => ({ data: { i } })),
  );
  const t0 = process.hrtime.bigint();
  await a.work('twice', { batchSize: 10, pollingIntervalSeconds: 0.5 }, handler);
  await b.work('twice', { batchSize: 10, pollingIntervalSeconds: 0.5 }, handler);
  while (ran.size < N) await new Promise((r) => setTimeout(r, 20));
  const ms = Math.round(since(t0) / 1000);
  await a.stop({ graceful: true });
  await b.stop({ graceful: true });
  const twice = [...ran.values()].filter((n) => n > 1).length;
  return { ms, twice };
}

async function graphile(backend: string, database: Database, url: string) {
  const logger = new Logger(() => () => {});
  const t0 = process.hrtime.bigint();
  const utils = await makeWorkerUtils({ connectionString: url, logger });
  await utils.migrate();
  await utils.release();
  const startMs = Math.round(since(t0) / 1000);
  const enq = await enqueueEach(database, (tx, i) =>
    tx.execute(sql`select graphile_worker.add_job('bench', ${JSON.stringify({ i })}::json)`),
  );
  let done = 0;
  const t1 = process.hrtime.bigint();
  await runOnce({
    connectionString: url,
    logger,
    concurrency: 1,
    noHandleSignals: true,
    taskList: {
      bench: async () => {
        done++;
      },
    },
  });
  const run = since(t1);
  if (done !== N) throw new Error(`graphile-worker ran ${done} of ${N}`);
  record(backend, 'graphile-worker runOnce', enq, run, `migrate ${startMs} ms`);

  // two runners at once on one queue
  await enqueueEach(database, (tx, i) =>
    tx.execute(sql`select graphile_worker.add_job('twice', ${JSON.stringify({ i })}::json)`),
  );
  const ran = new Map<number, number>();
  const twiceTask = async (payload: unknown) => {
    const i = (payload as { i: number }).i;
    ran.set(i, (ran.get(i) ?? 0) + 1);
  };
  const t2 = process.hrtime.bigint();
  await Promise.all(
    [0, 1].map(() =>
      runOnce({
        connectionString: url,
        logger,
        concurrency: 4,
        noHandleSignals: true,
        taskList: { twice: twiceTask },
      }),
    ),
  );
  return {
    ms: Math.round(since(t2) / 1000),
    twice: [...ran.values()].filter((n) => n > 1).length,
    got: ran.size,
  };
}

async function freshDatabase(base: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `zl_bench_jobs_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

// PGlite: one embedded connection, the app's migrations, the same instance for every engine
{
  const open = async () => {
    const client = await PGlite.create(PGLITE_OPTIONS);
    const database = pgliteDatabase(client);
    await runMigrations(database);
    return { client, database };
  };
  let { client, database } = await open();
  await baseline('PGlite', database);
  await database.close();
  ({ client, database } = await open());
  const boss = new PgBoss({ db: fromPglite(client), backend: 'pglite', schedule: false, supervise: false });
  boss.on('error', (err) => console.error('pg-boss', err));
  await pgBoss('PGlite', database, boss);
  await boss.stop({ graceful: true, close: false });
  const again = new PgBoss({ db: fromPglite(client), backend: 'pglite', schedule: false, supervise: false });
  const t0 = process.hrtime.bigint();
  await again.start();
  extra.push(`PGlite pg-boss: start on an installed schema ${Math.round(since(t0) / 1000)} ms`);
  await again.stop({ graceful: true, close: false });
  await database.close();
  rows.push({
    backend: 'PGlite',
    engine: 'graphile-worker',
    enqueueUs: 0,
    runUs: 0,
    jobsPerS: 0,
    note: 'no PGlite driver: needs a pg.Pool',
  });
}

if (databaseUrl) {
  for (const step of ['outbox', 'pg-boss', 'graphile'] as const) {
    const fresh = await freshDatabase(databaseUrl);
    const database = await openDatabase({ databaseUrl: fresh.url, poolSize: 10 });
    try {
      if (step === 'outbox') await baseline('PostgreSQL', database);
      if (step === 'pg-boss') {
        const boss = new PgBoss({ connectionString: fresh.url, max: 4, schedule: false, supervise: false });
        boss.on('error', (err) => console.error('pg-boss', err));
        await pgBoss('PostgreSQL', database, boss);
        await boss.stop({ graceful: true });
        const again = new PgBoss({ connectionString: fresh.url, max: 4, schedule: false, supervise: false });
        const t0 = process.hrtime.bigint();
        await again.start();
        extra.push(`PostgreSQL pg-boss: start on an installed schema ${Math.round(since(t0) / 1000)} ms`);
        await again.stop({ graceful: true });
        const two = await pgBossTwoProcesses(fresh.url);
        extra.push(
          `PostgreSQL pg-boss, two instances on one queue: ${N} jobs in ${two.ms} ms, ${two.twice} run twice`,
        );
      }
      if (step === 'graphile') {
        const two = await graphile('PostgreSQL', database, fresh.url);
        extra.push(
          `PostgreSQL graphile-worker, two runners on one queue: ${two.got}/${N} jobs in ${two.ms} ms, ${two.twice} run twice`,
        );
      }
    } finally {
      await database.close();
      await fresh.drop();
    }
  }
}

console.log(`\n${N} jobs each, empty handler, ${new Date().toISOString()}\n`);
console.log('| database | engine | enqueue µs/job (own tx) | run µs/job | jobs/s | note |');
console.log('|---|---|---:|---:|---:|---|');
for (const r of rows)
  console.log(
    `| ${r.backend} | ${r.engine} | ${r.enqueueUs || '—'} | ${r.runUs || '—'} | ${r.jobsPerS || '—'} | ${r.note ?? ''} |`,
  );
for (const line of extra) console.log(`\n${line}`);
