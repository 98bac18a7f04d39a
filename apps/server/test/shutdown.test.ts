import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeTestApp, type TestContext } from './helpers.ts';

/** A test-only slow call: it tells when it has started, then waits for the test to let it finish (and uses the DB). */
let started: () => void = () => {};
let finish: () => void = () => {};
let ctx: TestContext;
let base: string;
let closed = false;

beforeAll(async () => {
  ctx = await makeTestApp(
    {},
    {
      beforeReady: (app) => {
        app.get('/slow', async () => {
          const finished = new Promise<void>((r) => {
            finish = r;
          });
          started();
          await finished;
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
    const idle = Object.values(agent.freeSockets).flat()[0]!;
    expect(idle.destroyed).toBe(false);

    const inRoute = new Promise<void>((r) => {
      started = r;
    });
    const slow = get(`${base}/slow`, new http.Agent({ keepAlive: true }));
    await inRoute;
    let done = false;
    const closing = ctx.app.close().then(() => {
      done = true;
    });
    // close has begun (new connections are refused) while the call is still in its route
    await vi.waitFor(() => expect(ctx.app.server.listening).toBe(false));
    expect(done).toBe(false);
    finish();
    const res = await slow;
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ ok: true, n: 42 });
    // its keep-alive connection is closed after the answer, so it cannot hold the shutdown up
    expect(res.headers.connection).toBe('close');
    await closing;
    // it waited for the slow call; the idle keep-alive socket was closed by the server, not waited for
    await vi.waitFor(() => expect(idle.destroyed).toBe(true));
    await expect(get(`${base}/healthz`)).rejects.toThrow(/ECONNREFUSED|ECONNRESET|socket hang up/);
    agent.destroy();

    await ctx.database.close();
    closed = true;
  });
});
