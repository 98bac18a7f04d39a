// Growth (docs/bench/growth.md): every read call a page makes on load, at 10k, 100k and 1M projects
// on PostgreSQL, with the demo supplier's own ledger grown to as many postings — serial p50, loaded
// p50/p99 and req/s (autocannon), beside GET /livez of the same process, and the ratio of the
// largest size to the smallest. A database per size is made once and reused.
//   npm run bench:growth   (BENCH_SIZES=10000,100000,1000000, BENCH_SECONDS=3, BENCH_CONNECTIONS=10,
//                           BENCH_SERIAL=25, BENCH_SKIP_BUILD=1, BENCH_ONLY=<name part>)
import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { generatePostings } from '../scripts/gen-postings.mjs';
import { generateProjects } from '../scripts/gen-projects.mjs';
import { build, demoSession, ensureDatabase, startServer } from './harness.mjs';

const sizes = (process.env.BENCH_SIZES ?? '10000,100000,1000000').split(',').map(Number);
const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const serialRounds = Number(process.env.BENCH_SERIAL ?? 25);
const only = process.env.BENCH_ONLY ?? '';
const port = Number(process.env.BENCH_PORT ?? 4395);
const pgBase = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432';

/** A supplier's, a customer's and an operator's page loads: each read call with the body a page sends. */
function callsOf(ids) {
  const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
  const in30 = new Date(Date.now() + 38 * 86_400_000).toISOString().slice(0, 10);
  return [
    // every signed-in page
    ['supplier', 'Member/userInfo', {}],
    ['supplier', 'Tipcenter/getList', { page: 1, pageSize: 10 }],
    // /mainPage
    ['supplier', 'Member/homeInfo', {}],
    // /orderCenter
    ['supplier', 'Projectcenter/searchList', { page: 1, pageSize: 10 }],
    ['supplier', 'Projectcenter/searchList', { page: 1, pageSize: 10, groupid: 1, prov: '上海市' }],
    // /orderDetail
    ['supplier', 'Projectcenter/getInfo', { id: ids.openProject }],
    // /personCenter: my quotes, favourites, bills, the monthly chart, the calendar, messages
    ['supplier', 'Projectcenter/factoryPrjctList', { page: 1, pageSize: 10 }],
    ['supplier', 'Myfavorite/bPrjctList', { page: 1, pageSize: 10 }],
    ['supplier', 'Bills/transaction', { page: 1, pageSize: 20 }],
    ['supplier', 'Bills/transaction', { page: 1, pageSize: 20, type: 'quote_fee' }],
    ['supplier', 'Bills/transaction', { page: 200, pageSize: 20 }],
    ['supplier', 'Bills/monthly', { months: 12, currency: 'COIN' }],
    ['supplier', 'Calendar/events', { from: today, to: in30 }],
    ['supplier', 'Conversation/list', {}],
    // /show (public)
    ['public', 'Company/showInfo', { cardno: '10000001' }],
    // /customer
    ['customer', 'Customer/projectList', { page: 1, pageSize: 10 }],
    ['customer', 'Customer/projectInfo', { id: ids.customerProject }],
    ['customer', 'Customer/quoteList', { id: ids.customerProject }],
    // /admin
    ['admin', 'Admin/queueCounts', {}],
    ['admin', 'Admin/projectQueue', { page: 1, pageSize: 20 }],
    ['admin', 'Admin/filingList', { page: 1 }],
    ['admin', 'Admin/withdrawList', { page: 1, pageSize: 20 }],
    ['admin', 'Admin/fundsOverview', {}],
  ].filter(([, path, body]) => `${path} ${JSON.stringify(body)}`.includes(only));
}

async function prepare(url, size) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const q = async (text, values) => (await client.query(text, values)).rows;
  const [{ n: have }] = await q('select count(*)::int as n from projects');
  if (have < size) {
    const t0 = Date.now();
    console.log(`  projects: ${have}; generating ${size - have} …`);
    await generateProjects(client, { count: size - have });
    console.log(`  generated in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }
  const [{ id: supplierId }] = await q(`select id from members where mobile = '13800000001'`);
  const [{ n: postings }] = await q(
    `select count(*)::int as n from ledger_postings p join ledger_accounts a on a.id = p.account_id
     where a.member_id = $1`,
    [supplierId],
  );
  if (postings < size) {
    const t0 = Date.now();
    console.log(`  the demo supplier's postings: ${postings}; generating ${size - postings} …`);
    await q('begin');
    await generatePostings(q, {
      memberId: supplierId,
      count: size - postings,
      stepSeconds: Math.max(1, Math.floor((2 * 365 * 86_400) / (size - postings))),
    });
    await q('commit');
    console.log(`  generated in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }
  if (have < size || postings < size) {
    // what autovacuum does to tables this size soon after: statistics and the visibility map
    for (const t of ['projects', 'quotes', 'ledger_postings', 'ledger_transactions', 'ledger_accounts'])
      await q(`vacuum analyze ${t}`);
  }
  const [open] = await q(
    `select id from projects where status = 1 and biddl > now() order by id desc limit 1`,
  );
  const [customer] = await q(
    `select p.id from projects p join members m on m.id = p.customer_id
     where m.mobile = '13900000002' order by p.id desc limit 1`,
  );
  const [{ n: projects }] = await q('select count(*)::int as n from projects');
  const [{ n: all }] = await q('select count(*)::int as n from ledger_postings');
  await client.end();
  return {
    ids: { openProject: Number(open.id), customerProject: Number(customer.id) },
    projects,
    postings: all,
  };
}

async function adminSession(base) {
  const r = await fetch(`${base}/api/Admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'admin1234' }),
  });
  const sid = (r.headers.get('set-cookie') ?? '').match(/zl_admin=([^;]+)/)?.[1];
  if (!sid) throw new Error('admin login failed');
  return `zl_admin=${sid}`;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function serial(url, init) {
  const times = [];
  for (let i = 0; i < serialRounds; i++) {
    const t0 = performance.now();
    const r = await fetch(url, init);
    await r.arrayBuffer();
    times.push(performance.now() - t0);
  }
  return median(times);
}

function loaded(url, init) {
  return new Promise((resolve, reject) =>
    autocannon({ url, connections, duration: seconds, ...init }, (err, r) =>
      err ? reject(err) : resolve(r),
    ),
  );
}

const results = new Map(); // "who path body" → { size → figures }
const livez = new Map();
for (const size of sizes) {
  const url = `${pgBase}/zl_bench_growth_${size}`;
  await ensureDatabase(url);
  if (size === sizes[0]) build();
  const server = startServer(port, { DATABASE_URL: url });
  await server.ready(900);
  const data = await prepare(url, size);
  const cookies = {
    public: '',
    supplier: `zl_sid=${await demoSession(server.base)}`,
    customer: `zl_sid=${await demoSession(server.base, JSON.stringify({ mobile: '13900000002', password: 'demo1234' }))}`,
    admin: await adminSession(server.base),
  };
  console.log(
    `\n${data.projects} projects, ${data.postings} postings; load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const lz = {
    serial: await serial(`${server.base}/livez`, {}),
    loaded: await loaded(`${server.base}/livez`, {}),
  };
  livez.set(size, lz);
  const rows = [];
  rows.push({
    call: 'GET /livez',
    'serial p50 ms': lz.serial.toFixed(1),
    'p50 ms': lz.loaded.latency.p50,
    'p99 ms': lz.loaded.latency.p99,
    'req/s': Math.round(lz.loaded.requests.average),
  });
  for (const [who, path, body] of callsOf(data.ids)) {
    const init = {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookies[who] ? { cookie: cookies[who] } : {}) },
      body: JSON.stringify(body),
    };
    const probe = await (await fetch(`${server.base}/api/${path}`, init)).json();
    if (!probe.success) throw new Error(`${path} ${init.body}: ${probe.errCode} ${probe.errMsg}`);
    const s = await serial(`${server.base}/api/${path}`, init);
    const l = await loaded(`${server.base}/api/${path}`, init);
    if (l.non2xx) throw new Error(`${path}: ${l.non2xx} non-2xx answers under load`);
    const key = `${path} ${JSON.stringify(body).replace(/"id":\d+/, '"id":…')}`;
    const figures = { serial: s, p50: l.latency.p50, p99: l.latency.p99, rps: l.requests.average };
    if (!results.has(key)) results.set(key, new Map());
    results.get(key).set(size, figures);
    rows.push({
      call: key.slice(0, 70),
      'serial p50 ms': s.toFixed(1),
      'p50 ms': l.latency.p50,
      'p99 ms': l.latency.p99,
      'req/s': Math.round(l.requests.average),
      'serial × livez': (s / Math.max(lz.serial, 0.01)).toFixed(1),
    });
  }
  console.table(rows);
  server.stop();
  await server.exited;
}

if (sizes.length > 1) {
  const [small, large] = [sizes[0], sizes.at(-1)];
  console.log(
    `\nlargest ÷ smallest (${large} ÷ ${small} projects and postings); target: serial p50 ≤ 1.5 ×; load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const lzRatio = livez.get(large).serial / livez.get(small).serial;
  const rows = [{ call: 'GET /livez', 'serial p50 ratio': lzRatio.toFixed(2) }];
  for (const [key, bySize] of results) {
    const a = bySize.get(small);
    const b = bySize.get(large);
    if (!a || !b) continue;
    const ratio = b.serial / a.serial;
    rows.push({
      call: key.slice(0, 70),
      ...Object.fromEntries(sizes.map((s) => [`${s}`, bySize.get(s)?.serial.toFixed(1) ?? ''])),
      'serial p50 ratio': ratio.toFixed(2),
      'loaded p50 ratio': (b.p50 / Math.max(a.p50, 1)).toFixed(2),
      ok: ratio <= 1.5 ? '✓' : '✗',
    });
  }
  console.table(rows);
}
process.exit(0);
