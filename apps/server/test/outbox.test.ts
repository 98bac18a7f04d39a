import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { insertAudit } from '../src/modules/audit/audit.repo.ts';
import { insertEvent, OUTBOX_CHANNEL } from '../src/modules/outbox/outbox.repo.ts';
import type { OutboxEvent } from '../src/modules/outbox/outbox.ts';
import {
  applyTransition,
  onProjectEvent,
  type ProjectEventNotice,
} from '../src/modules/project/project-transition.ts';
import { makeMember } from './admin-helpers.ts';
import { rows, type TestContext } from './helpers.ts';
import { useTestApp } from './member-fixtures.ts';
import { makeProject, makeQuote } from './project-fixtures.ts';

const ON_POSTGRES = Boolean(process.env.DATABASE_URL);
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

const ctx = useTestApp({ members: { customer: { row: { cardtype: 'customer' } } } });
const { customer } = ctx.members;

/** Another app (another "process" as far as the outbox knows) on a database. */
async function appOn(database: Database) {
  return buildApp({ config: ctx.config, database, webDist: null });
}

function approve(db: Database['db'], projectId: number) {
  return db.transaction((tx) =>
    applyTransition(tx, { projectId, event: 'approve', actor: { type: 'admin', id: 1 } }, () => ({
      checked: 1,
      coins: 5,
    })),
  );
}

async function delivery(eventId: number, handler: string) {
  const [d] = await rows<{
    status: string;
    attempts: number;
    last_error: string | null;
    delay_ms: number;
    done: boolean;
  }>(
    ctx,
    sql`select status, attempts, last_error, done_at is not null as done,
          (extract(epoch from next_attempt_at - updated_at) * 1000)::int as delay_ms
        from outbox_deliveries where event_id = ${eventId} and handler = ${handler}`,
  );
  return d;
}

async function eventDone(eventId: number): Promise<boolean> {
  const [e] = await rows<{ done: boolean }>(
    ctx,
    sql`select done_at is not null as done from outbox_events where id = ${eventId}`,
  );
  return e!.done;
}

/** Waits until `check` holds (polling, like `vi.waitFor`), failing after `ms`. */
async function until(check: () => boolean | Promise<boolean>, ms: number): Promise<void> {
  await vi.waitFor(async () => expect(await check()).toBe(true), { timeout: ms, interval: 20 });
}

describe('writing events', () => {
  it('a transition writes its event in its own transaction: a refused one writes none', async () => {
    const p = await makeProject(ctx, customer.id, { status: 0, checked: 0 });
    const res = await approve(ctx.database.db, p.id);
    const [e] = await rows<{ type: string; aggregate_type: string; aggregate_id: string; payload: unknown }>(
      ctx,
      sql`select type, aggregate_type, aggregate_id, payload from outbox_events where id = ${res.events[0]!.eventId}`,
    );
    expect(e).toMatchObject({
      type: 'project.approve',
      aggregate_type: 'project',
      aggregate_id: String(p.id),
      payload: { projectId: p.id, from: 0, to: 1, actor: { type: 'admin', id: 1 } },
    });
    const before = await rows<{ n: number }>(ctx, sql`select count(*)::int as n from outbox_events`);
    await expect(approve(ctx.database.db, p.id)).rejects.toMatchObject({ code: 'INVALID_STATE' });
    const after = await rows<{ n: number }>(ctx, sql`select count(*)::int as n from outbox_events`);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('coin movements worth telling write ledger events; a duplicate movement writes none', async () => {
    const p = await makeProject(ctx, customer.id, { status: 1 });
    const s = await makeMember(ctx, { cardtype: 'workshop', personauth: 1 });
    const q = await makeQuote(ctx, p.id, s.id, 6);
    await ctx.database.db.transaction(async (tx) => {
      const { refundBidders } = await import('../src/modules/project/project-refund.ts');
      await refundBidders(tx, p.id);
      await refundBidders(tx, p.id);
    });
    const events = await rows<{ type: string; payload: { refId: string; members: unknown[] } }>(
      ctx,
      sql`select type, payload from outbox_events where type like 'ledger.%' and payload->>'refId' = ${String(q.id)} order by id`,
    );
    const member = (amount: number) => [{ memberId: s.id, kind: 'member_coins', currency: 'COIN', amount }];
    // the fee (by the fixture) and one refund: the second refund was a duplicate and posted nothing
    expect(events).toEqual([
      {
        type: 'ledger.quote_fee',
        payload: expect.objectContaining({ refType: 'quote', refId: String(q.id), members: member(-6) }),
      },
      {
        type: 'ledger.quote_refund',
        payload: expect.objectContaining({ refType: 'quote', refId: String(q.id), members: member(6) }),
      },
    ]);
    // the demo grant of the fixture is not announced
    const grants = await rows(ctx, sql`select 1 from outbox_events where type = 'ledger.demo_grant'`);
    expect(grants).toHaveLength(0);
  });
});

describe('delivery', () => {
  it('(a) an event committed by a process killed before dispatch is delivered by the next one', async () => {
    // The first "process" commits and is gone without dispatching (its app never ran the jobs).
    const first = await appOn(ctx.database);
    const p = await makeProject(ctx, customer.id, { status: 0, checked: 0 });
    const { events } = await approve(ctx.database.db, p.id);
    await first.close();

    const next = await appOn(ctx.database);
    const heard: ProjectEventNotice[] = [];
    onProjectEvent(next.outbox, 'after-restart', (e) => {
      if (e.projectId === p.id) heard.push(e);
    });
    await next.outbox.drain();
    expect(heard).toEqual([
      expect.objectContaining({ eventId: events[0]!.eventId, type: 'project.approve' }),
    ]);
    await next.outbox.drain(); // delivered once: nothing again
    expect(heard).toHaveLength(1);
    expect(await eventDone(events[0]!.eventId)).toBe(true);
    await next.close();
  });

  it('(a) a server process killed with SIGKILL after the commit: the event is delivered after restart', {
    timeout: 120_000,
  }, async () => {
    let database: Database = ctx.database;
    let dataDir: string | undefined;
    if (!ON_POSTGRES) {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zl-outbox-crash-'));
      database = await openDatabase({ dataDir });
    }
    try {
      const owner = (await makeMember({ database } as TestContext, { cardtype: 'customer' })).id;
      const p = await makeProject({ database } as TestContext, owner, { status: 0, checked: 0 });
      if (dataDir) await database.close(); // PGlite: one process at a time

      const { DATABASE_URL: _ignored, ...rest } = process.env;
      const child: ChildProcess = spawn(
        process.execPath,
        ['--import', 'tsx', 'apps/server/test/fakes/outbox-crash-child.ts'],
        {
          cwd: ROOT,
          env: {
            ...rest,
            ZL_PROJECT_ID: String(p.id),
            ...(dataDir
              ? { ZL_DATA_DIR: dataDir }
              : { ZL_DATABASE_URL: String(ctx.database.pool!.options.connectionString) }),
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let out = '';
      child.stdout!.on('data', (d) => (out += d));
      child.stderr!.on('data', (d) => (out += d));
      const exited = new Promise((r) => child.on('exit', r));
      await until(() => /committed \d+/.test(out) || child.exitCode !== null, 90_000);
      const eventId = Number(/committed (\d+)/.exec(out)?.[1]);
      expect(eventId, out).toBeGreaterThan(0);
      child.kill('SIGKILL');
      await exited;

      if (dataDir) database = await openDatabase({ dataDir }); // takes over the dead one's lock
      const app = await appOn(database);
      const heard: number[] = [];
      onProjectEvent(app.outbox, 'after-crash', (e) => {
        heard.push(e.eventId);
      });
      await app.outbox.drain();
      expect(heard).toContain(eventId);
      expect(heard.filter((id) => id === eventId)).toHaveLength(1);
      await app.close();
    } finally {
      if (dataDir) {
        await database.close().catch(() => {});
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    }
  });

  it('(b) a handler that throws twice is retried with back-off and then succeeds; its database work happens once', async () => {
    const logged: string[] = [];
    const app = await buildApp({
      config: ctx.config,
      database: ctx.database,
      webDist: null,
      logger: pino({ level: 'warn' }, { write: (line: string) => void logged.push(line) }),
    });
    const seen: Array<{ id: number; attempt: number }> = [];
    let eventId = 0;
    app.outbox.on('flaky', 'test.flaky', async (event: OutboxEvent, { tx, attempt }) => {
      seen.push({ id: event.id, attempt });
      // written through the delivery's transaction: undone by each failure
      await insertAudit(tx, {
        actorType: 'system',
        actorId: null,
        action: 'test.flaky',
        targetType: 'event',
        targetId: event.id,
        detail: { attempt },
      });
      if (attempt < 3) throw new Error(`boom ${attempt}`);
    });
    eventId = await ctx.database.db.transaction((tx) =>
      insertEvent(tx, {
        type: 'test.flaky',
        aggregateType: 'test',
        aggregateId: 1,
        payload: { mobile: '13912345678' },
      }),
    );
    const dueNow = () =>
      ctx.database.db.execute(
        sql`update outbox_deliveries set next_attempt_at = now() where event_id = ${eventId} and handler = 'flaky'`,
      );

    expect(await app.outbox.drain()).toMatchObject({ delivered: 0, retried: 1 });
    expect(await delivery(eventId, 'flaky')).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_error: 'Error: boom 1',
      done: false,
    });
    expect((await delivery(eventId, 'flaky'))!.delay_ms).toBeGreaterThanOrEqual(4_900); // 5 s
    // not due yet: a drain now leaves it alone
    await app.outbox.drain();
    expect(seen).toHaveLength(1);

    await dueNow();
    expect(await app.outbox.drain()).toMatchObject({ delivered: 0, retried: 1 });
    const second = await delivery(eventId, 'flaky');
    expect(second).toMatchObject({ status: 'pending', attempts: 2, last_error: 'Error: boom 2' });
    expect(second!.delay_ms).toBeGreaterThanOrEqual(9_900); // doubled: 10 s

    await dueNow();
    expect(await app.outbox.drain()).toMatchObject({ delivered: 1, retried: 0 });
    expect(await delivery(eventId, 'flaky')).toMatchObject({ status: 'done', attempts: 3, done: true });
    expect(await eventDone(eventId)).toBe(true);
    expect(seen).toEqual([1, 2, 3].map((attempt) => ({ id: eventId, attempt })));
    const audits = await rows<{ attempt: number }>(
      ctx,
      sql`select (detail->>'attempt')::int as attempt from audit_log where action = 'test.flaky' and target_id = ${String(eventId)}`,
    );
    expect(audits).toEqual([{ attempt: 3 }]);
    // each failure logged once, naming the event, the handler and the error — not the payload
    const warnings = logged.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(warnings).toEqual(
      [1, 2].map((attempt) =>
        expect.objectContaining({
          msg: 'outbox handler failed; will retry',
          eventId,
          eventType: 'test.flaky',
          handler: 'flaky',
          attempt,
          retryInMs: 5_000 * attempt,
          error: `Error: boom ${attempt}`,
        }),
      ),
    );
    expect(logged.join('')).not.toContain('13912345678');
    await app.close();
  });

  it('a handler that keeps failing is given up after the last attempt', async () => {
    const app = await buildApp({
      config: ctx.config,
      database: ctx.database,
      webDist: null,
      outbox: { maxAttempts: 2, retryDelayMs: () => 60_000 },
    });
    app.outbox.on('hopeless', 'test.hopeless', () => {
      throw new Error('always');
    });
    const eventId = await ctx.database.db.transaction((tx) =>
      insertEvent(tx, { type: 'test.hopeless', aggregateType: 'test', aggregateId: 1, payload: {} }),
    );
    expect(await app.outbox.drain()).toMatchObject({ retried: 1, failed: 0 });
    await ctx.database.db.execute(
      sql`update outbox_deliveries set next_attempt_at = now() where event_id = ${eventId}`,
    );
    expect(await app.outbox.drain()).toMatchObject({ retried: 0, failed: 1 });
    expect(await delivery(eventId, 'hopeless')).toMatchObject({ status: 'failed', attempts: 2 });
    expect(await eventDone(eventId)).toBe(false);
    await app.close();
  });

  it('an event no handler wants is done when fanned out', async () => {
    const eventId = await ctx.database.db.transaction((tx) =>
      insertEvent(tx, { type: 'test.nobody', aggregateType: 'test', aggregateId: 1, payload: {} }),
    );
    await ctx.app.outbox.drain();
    expect(await eventDone(eventId)).toBe(true);
  });

  it("started jobs deliver on the commit's notification, and close() stops listening", async () => {
    const app = await appOn(ctx.database);
    const heard: number[] = [];
    app.outbox.on('live', 'test.live', (e) => {
      heard.push(e.id);
    });
    // Record what the app's outbox job hears on its channel, and when it stops listening: the
    // delivery is owed to the notification (the safety poll's first tick is 30 s away), not a timer.
    const real = ctx.database.listen.bind(ctx.database);
    const woken: string[] = [];
    let stopped = 0;
    const listen = vi.spyOn(ctx.database, 'listen').mockImplementation(async (channel, fn, onError) => {
      const off = await real(
        channel,
        (info) => {
          if (channel === OUTBOX_CHANNEL) woken.push(info.payload);
          fn(info);
        },
        onError,
      );
      return async () => {
        stopped++;
        await off();
      };
    });
    try {
      app.jobs.start();
      // the first round drains what is there; the LISTEN is set up once its promise settles
      await vi.waitFor(() =>
        expect(listen).toHaveBeenCalledWith(OUTBOX_CHANNEL, expect.anything(), expect.anything()),
      );
      await vi.waitFor(() =>
        expect(listen.mock.settledResults.some((r) => r.type === 'fulfilled')).toBe(true),
      );
      const eventId = await ctx.database.db.transaction((tx) =>
        insertEvent(tx, { type: 'test.live', aggregateType: 'test', aggregateId: 1, payload: {} }),
      );
      await vi.waitFor(() => expect(heard).toContain(eventId), { timeout: 10_000 });
      expect(woken.length).toBeGreaterThan(0);
      await app.close();
      expect(stopped).toBeGreaterThan(0);
    } finally {
      listen.mockRestore();
    }
    // after close: a listener of our own hears the next commit's notification; the closed app does not
    const seen: string[] = [];
    const off = await ctx.database.listen(OUTBOX_CHANNEL, (info) => seen.push(info.payload));
    const wokenBefore = woken.length;
    const later = await ctx.database.db.transaction((tx) =>
      insertEvent(tx, { type: 'test.live', aggregateType: 'test', aggregateId: 2, payload: {} }),
    );
    await vi.waitFor(() => expect(seen.length).toBeGreaterThan(0));
    await off();
    expect(woken.length).toBe(wokenBefore);
    expect(heard).not.toContain(later);
  });

  it.runIf(ON_POSTGRES)(
    '(c) two processes on PostgreSQL deliver each of many events to a handler exactly once',
    {
      timeout: 60_000,
    },
    async () => {
      const otherDb = await openDatabase({
        databaseUrl: String(ctx.database.pool!.options.connectionString),
        poolSize: 5,
      });
      const apps = [await appOn(ctx.database), await appOn(otherDb)];
      const calls = new Map<number, number>();
      const inFlight = new Set<number>();
      let overlapped = 0;
      const byApp = [0, 0];
      apps.forEach((app, i) => {
        app.outbox.on('exactly-once', 'test.many', async (e) => {
          if (inFlight.has(e.id)) overlapped++;
          inFlight.add(e.id);
          await new Promise((r) => setTimeout(r, 5));
          calls.set(e.id, (calls.get(e.id) ?? 0) + 1);
          byApp[i]!++;
          inFlight.delete(e.id);
        });
      });
      const ids: number[] = [];
      for (let i = 0; i < 60; i++) {
        ids.push(
          await ctx.database.db.transaction((tx) =>
            insertEvent(tx, { type: 'test.many', aggregateType: 'test', aggregateId: i, payload: { i } }),
          ),
        );
      }
      // drained by both at once, over and over (SKIP LOCKED shares the rows) …
      await Promise.all(
        apps.map(async (a) => {
          while (!ids.every((id) => calls.has(id))) await a.outbox.drain();
        }),
      );
      expect(byApp.every((n) => n > 0)).toBe(true); // both took a share
      // … and by both started schedulers, woken by NOTIFY
      for (const a of apps) a.jobs.start();
      for (let i = 0; i < 40; i++) {
        ids.push(
          await ctx.database.db.transaction((tx) =>
            insertEvent(tx, { type: 'test.many', aggregateType: 'test', aggregateId: i, payload: { i } }),
          ),
        );
      }
      await until(() => ids.every((id) => calls.has(id)), 30_000);
      await Promise.all(apps.map((a) => a.outbox.drain()));
      expect(overlapped).toBe(0);
      expect(ids.map((id) => calls.get(id))).toEqual(ids.map(() => 1));
      expect(byApp[0]! + byApp[1]!).toBe(100);
      for (const a of apps) await a.close();
      await otherDb.close();
    },
  );
});
