import cluster, { type Worker } from 'node:cluster';

/**
 * `WORKERS=N` (or `npm start -- --workers N`): this process becomes the supervisor of N server
 * processes sharing one port through Node's cluster module (docs/deploy.md "Processes"). It
 * serves nothing itself: a worker that dies is started again (after a pause that grows while
 * workers keep dying young), SIGTERM/SIGINT are passed to every worker and the supervisor exits
 * when they all have.
 */
export function superviseWorkers(
  count: number,
  log: (line: string) => void,
  /** the workers' own SHUTDOWN_SECONDS; the supervisor waits a little longer, then exits regardless */
  shutdownMs = 10_000,
): void {
  let stopping = false;
  let quickDeaths = 0;
  const startedAt = new Map<number, number>();

  const fork = (): Worker => {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
    return worker;
  };

  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker.id) ?? Date.now());
    startedAt.delete(worker.id);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    // a worker that dies within 10 s of its start counts towards a longer pause (at most 30 s)
    quickDeaths = lived < 10_000 ? quickDeaths + 1 : 0;
    const pause = Math.min(30_000, 500 * 2 ** Math.min(quickDeaths, 6));
    log(`工作进程 ${worker.process.pid} 已退出（${signal ?? `code ${code}`}），${pause} ms 后重启`);
    setTimeout(() => {
      if (!stopping) fork();
    }, pause).unref();
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
    if (workers.length === 0) process.exit(0);
    for (const w of workers) w.process.kill(signal);
    // the workers finish their requests within their own SHUTDOWN_SECONDS; then nothing is waited for
    setTimeout(() => process.exit(1), shutdownMs + 2_000);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  for (let i = 0; i < count; i++) fork();
  log(`已启动 ${count} 个工作进程（主进程 ${process.pid}）`);
}

/** `--workers N` / `--workers=N` on the command line, as the WORKERS variable. */
export function workersArg(argv: readonly string[]): { WORKERS?: string } {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--workers' && argv[i + 1] !== undefined) return { WORKERS: argv[i + 1]! };
    if (a.startsWith('--workers=')) return { WORKERS: a.slice('--workers='.length) };
  }
  return {};
}
