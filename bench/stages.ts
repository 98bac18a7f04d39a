// Stage settlements and releases (docs/staged-escrow.md, docs/payments.md "Settling in five round
// trips"), on the PostgreSQL server: run by `npm run bench:money` after the coins benchmark.
//   DATABASE_URL=postgres://… npm run bench:money   (a fresh database on that server, dropped afterwards)
//   BENCH_SECONDS=10 BENCH_CONNECTIONS=10 BENCH_STAGE_PROJECTS=4000
// Printed, in the same process and minute:
//   1. round trips (statements sent, BEGIN and COMMIT included) of one stage settlement and of one
//      release, counted at the driver while the app's own settleOrder / releaseDue run;
//   2. the bare `pg` driver running the same statements (lock the project, mark the order and its
//      stage paid, post the ledger movement) per settlement, as the ceiling of the database;
//   3. GET /livez and POST /api/Alipay/notify of distinct signed stage orders on the built server
//      (autocannon), and the ratios;
//   4. releases per second: releaseDue on projects whose build-in was just confirmed.
// Afterwards every notification answered `success` is checked to be one stage paid and one
// `stage_in`, and the ledger is verified.
import { createSign, randomBytes } from 'node:crypto';
import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { verifyLedger } from '../apps/server/src/modules/ledger/ledger.service.ts';
import { settleOrder } from '../apps/server/src/modules/payment/payment.service.ts';
import { releaseDue } from '../apps/server/src/modules/stage/stage.service.ts';
import { build, demoSession, startServer } from './harness.mjs';

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) {
  console.log(
    '\n== Stage settlements: skipped (set DATABASE_URL=postgres://… to run them on the PostgreSQL server) ==',
  );
  process.exit(0);
}
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const port = Number(process.env.BENCH_PORT ?? 4392);
const PROJECTS = Number(process.env.BENCH_STAGE_PROJECTS ?? 4000);
const RULES = { commissionBp: 500, retentionDays: 7 };
const SAMPLES = 200;

build();
const name = `zl_bench_stages_${randomBytes(4).toString('hex')}`;
{
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
}
const url = new URL(serverUrl);
url.pathname = `/${name}`;
const databaseUrl = url.toString();

// 1. A first start migrates, seeds the demo members and (on a payment call) the sandbox's keys.
{
  const s = startServer(port, { DATABASE_URL: databaseUrl, JOBS_ENABLED: 'false' });
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

// 2. Building projects of the demo customer won by the demo supplier: 预付款 released, 进场款 ¥400.00
//    due with a pending order `S<projectId>`, 尾款 due. Written directly, in sets.
const bare = new pg.Pool({ connectionString: databaseUrl, max: connections });
await bare.query(
  `with c as (select id from members where mobile = '13900000002'),
   p as (
     insert into projects (orders, customer_id, mobile, groupid, title, length, width, height, areas, opens,
       prepay, coins, sdate, edate, biddl, prov, city, status, checked, contctck, ispaid, prepayp, contract_amount)
     select 'S' || lpad(g::text, 10, '0'), (select id from c), '13900000002', 1, '压测 分阶段付款 ' || g, 6, 6, 3, 36, 2,
       30000, 5, current_date + 30, current_date + 33, now() + interval '14 days', '上海市', '上海市', 4, 1, 2, true, 30000, 100000
     from generate_series(1, $1::int) g
     returning id
   ),
   q as (
     insert into quotes (project_id, supplier_id, lines, subtotals, total, days, coins_paid, status)
     select p.id, (select id from members where mobile = '13800000001'), '{}', '{}', 100000, 3, 0, 1 from p
     returning id, project_id
   )
   select count(*) from q`,
  [PROJECTS],
);
// (a statement does not see the rows its own WITH inserted: the winners are set in the next one)
await bare.query(
  `update projects p set winner_quote_id = q.id from quotes q
   where q.project_id = p.id and p.title like '压测 分阶段付款 %'`,
);
await bare.query(
  `insert into project_stages (project_id, seq, kind, percent, amount, due_at, status, paid_at, released_at)
   select id, s.seq, s.kind, s.percent, s.amount, now() + interval '20 days', s.status,
     case when s.status = 'released' then now() end, case when s.status = 'released' then now() end
   from projects, (values (1, 'prepay', 30, 30000, 'released'), (2, 'progress', 40, 40000, 'due'),
     (3, 'final', 30, 30000, 'due')) as s(seq, kind, percent, amount, status)
   where projects.title like '压测 分阶段付款 %'`,
);
await bare.query(
  `insert into payment_orders (out_trade_no, member_id, purpose, project_id, stage_id, amount, subject)
   select 'S' || lpad(p.id::text, 12, '0'), p.customer_id, 'stage', p.id, st.id, st.amount, '压测 进场款'
   from projects p join project_stages st on st.project_id = p.id and st.kind = 'progress'
   where p.title like '压测 分阶段付款 %'`,
);
const orderNos: string[] = (
  await bare.query(`select out_trade_no from payment_orders where out_trade_no like 'S%' order by id`)
).rows.map((r: { out_trade_no: string }) => r.out_trade_no);
let taken = 0;
const nextOrder = () => orderNos[taken++];

// 3. Round trips of the app's own code, counted at the driver (every client.query of the pool).
const app = await openDatabase({ databaseUrl, poolSize: connections });
// every client's query while `counting` (the bare pool is idle then): BEGIN and COMMIT included
let counting = false;
let statements = 0;
const clientQuery = pg.Client.prototype.query as (...a: unknown[]) => unknown;
(pg.Client.prototype as unknown as { query: (...a: unknown[]) => unknown }).query = function (
  this: pg.Client,
  ...a: unknown[]
) {
  if (counting) statements++;
  return clientQuery.apply(this, a);
};
async function counted(fn: () => Promise<unknown>): Promise<number> {
  statements = 0;
  counting = true;
  try {
    await fn();
  } finally {
    counting = false;
  }
  return statements;
}
const amountOf = 40000;
const settleTrips = await counted(() => settleOrder(app.db, nextOrder()!, amountOf, 'BENCHRT1', RULES));

// 4. In-process: the app's settleOrder and the bare driver on the same statements, `connections` at once.
async function timed(n: number, one: (i: number) => Promise<unknown>) {
  const t0 = process.hrtime.bigint();
  let i = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (i < n) await one(i++);
    }),
  );
  return n / (Number(process.hrtime.bigint() - t0) / 1e9);
}
const trivial = await timed(SAMPLES * 5, () => bare.query('select 1'));
const appRate = await timed(SAMPLES, () => settleOrder(app.db, nextOrder()!, amountOf, 'BENCHAPP', RULES));
// (an older schema without zl_ledger_post, when the bench measures the code before it: no bare row)
const hasFunction =
  (await bare.query(`select 1 from pg_proc where proname = 'zl_ledger_post'`)).rowCount! > 0;
const bareRate = !hasFunction
  ? Number.NaN
  : await timed(SAMPLES, async () => {
      const no = nextOrder()!;
      const c = await bare.connect();
      try {
        await c.query('begin');
        const p = (
          await c.query(
            'select * from projects where id = (select project_id from payment_orders where out_trade_no = $1) for update',
            [no],
          )
        ).rows[0];
        const paid = await c.query(
          `with o as (update payment_orders set status = 'paid', trade_no = 'BENCHBARE', paid_at = now(), updated_at = now()
         where out_trade_no = $1 and amount = $2 and status in ('pending', 'closed') returning *),
       s as (update project_stages set status = 'paid', paid_at = now()
         where (id, project_id, amount) = (select stage_id, project_id, amount from o where purpose = 'stage')
           and status = 'due' returning id)
       select o.*, st.*, (select id from s) as paid_id from o
       left join project_stages st on st.project_id = o.project_id and o.purpose = 'stage' order by st.seq`,
          [no, amountOf],
        );
        const o = paid.rows[0];
        await c.query('select zl_ledger_post($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8::jsonb)', [
          'stage_in',
          `项目 ${p.orders} 进场款托管`,
          'project',
          String(p.id),
          `pay:${no}`,
          JSON.stringify([
            {
              kind: 'payment_clearing',
              currency: 'CNY',
              member_id: null,
              project_id: null,
              amount: -amountOf,
            },
            {
              kind: 'member_cash',
              currency: 'CNY',
              member_id: o.member_id,
              project_id: null,
              amount: amountOf,
            },
            {
              kind: 'member_cash',
              currency: 'CNY',
              member_id: o.member_id,
              project_id: null,
              amount: -amountOf,
            },
            { kind: 'escrow', currency: 'CNY', member_id: null, project_id: p.id, amount: amountOf },
          ]),
          JSON.stringify(['platform_revenue', 'platform_coins', 'payment_clearing']),
          JSON.stringify({
            type: 'stage_in',
            memo: '',
            refType: 'project',
            refId: String(p.id),
            members: [],
          }),
        ]);
        await c.query('commit');
      } catch (err) {
        await c.query('rollback');
        throw err;
      } finally {
        c.release();
      }
    });

// 5. Over HTTP on the built server: /livez and signed notifications of the remaining stage orders.
const keys = (await bare.query('select app_id, alipay_private_key from alipay_sandbox_keys where id = 1'))
  .rows[0];
function alipayTime(d = new Date()) {
  return new Date(d.getTime() + 8 * 3_600_000).toISOString().replace('T', ' ').slice(0, 19);
}
let notified = 0;
function nextNotify() {
  const no = nextOrder();
  if (!no) return 'out_trade_no=none';
  notified++;
  const now = alipayTime();
  const p: Record<string, string> = {
    app_id: keys.app_id,
    auth_app_id: keys.app_id,
    buyer_id: '2088102177846880',
    charset: 'utf-8',
    gmt_create: now,
    gmt_payment: now,
    notify_id: `stage${notified}`,
    notify_time: now,
    notify_type: 'trade_status_sync',
    out_trade_no: no,
    seller_id: '2088000000000001',
    subject: '压测 进场款',
    total_amount: '400.00',
    trade_no: `2026STAGE${no.slice(1)}`,
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
const s = startServer(port, { DATABASE_URL: databaseUrl, JOBS_ENABLED: 'false' });
await s.ready();
type Result = { requests: { average: number }; latency: { p50: number; p99: number } };
function load(opts: Record<string, unknown> & { path: string }): Promise<Result> {
  return new Promise((resolve, reject) => {
    autocannon({ connections, duration: seconds, ...opts, url: `${s.base}${opts.path}` }, (err, res) =>
      err ? reject(err) : resolve(res as unknown as Result),
    );
  });
}
await load({ path: '/livez', duration: 2 });
const livez = await load({ path: '/livez' });
let successes = 0;
let failures = 0;
const notify = await load({
  path: '/api/Alipay/notify',
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
  requests: [{ setupRequest: (req: object) => ({ ...req, body: nextNotify() }) }],
  setupClient: (client: { on: (e: string, f: (b: Buffer) => void) => void }) => {
    client.on('body', (buf) => {
      if (buf.toString() === 'success') successes++;
      else failures++;
    });
  },
});
s.stop();
await s.exited;
if (taken >= orderNos.length)
  console.warn(`warning: ran out of orders (${PROJECTS}); raise BENCH_STAGE_PROJECTS`);

// 6. Releases: the build-in confirmed on every project whose 进场款 is held, then releaseDue each.
const held: number[] = (
  await bare.query(
    `update projects set buildin_confirmed_at = now() where id in (
       select project_id from project_stages where kind = 'progress' and status = 'paid') returning id`,
  )
).rows.map((r: { id: string }) => Number(r.id));
const releaseTrips = await counted(() => app.db.transaction((tx) => releaseDue(tx, held[0]!, RULES)));
let r = 1;
const t0 = process.hrtime.bigint();
await Promise.all(
  Array.from({ length: connections }, async () => {
    while (r < held.length) {
      const id = held[r++]!;
      await app.db.transaction((tx) => releaseDue(tx, id, RULES));
    }
  }),
);
const releaseRate = (held.length - 1) / (Number(process.hrtime.bigint() - t0) / 1e9);

// 7. Checks: one stage_in per paid stage order, every held 进场款 released once, the ledger whole.
const counts = (
  await bare.query(
    `select (select count(*)::int from payment_orders where out_trade_no like 'S%' and status = 'paid') as paid,
       (select count(*)::int from ledger_transactions where type = 'stage_in' and idempotency_key like 'pay:S%') as stage_in,
       (select count(*)::int from project_stages st join projects p on p.id = st.project_id
         where p.title like '压测 分阶段付款 %' and st.kind = 'progress' and st.status = 'released') as released,
       (select count(*)::int from ledger_transactions t join projects p on t.ref_type = 'project' and t.ref_id = p.id::text
         where p.title like '压测 分阶段付款 %' and t.idempotency_key like 'release:stage:%') as releases`,
  )
).rows[0];
const ledger = await verifyLedger(app.db);
await app.close();
await bare.end();
{
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}

console.log(
  `\n== Stage settlements and releases (PostgreSQL, ${seconds}s HTTP runs, ${connections} connections, ${os.cpus().length} cores) ==`,
);
console.log(
  `round trips per stage settlement (BEGIN … COMMIT): ${settleTrips}   per release: ${releaseTrips}`,
);
const line = (label: string, rate: number, base: number, extra = '') =>
  console.log(
    label.padEnd(52),
    rate.toFixed(0).padStart(8),
    (Number.isNaN(base) ? 'n/a' : `${((rate / base) * 100).toFixed(1)}%`).padStart(9),
    extra,
  );
console.log('in process'.padEnd(52), '/s'.padStart(8), 'vs bare'.padStart(9));
line('bare pg: select 1 (one round trip)', trivial, bareRate);
line('bare pg: the settlement’s statements', bareRate, bareRate);
line('settleOrder (stage order, the app)', appRate, bareRate);
line('releaseDue (build-in confirmed, 进场款)', releaseRate, bareRate);
console.log('over HTTP'.padEnd(52), 'req/s'.padStart(8), 'vs livez'.padStart(9), 'p50/p99 ms');
line(
  'GET /livez',
  livez.requests.average,
  livez.requests.average,
  `${livez.latency.p50}/${livez.latency.p99}`,
);
line(
  'POST /api/Alipay/notify (stage orders, settles)',
  notify.requests.average,
  livez.requests.average,
  `${notify.latency.p50}/${notify.latency.p99}`,
);
console.log(
  `\nnotifications: ${successes} success, ${failures} failure; stage orders paid ${counts.paid}, stage_in ${counts.stage_in};` +
    ` 进场款 released ${counts.released}, release movements ${counts.releases}; ledger ${ledger.ok ? 'ok' : 'NOT OK'}`,
);
console.log(`ratio settled/livez: ${(notify.requests.average / livez.requests.average).toFixed(4)}`);
if (
  failures > 0 ||
  !ledger.ok ||
  counts.paid !== counts.stage_in ||
  counts.released !== counts.releases ||
  counts.released !== held.length
)
  process.exit(1);
