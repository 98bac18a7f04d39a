import cluster from 'node:cluster';
import { buildApp } from './app.ts';
import { superviseWorkers, workersArg } from './cluster.ts';
import { type Config, loadConfig } from './config/env.ts';
import { type Database, openDatabase } from './db/client.ts';
import { demoTemplateFor, finishDemoStart } from './demo/demo-template.ts';
import { seedDemoData } from './demo/seed.ts';
import { prettyStream, wantsPrettyLogs } from './lib/logging.ts';
import { createStorage, type FileStorage } from './modules/file/storage.ts';
import { sweepExpired } from './modules/user/session.service.ts';

function devHint(config: Config): string {
  return config.isProduction
    ? ''
    : '\n  注册时的短信验证码可在 GET /api/Dev/smsOutbox?mobile=手机号 查看（仅非生产模式）';
}

async function seed(database: Database, storage: FileStorage, config: Config): Promise<void> {
  const demo = await seedDemoData(database.db, { storage });
  if (demo) console.log(`${demo.banner}${devHint(config)}`);
}

/**
 * A process manager may close the pipes it reads our output from before (or while) it stops us:
 * a write to them then fails with EPIPE, which must neither crash the process nor keep it alive.
 */
function ignoreClosedOutput(): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code !== 'EPIPE' && err.code !== 'ERR_STREAM_DESTROYED') throw err;
    });
  }
}

async function main(): Promise<void> {
  ignoreClosedOutput();
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig({ ...process.env, ...workersArg(process.argv.slice(2)) });
  } catch (err) {
    // A configuration the server must not run with (e.g. production without a real SMS provider):
    // the message names the variables; a stack trace would only hide it.
    console.error(`启动失败：${(err as Error).message}`);
    process.exit(1);
  }
  // a fresh embedded start with the demo: from the build's demo template (ADR 0018) when it can
  const demoStart =
    config.server.demoData && !config.database.url && !config.uploads.s3 && config.database.pgliteTemplate
      ? demoTemplateFor({
          dataDir: config.database.dataDir,
          uploadsDir: config.uploads.dir,
          moduleUrl: import.meta.url,
        })
      : null;
  const fromDemo = demoStart && 'archive' in demoStart ? demoStart : null;
  let database: Awaited<ReturnType<typeof openDatabase>>;
  let seeded = false;
  try {
    database = await openDatabase({
      databaseUrl: config.database.url,
      dataDir: config.database.dataDir,
      poolSize: config.database.poolSize,
      pgliteTemplate: fromDemo ? fromDemo.archive : config.database.pgliteTemplate ? undefined : false,
    });
    if (fromDemo) seeded = await finishDemoStart(database.db, fromDemo, config.uploads.dir);
  } catch (err) {
    console.error(`启动失败：${(err as Error).message}`);
    process.exit(1);
  }
  const storage = await createStorage(config);
  const seedDemo = async () => {
    if (seeded) console.log(`${fromDemo!.meta.banner}${devHint(config)}`);
    else await seed(database, storage, config);
  };

  if (config.server.workers > 1 && cluster.isPrimary) {
    // The supervisor migrates and seeds once, then hands the port to its workers (docs/deploy.md).
    if (config.server.demoData) await seedDemo();
    await database.close();
    storage.close?.();
    superviseWorkers(config.server.workers, (line) => console.log(line), config.server.shutdownMs);
    return;
  }

  // A person at a terminal outside production reads coloured lines; anything else gets JSON
  // (FORCE_COLOR: `npm run dev`'s concurrently owns the terminal and pipes ours, lib/logging.ts).
  const logStream = wantsPrettyLogs(config.isProduction, process.stdout, process.env.FORCE_COLOR)
    ? prettyStream()
    : undefined;
  const app = await buildApp({ config, database, storage, logStream });

  if (config.server.demoData && cluster.isPrimary) await seedDemo();

  const sweeper = setInterval(() => {
    sweepExpired(database.db, config).catch((err) => app.log.warn({ err }, 'sweep failed'));
  }, 3_600_000);
  sweeper.unref();

  // Stopping (docs/operations.md § Stopping): a signal to the process group, to `npm start`'s npm
  // (it passes it on) or to this process alone all land here, more than once in the first case.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    clearInterval(sweeper);
    // Referenced on purpose: whatever else is left open (a client that never reads, a stuck query),
    // the process is gone after SHUTDOWN_SECONDS.
    setTimeout(() => {
      app.log.error({ shutdownMs: config.server.shutdownMs }, 'shutdown timed out: exiting');
      process.exit(1);
    }, config.server.shutdownMs);
    try {
      // In order: stop accepting (idle keep-alive sockets close), end the live streams with a
      // `retry:` hint, let in-flight requests finish, stop the jobs at a safe point (a round in
      // progress commits or rolls back) — and only then close the pool / PGlite.
      await app.close();
      await database.close();
      storage.close?.();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  // Under `npm start` (npm sets npm_lifecycle_event) a stop that reached npm but not this process
  // (npm killed outright, or a shell between them that died of the signal without passing it on)
  // leaves this process orphaned: that is a stop too, not a server to keep running unseen.
  if (process.env.npm_lifecycle_event !== undefined) {
    const parent = process.ppid;
    const watch = setInterval(() => {
      if (process.ppid !== parent) void shutdown('parent exited');
    }, 500);
    watch.unref();
  }

  await app.listen({ port: config.server.port, host: config.server.host });
  // Scheduled work (expiry, outbox dispatch) only here, never in buildApp: tests and tools stay quiet.
  if (config.jobs.enabled) app.jobs.start();
  const where =
    database.kind === 'pglite' ? `嵌入式 PGlite（${config.database.dataDir}）` : 'PostgreSQL 服务器';
  console.log(
    `展览供应商接单平台已启动：http://${config.server.host === '0.0.0.0' ? 'localhost' : config.server.host}:${config.server.port}  数据库：${where}`,
  );
}

void main();
