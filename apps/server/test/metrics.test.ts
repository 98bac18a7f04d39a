// GET /metrics (docs/operations.md § Metrics): off without METRICS_TOKEN, 401 without the right
// bearer token, the Prometheus text format with the platform's series, route patterns as labels
// (never an id, a mobile or a query string), counters that move with what happens.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env.ts';
import { Client, login, makeTestApp, PASSWORD, register } from './helpers.ts';
import { useTestApp } from './member-fixtures.ts';

const TOKEN = 'metrics-token-0123456789';
const ctx = useTestApp({ env: { METRICS_TOKEN: TOKEN } });

const scrape = async (authorization?: string) =>
  ctx.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

/** The value of one series (`name{labels}`) in an exposition, or undefined. */
function seriesValue(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('/metrics', () => {
  it('answers 401 without the token or with another, in constant form; never the metrics', async () => {
    for (const auth of [undefined, 'Bearer wrong-token-0123456789', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const r = await scrape(auth);
      expect(r.statusCode, String(auth)).toBe(401);
      expect(r.headers['www-authenticate']).toContain('Bearer');
      expect(r.body).not.toContain('zl_');
    }
  });

  it('with the token: the Prometheus text format with the process, HTTP, outbox, job, stream and withdrawal series', async () => {
    await ctx.app.inject({ method: 'GET', url: '/livez' });
    const r = await scrape(`Bearer ${TOKEN}`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('text/plain');
    expect(r.headers['cache-control']).toBe('no-store');
    for (const name of [
      'zl_process_cpu_user_seconds_total',
      'zl_nodejs_eventloop_lag_seconds',
      'zl_http_requests_total',
      'zl_http_request_duration_seconds_bucket',
      'zl_outbox_pending_events',
      'zl_outbox_oldest_pending_age_seconds',
      'zl_outbox_failed_deliveries',
      'zl_withdrawals_pending',
      'zl_sse_streams_open',
      'zl_job_rounds',
      'zl_job_last_success_age_seconds',
      'zl_job_interval_seconds',
      'zl_logins_total',
      'zl_payment_notifications_total',
      'zl_payments_settled_total',
    ]) {
      expect(r.body, name).toContain(`# TYPE ${name.replace(/_bucket$/, '')} `);
    }
    expect(
      seriesValue(r.body, 'zl_http_requests_total{method="GET",route="/livez",status="200"}'),
    ).toBeGreaterThan(0);
    expect(seriesValue(r.body, 'zl_job_interval_seconds{job="outbox"}')).toBe(30);
    expect(seriesValue(r.body, 'zl_sse_streams_open')).toBe(0);
    // the pool's series only where there is a pool (the PostgreSQL server)
    expect(r.body.includes('zl_db_pool_connections{state="idle"}')).toBe(ctx.database.kind === 'postgres');
  });

  it('labels carry route patterns, not ids, mobiles or query strings; logins count by outcome', async () => {
    const c = new Client(ctx.app);
    const { mobile } = await register(c);
    const before = await scrape(`Bearer ${TOKEN}`);
    const failures = seriesValue(before.body, 'zl_logins_total{result="failure"}') ?? 0;
    const successes = seriesValue(before.body, 'zl_logins_total{result="success"}') ?? 0;
    await new Client(ctx.app).post('User/login', { mobile, password: 'wrong-pass1' });
    await login(new Client(ctx.app), mobile, PASSWORD);
    await ctx.app.inject({ method: 'GET', url: '/files/AAAAAAAAAAAAAAAAAAAAAA' });
    await ctx.app.inject({ method: 'GET', url: `/api/Dev/smsOutbox?mobile=${mobile}` });
    await ctx.app.inject({ method: 'GET', url: `/no/such/${mobile}` });
    const after = await scrape(`Bearer ${TOKEN}`);
    expect(seriesValue(after.body, 'zl_logins_total{result="failure"}')).toBe(failures + 1);
    expect(seriesValue(after.body, 'zl_logins_total{result="success"}')).toBe(successes + 1);
    expect(after.body).toContain('route="/files/:id"');
    expect(after.body).toContain('route="unmatched"');
    expect(after.body).not.toContain(mobile);
    expect(after.body).not.toContain('AAAAAAAAAAAAAAAAAAAAAA');
    expect(after.body).not.toContain('?');
    // every label value is one of the routes, methods, statuses, outcomes or job names
    const labels = [...after.body.matchAll(/(\w+)="([^"]*)"/g)].map((m) => `${m[1]}=${m[2]}`);
    expect(labels.filter((l) => /\d{11}/.test(l))).toEqual([]);
  });
});

describe('deploy/grafana-dashboard.json', () => {
  it('queries only series the server exposes (the pool ones on the PostgreSQL server, the backup ones with BACKUP_DIR)', async () => {
    const dashboard = readFileSync(
      path.resolve(import.meta.dirname, '../../../deploy/grafana-dashboard.json'),
      'utf8',
    );
    const used = new Set([...dashboard.matchAll(/\bzl_\w+/g)].map((m) => m[0].replace(/_bucket$/, '')));
    expect(used.size).toBeGreaterThan(10);
    const r = await scrape(`Bearer ${TOKEN}`);
    const exposed = new Set([...r.body.matchAll(/^# TYPE (\w+) /gm)].map((m) => m[1]!));
    const missing = [...used].filter(
      (n) =>
        !exposed.has(n) &&
        !(ctx.database.kind !== 'postgres' && n.startsWith('zl_db_pool_')) &&
        // the backup's series come with BACKUP_DIR (backup-schedule.test.ts scrapes them)
        !(ctx.config.backup.dir === null && n.startsWith('zl_backup_')),
    );
    expect(missing).toEqual([]);
  });
});

describe('/metrics without METRICS_TOKEN', () => {
  it('is off: 404, even with a bearer token', async () => {
    const off = await makeTestApp();
    try {
      const r = await off.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(r.statusCode).toBe(404);
      expect(r.body).not.toContain('zl_');
    } finally {
      await off.close();
    }
  });

  it('a short or non-ASCII token is refused at start, naming the variable', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ METRICS_TOKEN: '令牌令牌令牌令牌令牌令牌令牌令牌' })).toThrow(/METRICS_TOKEN/);
    expect(loadConfig({ METRICS_TOKEN: TOKEN, METRICS_PORT: '9464' }).metrics).toEqual({
      token: TOKEN,
      port: 9464,
    });
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toEqual({ token: null, port: null });
  });
});
