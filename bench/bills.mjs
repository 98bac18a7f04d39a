// 收支明细 at scale (issue 10 §9): Bills/transaction for a member with 100,000 postings on
// PostgreSQL, the production build, autocannon per case (page 1 and a deep page, with and without
// a type filter, a date range, one account), beside GET /livez of the same process; then one
// full CSV export. The lead joins it into `npm run bench:money`.
//   npm run bench:bills   (DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/zl_bench_bills;
//                          BENCH_SECONDS=5, BENCH_CONNECTIONS=10, BENCH_POSTINGS=100000, BENCH_SKIP_BUILD=1)
import autocannon from 'autocannon';
import pg from 'pg';
import { generatePostings } from '../scripts/gen-postings.mjs';
import { build, demoSession, ensureDatabase, startServer } from './harness.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const wanted = Number(process.env.BENCH_POSTINGS ?? 100_000);
const port = Number(process.env.BENCH_PORT ?? 4393);
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/zl_bench_bills';

build();
await ensureDatabase(databaseUrl);

// The server migrates the database on start and seeds the demo supplier, whose bills we load.
const { base, ready, stop } = startServer(port, { DATABASE_URL: databaseUrl });
await ready(600);

const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
const [{ id: memberId }] = (await client.query(`select id from members where mobile = '13800000001'`)).rows;
const countOf = async () =>
  Number(
    (
      await client.query(
        `select count(*)::int as n from ledger_postings p join ledger_accounts a on a.id = p.account_id
         where a.member_id = $1`,
        [memberId],
      )
    ).rows[0].n,
  );
const have = await countOf();
if (have < wanted) {
  const t0 = Date.now();
  console.log(`postings of the demo supplier: ${have}; generating ${wanted - have} …`);
  await client.query('begin');
  await generatePostings(async (text) => (await client.query(text)).rows, {
    memberId: Number(memberId),
    count: wanted - have,
    // spread over about a year up to now
    stepSeconds: Math.max(1, Math.floor((365 * 86_400) / (wanted - have))),
  });
  await client.query('commit');
  // what autovacuum does to a table this size soon after: statistics and the visibility map
  await client.query('vacuum analyze ledger_postings');
  await client.query('vacuum analyze ledger_transactions');
  await client.query('vacuum analyze ledger_accounts');
  console.log(`  generated in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}
const total = await countOf();
await client.end();

const sid = await demoSession(base);
const headers = { 'content-type': 'application/json', cookie: `zl_sid=${sid}` };

async function call(body) {
  const r = await fetch(`${base}/api/Bills/transaction`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  });
  const json = await r.json();
  if (!json.success)
    throw new Error(`Bills/transaction ${JSON.stringify(body)}: ${json.errCode} ${json.errMsg}`);
  return json.data;
}

const shanghai = (ms) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);
const monthAgo = { from: shanghai(Date.now() - 30 * 86_400_000), to: shanghai(Date.now()) };
const allFees = (await call({ type: 'quote_fee', pageSize: 50 })).total;
const deepFeePage = Math.max(1, Math.floor(allFees / 50) - 1);
const deepPage = Math.max(1, Math.min(10_000, Math.floor(total / 50) - 1));

const cases = [
  { name: 'GET /livez (baseline)', path: '/livez', method: 'GET' },
  { name: 'page 1 × 20, all', body: {} },
  { name: `deep page ${deepPage} × 50, all`, body: { page: deepPage, pageSize: 50 } },
  { name: 'page 1 × 20, type quote_fee', body: { type: 'quote_fee' } },
  {
    name: `deep page ${deepFeePage} × 50, type quote_fee`,
    body: { type: 'quote_fee', page: deepFeePage, pageSize: 50 },
  },
  { name: 'page 1 × 20, last 30 days', body: monthAgo },
  { name: 'page 1 × 20, 金币 account', body: { account: 'coins' } },
  {
    name: 'Bills/monthly 12 months 金币',
    path: '/api/Bills/monthly',
    body: { currency: 'COIN', months: 12 },
  },
];

function load(c) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${base}${c.path ?? '/api/Bills/transaction'}`,
        method: c.method ?? 'POST',
        connections,
        duration: seconds,
        ...(c.body ? { headers, body: JSON.stringify(c.body) } : {}),
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
  });
}

/** One connection, one request at a time: the latency of the call itself (median and worst of 30). */
async function serial(c) {
  const times = [];
  for (let i = 0; i < 30; i++) {
    const t0 = performance.now();
    const r = await fetch(`${base}${c.path ?? '/api/Bills/transaction'}`, {
      method: c.method ?? 'POST',
      ...(c.body ? { headers, body: JSON.stringify(c.body) } : {}),
    });
    await r.arrayBuffer();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: times[14], max: times[29] };
}

console.log(`\npostings of the member: ${total} · ${connections} connections · ${seconds} s per case\n`);
const out = [];
let baseline = null;
for (const c of cases) {
  const sample = c.body && !c.path ? await call(c.body) : null;
  await load({ ...c, duration: 1 }); // warm-up
  const one = await serial(c);
  const r = await load(c);
  if (!c.body) baseline = r;
  out.push({
    case: c.name,
    '1 conn p50 ms': one.p50.toFixed(1),
    '1 conn max ms': one.max.toFixed(1),
    'req/s': Math.round(r.requests.average),
    'p50 ms': r.latency.p50,
    'p99 ms': r.latency.p99,
    'req/s vs livez':
      baseline && c.body ? `${((r.requests.average / baseline.requests.average) * 100).toFixed(1)}%` : '',
    'p50 × livez':
      baseline && c.body ? `${(r.latency.p50 / Math.max(baseline.latency.p50, 1)).toFixed(1)}×` : '',
    non2xx: r.non2xx,
    rows: sample ? `${sample.listItem.length} of ${sample.total}` : '',
  });
}
console.table(out);

// One export of everything, streamed.
const t0 = Date.now();
const res = await fetch(`${base}/api/Bills/export`, { headers: { cookie: `zl_sid=${sid}` } });
let bytes = 0;
let lines = 0;
for await (const chunk of res.body) {
  bytes += chunk.length;
  for (const b of chunk) if (b === 10) lines++;
}
console.log(
  `\nGET /api/Bills/export (all ${total} rows): ${lines - 1} rows, ${(bytes / 1e6).toFixed(1)} MB in ${((Date.now() - t0) / 1000).toFixed(2)} s`,
);
stop();
process.exit(0);
