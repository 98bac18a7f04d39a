// A payment settlement in flight when the server is told to stop (docs/operations.md § Stopping):
// it completes whole when it can finish within SHUTDOWN_SECONDS, and it rolls back whole when the
// deadline cuts it off — the order paid and its ledger movement commit together or not at all, and
// Alipay's next delivery of the same notification settles it once. On the PostgreSQL server a row
// lock the test holds keeps the settlement waiting half way (the order already marked paid in its
// transaction, the ledger's accounts not yet locked); on PGlite a burst of notifications meets the
// signal and every order ends either settled with one movement or untouched.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { type Db, PGLITE_OPTIONS, pgliteDatabase } from '../src/db/client.ts';
import * as schema from '../src/db/schema/index.ts';
import { verifyLedger } from '../src/modules/ledger/ledger.service.ts';
import { sandboxKeys } from '../src/modules/payment/platform-alipay.ts';
import { newTradeNo, notifyForm } from '../src/modules/payment/sandbox.ts';
import { freePort } from './free-port.ts';
import { killAll, type Proc, startServer, waitHealthy } from './server-process.ts';

const DATABASE_URL = process.env.DATABASE_URL;
const SHUTDOWN_SECONDS = 3;
const PASSWORD = 'Settle2026ok';
const running: Proc[] = [];
const databases: string[] = [];
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'zl-settle-stop-'));

afterAll(async () => {
  killAll(running);
  fs.rmSync(tmp, { recursive: true, force: true });
  if (databases.length === 0) return;
  const c = new pg.Client({ connectionString: DATABASE_URL });
  await c.connect();
  for (const name of databases) await c.query(`drop database if exists ${name} with (force)`);
  await c.end();
});

async function freshDatabase(): Promise<string> {
  const name = `settle_stop_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  databases.push(name);
  const url = new URL(DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

function env(port: number, extra: Record<string, string>): Record<string, string> {
  return {
    PORT: String(port),
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    SHUTDOWN_SECONDS: String(SHUTDOWN_SECONDS),
    DEMO_DATA: 'false',
    LOG_LEVEL: 'info',
    ...extra,
  };
}

async function call(port: number, name: string, body: unknown, cookie = '') {
  const res = await fetch(`http://127.0.0.1:${port}/api/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: envelope bodies in assertions
  const json = (await res.json()) as any;
  const setCookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { status: res.status, json, setCookie };
}

async function registerSupplier(port: number): Promise<{ memberCookie: string }> {
  const mobile = `166${String(Date.now() % 1e8).padStart(8, '0')}`;
  expect((await call(port, 'User/getCode', { mobile, type: 'regist' })).json.success).toBe(true);
  const outbox = await fetch(`http://127.0.0.1:${port}/api/Dev/smsOutbox?mobile=${mobile}`);
  const code = ((await outbox.json()) as { data: { items: { code: string }[] } }).data.items[0]!.code;
  const reg = await call(port, 'User/regist', { mobile, code, password: PASSWORD, cardtype: 'workshop' });
  expect(reg.json.success).toBe(true);
  const login = await call(port, 'User/login', { mobile, password: PASSWORD });
  expect(login.json.success).toBe(true);
  return { memberCookie: login.setCookie };
}

/** A coin order (pending until its notification settles it); `trade`: its 收银台 page opened, so the sandbox knows the trade. */
async function coinOrder(port: number, cookie: string, coins: number, trade = false): Promise<string> {
  const link = await call(port, 'Alipay/getPayLink', { purpose: 'coins', coins }, cookie);
  expect(link.json.success).toBe(true);
  if (trade) expect((await fetch(`http://127.0.0.1:${port}${link.json.data.payUrl}`)).status).toBe(200);
  return link.json.data.outTradeNo as string;
}

/** Alipay's asynchronous notification of `outTradeNo` paid, signed with the sandbox's keys, as a raw POST. */
async function notify(port: number, form: Record<string, string>): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/Alipay/notify`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    body: new URLSearchParams(form).toString(),
  });
  return (await res.text()).trim();
}

interface OrderFacts {
  status: string;
  movements: number;
}

const ORDER_SQL = `select o.status,
  (select count(*)::int from ledger_transactions t where t.idempotency_key = 'pay:' || o.out_trade_no) as movements
  from payment_orders o where o.out_trade_no = $1`;

describe.skipIf(!DATABASE_URL)('a settlement in flight at SIGTERM (PostgreSQL)', () => {
  it('completes whole when it finishes within SHUTDOWN_SECONDS; rolls back whole when the deadline cuts it off, and the next delivery settles it once', {
    timeout: 180_000,
  }, async () => {
    const url = await freshDatabase();
    const admin = new pg.Client({ connectionString: url });
    const locker = new pg.Client({ connectionString: url });
    const db = () => drizzlePg(admin, { schema }) as unknown as Db;
    const facts = async (outTradeNo: string): Promise<OrderFacts> =>
      (await admin.query(ORDER_SQL, [outTradeNo])).rows[0] as OrderFacts;

    // a settlement that waits, half done, on the platform's revenue account the test has locked
    async function heldSettlement(port: number, proc: Proc, cookie: string) {
      const outTradeNo = await coinOrder(port, cookie, 30);
      const amount = Number(
        (await admin.query('select amount from payment_orders where out_trade_no = $1', [outTradeNo])).rows[0]
          .amount,
      );
      const form = notifyForm(await sandboxKeys(db()), {
        outTradeNo,
        tradeNo: newTradeNo(),
        totalAmount: amount,
        subject: '金币充值',
      });
      await locker.query('begin');
      await locker.query(`select id from ledger_accounts where kind = 'platform_revenue' for update`);
      const answer = notify(port, form).catch((err: unknown) => `error: ${String(err)}`);
      // the settlement's transaction has marked the order paid and now waits for the lock
      await vi.waitFor(
        async () => {
          const waiting = await admin.query(
            `select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          );
          expect(waiting.rowCount).toBeGreaterThan(0);
        },
        { timeout: 10_000, interval: 50 },
      );
      expect((await facts(outTradeNo)).status).toBe('pending'); // its write is not visible outside
      proc.child.kill('SIGTERM');
      await vi.waitFor(() => expect(proc.out()).toContain('shutting down'), { timeout: 10_000 });
      return { outTradeNo, form, answer };
    }

    await admin.connect();
    await locker.connect();
    try {
      // (1) the settlement can finish: it is let go 1 s into the drain, answers 'success', commits whole
      const port1 = await freePort();
      const a = startServer(env(port1, { DATABASE_URL: url }));
      running.push(a);
      await waitHealthy(port1, a, 90_000);
      const { memberCookie } = await registerSupplier(port1);
      // one purchase settled first: the ledger's platform accounts exist and can be locked
      const first = await coinOrder(port1, memberCookie, 10);
      const firstAmount = Number(
        (await admin.query('select amount from payment_orders where out_trade_no = $1', [first])).rows[0]
          .amount,
      );
      const firstForm = notifyForm(await sandboxKeys(db()), {
        outTradeNo: first,
        tradeNo: newTradeNo(),
        totalAmount: firstAmount,
        subject: '金币充值',
      });
      expect(await notify(port1, firstForm)).toBe('success');

      const held1 = await heldSettlement(port1, a, memberCookie);
      await new Promise((r) => setTimeout(r, 1000));
      expect(a.child.exitCode).toBeNull(); // still draining: the settlement is waited for
      await locker.query('commit');
      expect(await held1.answer).toBe('success');
      expect(await a.exited).toMatchObject({ code: 0, signal: null });
      expect(await facts(held1.outTradeNo)).toEqual({ status: 'paid', movements: 1 });
      expect(a.out()).not.toContain('Cannot use a pool after calling end');

      // (2) the settlement cannot finish in time: the process exits at the deadline, the transaction
      // (order marked paid, nothing booked yet) is rolled back whole
      const port2 = await freePort();
      const b = startServer(env(port2, { DATABASE_URL: url }));
      running.push(b);
      await waitHealthy(port2, b, 90_000);
      const memberCookie2 = (
        await call(port2, 'User/login', { mobile: await mobileOf(admin), password: PASSWORD })
      ).setCookie;
      const held2 = await heldSettlement(port2, b, memberCookie2);
      expect(await b.exited).toMatchObject({ code: 1, signal: null });
      expect(b.out()).toContain('shutdown timed out');
      expect(await held2.answer).not.toBe('success'); // Alipay was never told it is settled
      await locker.query('commit');
      // the dead process's transaction ends once its backend notices the closed connection
      await vi.waitFor(
        async () => {
          const lockable = await admin.query(
            'select status from payment_orders where out_trade_no = $1 for update nowait',
            [held2.outTradeNo],
          );
          expect(lockable.rowCount).toBe(1);
        },
        { timeout: 20_000, interval: 100 },
      );
      expect(await facts(held2.outTradeNo)).toEqual({ status: 'pending', movements: 0 });
      expect((await verifyLedger(db())).ok).toBe(true);

      // (3) Alipay delivers the notification again (it retries until 'success'): settled once
      const port3 = await freePort();
      const c = startServer(env(port3, { DATABASE_URL: url }));
      running.push(c);
      await waitHealthy(port3, c, 90_000);
      const again = await Promise.all([1, 2, 3].map(() => notify(port3, held2.form)));
      expect(again).toEqual(['success', 'success', 'success']);
      expect(await facts(held2.outTradeNo)).toEqual({ status: 'paid', movements: 1 });
      const report = await verifyLedger(db());
      expect(report.ok, JSON.stringify(report)).toBe(true);
      c.child.kill('SIGTERM');
      expect(await c.exited).toMatchObject({ code: 0 });
    } finally {
      await locker.end().catch(() => {});
      await admin.end();
    }
  });
});

async function mobileOf(admin: pg.Client): Promise<string> {
  return (await admin.query(`select mobile from members where mobile like '166%' order by id desc limit 1`))
    .rows[0].mobile as string;
}

describe.skipIf(Boolean(DATABASE_URL))('settlements in flight at SIGTERM (PGlite)', () => {
  it('a burst of notifications meeting the signal: every order is settled with one movement or untouched; the ledger balances', {
    timeout: 180_000,
  }, async () => {
    const port = await freePort();
    const dataDir = path.join(tmp, 'pglite');
    const a = startServer(env(port, { DATA_DIR: dataDir }));
    running.push(a);
    await waitHealthy(port, a, 90_000);
    const { memberCookie } = await registerSupplier(port);
    const orders: string[] = [];
    for (let i = 0; i < 20; i++) orders.push(await coinOrder(port, memberCookie, 10 + i, true));
    // the sandbox's 确认支付 for each: it marks the trade paid and delivers the signed notification
    const base = `http://127.0.0.1:${port}`;
    const pay = async (outTradeNo: string) => {
      try {
        const res = await fetch(`${base}/sandbox/alipay/pay`, {
          method: 'POST',
          redirect: 'manual',
          headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
          body: new URLSearchParams({ out_trade_no: outTradeNo, action: 'pay' }),
        });
        return res.status;
      } catch {
        return 0;
      }
    };
    const paying = orders.map((o) => pay(o));
    // the signal meets the burst: after the first settlement, with the others queued or under way
    await vi.waitFor(() => expect(a.out()).toContain('payment settled'), { timeout: 20_000, interval: 5 });
    a.child.kill('SIGTERM');
    await Promise.all(paying);
    const exit = await a.exited;
    expect([0, 1]).toContain(exit.code);

    const client = await PGlite.create(path.join(dataDir, 'pglite'), PGLITE_OPTIONS);
    try {
      const database = pgliteDatabase(client);
      let settled = 0;
      for (const o of orders) {
        const f = (await client.query<OrderFacts>(ORDER_SQL, [o])).rows[0]!;
        // whole or nothing: paid with exactly one movement, or still pending with none
        expect([
          { status: 'paid', movements: 1 },
          { status: 'pending', movements: 0 },
        ]).toContainEqual(f);
        if (f.status === 'paid') settled++;
      }
      console.log(`[settlement-stop] PGlite: ${settled} of ${orders.length} settled before the stop`);
      const report = await verifyLedger(database.db);
      expect(report.ok, JSON.stringify(report)).toBe(true);
    } finally {
      await client.close();
    }
  });
});
