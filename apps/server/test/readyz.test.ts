import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeTestApp, type TestContext } from './helpers.ts';

/**
 * Issue 30 item 6: `GET /readyz` says whether this process should get traffic — 200 when the
 * database answers `select 1` in time, 503 when it does not (an error or a hang) and once shutdown
 * began. `/livez` and `/healthz` stay as they are.
 */

let ctx: TestContext;
let base: string;
let holdClose: () => void = () => {};
let closed = false;

beforeAll(async () => {
  ctx = await makeTestApp(
    {},
    {
      beforeReady: (app) => {
        // after the app's own preClose hooks (the `closing` flag): shutdown waits here while the port listens
        app.addHook('preClose', async () => {
          await new Promise<void>((resolve) => {
            holdClose = resolve;
          });
        });
      },
    },
  );
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  holdClose();
  if (!closed) await ctx.close();
});

async function readyz(): Promise<{ status: number; body: Record<string, unknown> }> {
  const r = await ctx.app.inject({ method: 'GET', url: '/readyz' });
  return { status: r.statusCode, body: r.json() };
}

describe('GET /readyz', () => {
  it('200 with the database kind when `select 1` answers; no envelope', async () => {
    const r = await readyz();
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: 'ok', db: ctx.database.kind });
  });

  it('503 `database` when the database fails', async () => {
    const execute = vi.spyOn(ctx.database.db, 'execute').mockRejectedValue(new Error('connection refused'));
    try {
      const r = await readyz();
      expect(r.status).toBe(503);
      expect(r.body).toEqual({ status: 'error', db: ctx.database.kind, reason: 'database' });
    } finally {
      execute.mockRestore();
    }
    expect((await readyz()).status).toBe(200);
  });

  it('503 `database` when `select 1` does not answer within 2 s (a hung server, a full pool)', async () => {
    const execute = vi
      .spyOn(ctx.database.db, 'execute')
      .mockReturnValue(new Promise(() => {}) as unknown as ReturnType<typeof ctx.database.db.execute>);
    try {
      const started = Date.now();
      const r = await readyz();
      expect(r.status).toBe(503);
      expect(r.body.reason).toBe('database');
      expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      execute.mockRestore();
    }
  });

  it('503 `closing` once shutdown began, while the port still answers; /livez still 200', async () => {
    // the context's close: the app's (waiting in the hook above), then the database's
    const closing = ctx.close();
    try {
      await vi.waitFor(async () => {
        const r = await fetch(`${base}/readyz`);
        expect(r.status).toBe(503);
        expect(await r.json()).toEqual({ status: 'error', db: ctx.database.kind, reason: 'closing' });
      });
      expect((await fetch(`${base}/livez`)).status).toBe(200);
    } finally {
      holdClose();
      await closing;
      closed = true;
    }
  });
});
