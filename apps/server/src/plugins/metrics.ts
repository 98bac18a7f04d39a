import { timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import { type MetricsSnapshot, metricsSnapshot } from '../db/metrics.repo.ts';
import { backupTime, completeBackups } from '../jobs/backup-job.ts';
import type { Scheduler } from '../jobs/scheduler.ts';
import { processRegistry } from '../lib/metrics.ts';
import type { App } from '../lib/types.ts';
import type { LiveHub } from '../modules/live/live.hub.ts';

/**
 * `GET /metrics` in the Prometheus text format (docs/operations.md § Metrics): this app's HTTP
 * requests by route pattern and status with a latency histogram, the database pool, the outbox's
 * backlog, the job rounds, the open event streams and the pending withdrawals, beside the process
 * registry (lib/metrics.ts). Off until METRICS_TOKEN is set; then only with
 * `Authorization: Bearer <token>`. Labels are route patterns, methods, statuses and job names:
 * never an id, a mobile or a query string.
 */
export function registerMetrics(
  app: App,
  deps: { config: Config; database: Database; live: LiveHub; jobs: Scheduler },
): void {
  const { config, database, live, jobs } = deps;
  const registry = new Registry();
  const requests = new Counter({
    name: 'zl_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'zl_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status class',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    // the pattern the router matched (`/files/:id`), never the path with its ids; unmatched: one label
    const route = request.routeOptions.url ?? 'unmatched';
    if (route !== '/metrics') {
      const status = reply.statusCode;
      requests.inc({ method: request.method, route, status: String(status) });
      duration.observe(
        { method: request.method, route, status_class: `${Math.floor(status / 100)}xx` },
        reply.elapsedTime / 1000,
      );
    }
    done();
  });

  const pool = database.pool;
  if (pool) {
    new Gauge({
      name: 'zl_db_pool_connections',
      help: 'PostgreSQL pool connections: open in all, idle, and requests waiting for one',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
    new Gauge({
      name: 'zl_db_pool_max',
      help: 'PostgreSQL pool size (DB_POOL_SIZE)',
      registers: [registry],
      collect() {
        this.set(pool.options.max ?? 10);
      },
    });
  }

  // Read from the database once per scrape, together: the outbox's backlog and the pending withdrawals.
  let snapshot: Promise<MetricsSnapshot> | null = null;
  const read = () => {
    snapshot ??= metricsSnapshot(database.db).finally(() => {
      setImmediate(() => {
        snapshot = null;
      });
    });
    return snapshot;
  };
  const fromSnapshot = (name: string, help: string, pick: (s: MetricsSnapshot) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        this.set(pick(await read()));
      },
    });
  fromSnapshot(
    'zl_outbox_pending_events',
    'Outbox events not yet delivered to every handler',
    (s) => s.pending,
  );
  fromSnapshot(
    'zl_outbox_oldest_pending_age_seconds',
    'Age of the oldest outbox event not yet delivered (0 when none)',
    (s) => s.oldest,
  );
  fromSnapshot(
    'zl_outbox_failed_deliveries',
    'Outbox deliveries given up after their last attempt (an operator looks at them)',
    (s) => s.failed,
  );
  fromSnapshot(
    'zl_withdrawals_pending',
    'Withdrawal requests waiting for a finance operator',
    (s) => s.withdrawals,
  );

  new Gauge({
    name: 'zl_sse_streams_open',
    help: 'Live event streams (Tipcenter/stream) open in this process',
    registers: [registry],
    collect() {
      this.set(live.size);
    },
  });
  new Gauge({
    name: 'zl_job_rounds',
    help: 'Job rounds run in this process since it started, by job and result (ok, failed)',
    labelNames: ['job', 'result'] as const,
    registers: [registry],
    collect() {
      for (const s of jobs.roundStats()) {
        this.set({ job: s.job, result: 'ok' }, s.ok);
        this.set({ job: s.job, result: 'failed' }, s.failed);
      }
    },
  });
  new Gauge({
    name: 'zl_job_last_success_age_seconds',
    help: 'Seconds since a round of the job last ended well in this process (-1: none yet); compare with its interval',
    labelNames: ['job'] as const,
    registers: [registry],
    collect() {
      const now = Date.now();
      for (const s of jobs.roundStats()) {
        this.set({ job: s.job }, s.lastOkAt === null ? -1 : (now - s.lastOkAt) / 1000);
      }
    },
  });
  new Gauge({
    name: 'zl_job_interval_seconds',
    help: 'How often a round of the job is due',
    labelNames: ['job'] as const,
    registers: [registry],
    collect() {
      for (const s of jobs.roundStats()) this.set({ job: s.job }, s.intervalMs / 1000);
    },
  });

  new Gauge({
    name: 'zl_ledger_check_ok',
    help: 'The last hourly ledger check this process ran: 1 passed, 0 failed, -1 none yet (docs/operations.md § Metrics)',
    registers: [registry],
    collect() {
      const last = jobs.ledgerCheck.last;
      this.set(last === null ? -1 : last.ok ? 1 : 0);
    },
  });
  new Gauge({
    name: 'zl_ledger_check_timestamp_seconds',
    help: 'When this process last ran the ledger check (Unix seconds; 0: not yet)',
    registers: [registry],
    collect() {
      this.set((jobs.ledgerCheck.last?.at ?? 0) / 1000);
    },
  });

  // the newest complete scheduled backup in BACKUP_DIR, read from the folder itself (any process)
  const backupSizes = new Map<string, number>();
  const newestBackup = () => {
    const dir = config.backup.dir;
    if (!dir) return null;
    const name = completeBackups(dir)[0];
    if (!name) return { at: 0, bytes: 0 };
    let bytes = backupSizes.get(name);
    if (bytes === undefined) {
      bytes = 0;
      for (const e of fs.readdirSync(path.join(dir, name), { recursive: true, withFileTypes: true }))
        if (e.isFile()) bytes += fs.statSync(path.join(e.parentPath, e.name)).size;
      backupSizes.clear();
      backupSizes.set(name, bytes);
    }
    return { at: backupTime(name), bytes };
  };
  if (config.backup.dir) {
    new Gauge({
      name: 'zl_backup_last_success_timestamp_seconds',
      help: 'When the newest complete scheduled backup in BACKUP_DIR was taken (Unix seconds; 0: none)',
      registers: [registry],
      collect() {
        this.set((newestBackup()?.at ?? 0) / 1000);
      },
    });
    new Gauge({
      name: 'zl_backup_last_size_bytes',
      help: 'Size of the newest complete scheduled backup in BACKUP_DIR',
      registers: [registry],
      collect() {
        this.set(newestBackup()?.bytes ?? 0);
      },
    });
  }

  // the disks the platform writes to on this machine: PGlite's DATA_DIR, local uploads, BACKUP_DIR
  const disks: Array<{ dir: string; path: string }> = [
    ...(config.database.url ? [] : [{ dir: 'data', path: config.database.dataDir }]),
    ...(config.uploads.s3 ? [] : [{ dir: 'uploads', path: config.uploads.dir }]),
    ...(config.backup.dir ? [{ dir: 'backup', path: config.backup.dir }] : []),
  ];
  const statDisk = async (p: string) => {
    try {
      const st = await fs.promises.statfs(p);
      return { free: st.bavail * st.bsize, size: st.blocks * st.bsize };
    } catch {
      return null; // not there yet (no upload so far): no sample
    }
  };
  new Gauge({
    name: 'zl_disk_free_bytes',
    help: 'Bytes free to the server on the file system of DATA_DIR (PGlite), UPLOAD_DIR (local) and BACKUP_DIR',
    labelNames: ['dir'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const d of disks) {
        const st = await statDisk(d.path);
        if (st) this.set({ dir: d.dir }, st.free);
      }
    },
  });
  new Gauge({
    name: 'zl_disk_size_bytes',
    help: 'Size of the file system of DATA_DIR (PGlite), UPLOAD_DIR (local) and BACKUP_DIR',
    labelNames: ['dir'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const d of disks) {
        const st = await statDisk(d.path);
        if (st) this.set({ dir: d.dir }, st.size);
      }
    },
  });

  const token = config.metrics.token;
  const expected = token === null ? null : Buffer.from(`Bearer ${token}`);
  const allowed = (header: string | undefined) => {
    if (expected === null || header === undefined) return false;
    const got = Buffer.from(header);
    return got.length === expected.length && timingSafeEqual(got, expected);
  };
  const exposition = async () => {
    const merged = Registry.merge([processRegistry, registry]);
    return { type: merged.contentType, body: await merged.metrics() };
  };

  app.get(
    '/metrics',
    {
      schema: {
        tags: ['Health'],
        summary: '监控指标',
        description:
          'Prometheus 文本格式的指标（docs/operations.md § Metrics）。未设置 METRICS_TOKEN 时为 404；设置后须带 `Authorization: Bearer <token>`，否则 401。不套信封。',
      },
    },
    async (request: FastifyRequest, reply: FastifyReply) => {
      if (expected === null) return reply.code(404).type('text/plain; charset=utf-8').send('not found');
      if (!allowed(request.headers.authorization)) {
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer realm="metrics"')
          .type('text/plain; charset=utf-8')
          .send('unauthorized');
      }
      const out = await exposition();
      return reply.header('cache-control', 'no-store').type(out.type).send(out.body);
    },
  );

  // METRICS_PORT: the same answer on a port of its own (an internal scrape network), nothing else there.
  const port = config.metrics.port;
  if (port !== null) {
    const server = http.createServer((req, res) => {
      const path = (req.url ?? '').split('?')[0];
      if (req.method !== 'GET' || path !== '/metrics') {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found');
        return;
      }
      if (!allowed(req.headers.authorization)) {
        res
          .writeHead(401, {
            'content-type': 'text/plain; charset=utf-8',
            'www-authenticate': 'Bearer realm="metrics"',
          })
          .end('unauthorized');
        return;
      }
      exposition().then(
        (out) => res.writeHead(200, { 'content-type': out.type, 'cache-control': 'no-store' }).end(out.body),
        () => res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('error'),
      );
    });
    app.addHook('onListen', async () => {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, config.server.host, () => resolve());
      });
      app.log.info({ port }, 'metrics listening');
    });
    app.addHook('onClose', async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });
  }
}
