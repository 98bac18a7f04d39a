import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from './free-port.ts';
import { rows } from './helpers.ts';
import { useTestApp } from './member-fixtures.ts';
import { makeProject } from './project-fixtures.ts';
import {
  type Member,
  memberClient,
  quoteBody,
  REQUIREMENTS,
  verifiedSupplier,
} from './projectcenter-fixtures.ts';
import { openSse, type SseStream } from './sse-client.ts';

// Live updates across server processes on one PostgreSQL database (docs/adr/0007-live-events.md):
// a tip written by process A reaches a stream held by process B through LISTEN/NOTIFY.
// PostgreSQL only (the CI's second pass): PGlite is one process by design.
const ON_POSTGRES = Boolean(process.env.DATABASE_URL);
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

// biome-ignore lint/suspicious/noExplicitAny: event payloads in assertions
type Any = any;

interface Proc {
  child: ChildProcess;
  base: string;
  out: () => string;
}

function startServer(databaseUrl: string, port: number, jobs: boolean): Proc {
  const { DATABASE_URL: _ignored, ...rest } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: ROOT,
    env: {
      ...rest,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      JOBS_ENABLED: String(jobs),
      DEMO_DATA: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  return { child, base: `http://127.0.0.1:${port}`, out: () => out };
}

async function healthy(p: Proc): Promise<void> {
  await vi.waitFor(
    async () => {
      if (p.child.exitCode !== null) return; // an early exit is final: reported below
      // a refused connection (not listening yet) throws too, and is tried again
      expect((await fetch(`${p.base}/healthz`)).ok).toBe(true);
    },
    { timeout: 90_000, interval: 150 },
  );
  if (p.child.exitCode !== null) throw new Error(`server exited early:\n${p.out()}`);
}

const cookie = (m: Member) => `zl_sid=${m.c.cookies.get('zl_sid')!.value}`;
const json = (e: { data: string }): Any => JSON.parse(e.data);

describe.skipIf(!ON_POSTGRES)('live updates across two server processes (PostgreSQL)', () => {
  const ctx = useTestApp();
  const procs: Proc[] = [];
  const streams: SseStream[] = [];
  let a: Proc;
  let b: Proc;

  beforeAll(async () => {
    const url = String(ctx.database.pool!.options.connectionString);
    // only A runs the outbox: every tip is written (and its NOTIFY sent) by process A
    a = startServer(url, await freePort(), true);
    b = startServer(url, await freePort(), false);
    procs.push(a, b);
    await Promise.all([healthy(a), healthy(b)]);
    // A's outbox job LISTENs once it has started (after /healthz answers): wait for it, so the
    // delivery below is woken by the NOTIFY and not by the 30 s safety poll
    await vi.waitFor(
      async () => {
        const [r] = await rows<{ n: number }>(
          ctx,
          sql`select count(*)::int as n from pg_stat_activity
              where datname = current_database() and query ilike 'listen zl_outbox%'`,
        );
        expect(Number(r?.n)).toBeGreaterThan(0);
      },
      { timeout: 60_000, interval: 100 },
    );
  }, 120_000);

  afterAll(async () => {
    for (const s of streams) s.close();
    await Promise.all(
      procs.map(
        (p) =>
          new Promise<void>((resolve) => {
            if (p.child.exitCode !== null || p.child.signalCode !== null) return resolve();
            p.child.once('exit', () => resolve());
            p.child.kill('SIGTERM');
          }),
      ),
    );
  }, 60_000);

  it('a quote made through process A reaches the customer stream held by process B (tip, project); a read through A lowers the count at B', {
    timeout: 90_000,
  }, async () => {
    const cust = await memberClient(ctx, { cardtype: 'customer' });
    const sup = await verifiedSupplier(ctx, 100);
    const p = await makeProject(ctx, cust.id, {
      ...REQUIREMENTS,
      status: 1,
      coins: 10,
      title: '成都糖酒会展台',
    });

    const atB = await openSse(`${b.base}/api/Tipcenter/stream`, { cookie: cookie(cust) });
    streams.push(atB);
    expect(atB.status).toBe(200);
    expect(json(await atB.next('unread'))).toEqual({ unread: 0 });

    const quoted = await fetch(`${a.base}/api/Projectcenter/priceTable`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: cookie(sup) },
      body: JSON.stringify(quoteBody(p.id)),
    });
    expect(((await quoted.json()) as Any).success).toBe(true);

    // no drain here: A's own outbox job delivers (woken by NOTIFY) and writes the tip; B only listens
    const tip = json(await atB.next('tip'));
    expect(tip.tip).toMatchObject({ title: '收到新报价：成都糖酒会展台', read: false });
    expect(tip.unread).toBe(1);
    expect(json(await atB.next('project'))).toEqual({ id: p.id, what: 'quote', status: 1, quotes: 1 });

    const read = await fetch(`${a.base}/api/Tipcenter/editMsg`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: cookie(cust) },
      body: JSON.stringify({ all: true }),
    });
    expect(((await read.json()) as Any).data).toEqual({ changed: 1, unread: 0 });
    expect(json(await atB.next('unread'))).toEqual({ unread: 0 });
  });
});
