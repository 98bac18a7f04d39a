import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestContext } from './helpers.ts';

/** A test-only slow call: it tells when it has started, then works for a while (and uses the DB). */
let started: () => void = () => {};
let ctx: TestContext;
let base: string;
let closed = false;

beforeAll(async () => {
  ctx = await makeTestApp(
    {},
    {
      beforeReady: (app) => {
        app.get('/slow', async () => {
          started();
          await sleep(300);
          const r = (await ctx.database.db.execute(sql`select 42 as n`)) as unknown as {
            rows: Array<{ n: number }>;
          };
          return { ok: true, n: Number(r.rows[0]!.n) };
        });
      },
    },
  );
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  if (!closed) await ctx.close();
});

function get(
  url: string,
  agent?: http.Agent,
): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      })
      .on('error', reject);
  });
}

describe('graceful shutdown (in process)', () => {
  it('a request in flight when close starts still completes with 200; new connections are refused after', async () => {
    // an idle keep-alive connection must not hold the shutdown up
    const agent = new http.Agent({ keepAlive: true });
    const warm = await get(`${base}/healthz`, agent);
    expect(warm.status).toBe(200);

    const inRoute = new Promise<void>((r) => {
      started = r;
    });
    const slow = get(`${base}/slow`, new http.Agent({ keepAlive: true }));
    await inRoute;
    const t0 = Date.now();
    const closing = ctx.app.close();
    const res = await slow;
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ ok: true, n: 42 });
    // its keep-alive connection is closed after the answer, so it cannot hold the shutdown up
    expect(res.headers.connection).toBe('close');
    await closing;
    // it waited for the slow call, but not for the idle keep-alive socket
    expect(Date.now() - t0).toBeLessThan(3000);
    await expect(get(`${base}/healthz`)).rejects.toThrow(/ECONNREFUSED|ECONNRESET|socket hang up/);
    agent.destroy();

    await ctx.database.close();
    closed = true;
  });
});
