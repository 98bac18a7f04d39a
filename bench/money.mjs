// Money benchmark (issue 10 §8): settled Alipay notifications per second — distinct orders, each
// notification signed with the sandbox's "Alipay" key exactly as Alipay signs it, verified by the
// server with alipay-sdk and settled (conditional UPDATE + ledger movement) — beside GET /livez
// served by the same process in the same run, and their ratio.
//   npm run bench:money      (BENCH_SECONDS=10 by default, BENCH_CONNECTIONS=10, PGlite)
//   DATABASE_URL=postgres://… npm run bench:money   (a fresh database on that server, dropped afterwards)
// The orders are written into the database between two starts of the server (the payment call
// itself allows a member only a few unpaid orders an hour); afterwards every order answered
// `success` is checked to be paid and credited exactly once.
import { createSign, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import autocannon from 'autocannon';
import pg from 'pg';
import { build, demoSession, startServer } from './harness.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const port = Number(process.env.BENCH_PORT ?? 4391);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 60_000);

build();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zl-bench-money-'));
const serverUrl = process.env.DATABASE_URL;
let databaseUrl;
if (serverUrl) {
  const name = `zl_bench_money_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
}
const dbEnv = databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir };
/** The bench's own connection to the server's database (never while a PGlite server runs). */
async function openDb() {
  if (!databaseUrl) return PGlite.create(path.join(dataDir, 'pglite'), { extensions: { pg_trgm } });
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  return { query: (q, p) => c.query(q, p), close: () => c.end() };
}

// 1. A first start creates the database, the demo members and (on the first payment call) the
//    sandbox's key pairs.
{
  const s = startServer(port, { ...dbEnv, JOBS_ENABLED: 'false' });
  await s.ready();
  const sid = await demoSession(s.base);
  const r = await fetch(`${s.base}/api/Alipay/getPayLink`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `zl_sid=${sid}` },
    body: JSON.stringify({ purpose: 'coins', coins: 10 }),
  });
  if (!(await r.json()).success) throw new Error('getPayLink failed');
  s.stop();
  await s.exited;
}

// 2. Distinct pending orders of the demo supplier, written directly.
let keys;
{
  const db = await openDb();
  keys = (await db.query('select app_id, alipay_private_key from alipay_sandbox_keys where id = 1')).rows[0];
  const member = (await db.query(`select id from members where mobile = '13800000001'`)).rows[0];
  await db.query(
    `insert into payment_orders (out_trade_no, member_id, purpose, coins, amount, subject)
     select 'B' || lpad(g::text, 12, '0'), $1, 'coins', 10, 1000, '压测 购买 10 金币'
     from generate_series(1, $2::int) g`,
    [member.id, ORDERS],
  );
  await db.close();
}

function alipayTime(d = new Date()) {
  return new Date(d.getTime() + 8 * 3_600_000).toISOString().replace('T', ' ').slice(0, 19);
}
let next = 0;
/** The next order's notification, signed as Alipay signs it (sign and sign_type left out). */
function nextNotify() {
  next++;
  const outTradeNo = `B${String(next).padStart(12, '0')}`;
  const now = alipayTime();
  const p = {
    app_id: keys.app_id,
    auth_app_id: keys.app_id,
    buyer_id: '2088102177846880',
    charset: 'utf-8',
    gmt_create: now,
    gmt_payment: now,
    notify_id: `bench${next}`,
    notify_time: now,
    notify_type: 'trade_status_sync',
    out_trade_no: outTradeNo,
    seller_id: '2088000000000001',
    subject: '压测 购买 10 金币',
    total_amount: '10.00',
    trade_no: `2026BENCH${String(next).padStart(12, '0')}`,
    trade_status: 'TRADE_SUCCESS',
    version: '1.0',
  };
  const content = Object.keys(p)
    .sort()
    .map((k) => `${k}=${p[k]}`)
    .join('&');
  p.sign = createSign('RSA-SHA256').update(content, 'utf8').sign(keys.alipay_private_key, 'base64');
  p.sign_type = 'RSA2';
  return new URLSearchParams(p).toString();
}

// 3. The measured run.
const s = startServer(port, { ...dbEnv, JOBS_ENABLED: 'false' });
await s.ready();
function load(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ connections, duration: seconds, ...opts, url: `${s.base}${opts.path}` }, (err, res) =>
      err ? reject(err) : resolve(res),
    );
  });
}
await load({ path: '/livez', duration: 2 }); // warm-up
const livez = await load({ path: '/livez' });
let successes = 0;
let failures = 0;
const notify = await load({
  path: '/api/Alipay/notify',
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
  requests: [{ setupRequest: (req) => ({ ...req, body: nextNotify() }) }],
  setupClient: (client) => {
    client.on('body', (buf) => {
      if (buf.toString() === 'success') successes++;
      else failures++;
    });
  },
});
s.stop();
await s.exited;
if (next >= ORDERS) console.warn(`warning: ran out of orders (${ORDERS}); raise BENCH_ORDERS`);

// 4. Every `success` is one paid order credited once.
const db = await openDb();
const paid = Number(
  (
    await db.query(
      `select count(*)::int as n from payment_orders where status = 'paid' and out_trade_no like 'B%'`,
    )
  ).rows[0].n,
);
const credited = Number(
  (
    await db.query(
      `select count(*)::int as n from ledger_transactions where type = 'coin_recharge' and idempotency_key like 'pay:B%'`,
    )
  ).rows[0].n,
);
await db.close();
fs.rmSync(dataDir, { recursive: true, force: true });
if (databaseUrl) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${new URL(databaseUrl).pathname.slice(1)} with (force)`);
  await admin.end();
}

const row = (name, r) => ({
  name,
  rps: r.requests.average,
  p50: r.latency.p50,
  p99: r.latency.p99,
  bad: r.non2xx + r.errors + r.timeouts,
});
const rows = [row('GET /livez (trivial baseline)', livez), row('POST /api/Alipay/notify (settles)', notify)];
console.log(
  `\n== Money (${seconds}s each, ${connections} connections, ${os.cpus().length} cores, ${databaseUrl ? 'PostgreSQL' : 'PGlite on disk'}) ==`,
);
console.log(
  'route'.padEnd(38),
  'req/s'.padStart(9),
  'p50 ms'.padStart(8),
  'p99 ms'.padStart(8),
  'vs baseline'.padStart(12),
  'non-2xx',
);
for (const r of rows) {
  console.log(
    r.name.padEnd(38),
    r.rps.toFixed(0).padStart(9),
    String(r.p50).padStart(8),
    String(r.p99).padStart(8),
    `${((r.rps / rows[0].rps) * 100).toFixed(1)}%`.padStart(12),
    String(r.bad),
  );
}
// Requests still in flight when the load stops are settled but not counted: at most one per connection.
console.log(
  `\nsettled notifications: ${successes} answered success, ${failures} failure; ${paid} orders paid, ${credited} credited` +
    ` (paid = credited, paid − success ≤ ${connections} in flight at the end, failures 0)`,
);
console.log(`ratio settled/livez: ${(notify.requests.average / livez.requests.average).toFixed(4)}`);
if (failures > 0 || paid < successes || paid - successes > connections || credited !== paid) process.exit(1);
