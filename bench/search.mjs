// Order-centre search at scale (issue 4 §7): 1,000,000 projects on PostgreSQL, the production
// build, autocannon per common search, beside GET /livez of the same process.
//   npm run bench:search   (DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/zl_bench_search;
//                           BENCH_SECONDS=5, BENCH_CONNECTIONS=10, BENCH_ROWS=1000000, BENCH_SKIP_BUILD=1)
import autocannon from 'autocannon';
import pg from 'pg';
import { generateProjects } from '../scripts/gen-projects.mjs';
import { build, demoSession, startServer } from './harness.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const rowsWanted = Number(process.env.BENCH_ROWS ?? 1_000_000);
const port = Number(process.env.BENCH_PORT ?? 4391);
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/zl_bench_search';

async function ensureDatabase() {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (!found.rows.length) await admin.query(`create database "${name.replace(/"/g, '')}"`);
  await admin.end();
}

build();
await ensureDatabase();

// The server migrates the database on start (openDatabase), and seeds the demo supplier.
const { base, ready, stop } = startServer(port, { DATABASE_URL: databaseUrl });
await ready(600);

const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
const have = Number((await client.query('select count(*)::int as n from projects')).rows[0].n);
if (have < rowsWanted) {
  const t0 = Date.now();
  console.log(`projects: ${have} rows; generating ${rowsWanted - have} …`);
  await generateProjects(client, {
    count: rowsWanted - have,
    log: (d) => process.stdout.write(`\r  ${d} rows (${((Date.now() - t0) / 1000).toFixed(0)} s)`),
  });
  await client.query('analyze projects');
  console.log(`\n  generated in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}
const stats = (
  await client.query(
    `select count(*)::int as n, count(*) filter (where status = 1 and biddl > now())::int as open from projects`,
  )
).rows[0];
// The server seeds the demo supplier only into a database without members; a database that got
// its generated projects first (whose owner is a member) gets the demo supplier here.
const demo = await client.query(`select 1 from members where mobile = '13800000001'`);
if (!demo.rows.length) {
  const { hash } = await import('@node-rs/argon2');
  const passwordHash = await hash('demo1234', {
    algorithm: 2,
    memoryCost: 19_456,
    timeCost: 2,
    parallelism: 1,
  });
  await client.query(
    `insert into members (cardno, mobile, password_hash, cardtype, nickname)
     values ('10000001', '13800000001', $1, 'workshop', '鼎盛展览工厂') on conflict do nothing`,
    [passwordHash],
  );
}
await client.end();

const sid = await demoSession(base);
const headers = { 'content-type': 'application/json', cookie: `zl_sid=${sid}` };

async function call(body) {
  const r = await fetch(`${base}/api/Projectcenter/searchList`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  });
  const json = await r.json();
  if (!json.success) throw new Error(`searchList ${JSON.stringify(body)}: ${json.errCode} ${json.errMsg}`);
  return json.data;
}

// A deep page: walk 30 pages of 50 by cursor (page 31 = rows 1,501–1,550 of the newest list).
let deep = null;
for (let i = 0; i < 30; i++)
  deep = (await call({ pageSize: 50, ...(deep ? { cursor: deep } : {}) })).nextCursor;

const cases = [
  { name: 'GET /livez (baseline)', path: '/livez', method: 'GET' },
  { name: 'newest, page 1', body: {} },
  { name: 'groupid 1 + 广东省 深圳市', body: { groupid: 1, prov: '广东省', city: '深圳市' } },
  { name: 'groupid 3 + 四川省', body: { groupid: 3, prov: '四川省' } },
  { name: 'area 100–200 m² by area', body: { areaMin: 100, areaMax: 200, sort: 'area' } },
  { name: 'deadline soonest', body: { sort: 'deadline' } },
  { name: "keyword '车展'", body: { keyword: '车展' } },
  { name: "keyword '宁夏' (rare, 2 chars)", body: { keyword: '宁夏' } },
  { name: "keyword '特装展台'", body: { keyword: '特装展台' } },
  { name: 'deep page via cursor (page 31×50)', body: { pageSize: 50, cursor: deep } },
];

function load(c) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${base}${c.path ?? '/api/Projectcenter/searchList'}`,
        method: c.method ?? 'POST',
        connections,
        duration: seconds,
        ...(c.body ? { headers, body: JSON.stringify(c.body) } : {}),
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
  });
}

console.log(
  `\nprojects: ${stats.n} rows (${stats.open} open) · ${connections} connections · ${seconds} s per case\n`,
);
const out = [];
let baseline = 0;
for (const c of cases) {
  const sample = c.body ? await call(c.body) : null;
  const r = await load(c);
  const rps = r.requests.average;
  if (!c.body) baseline = rps;
  out.push({
    case: c.name,
    'req/s': Math.round(rps),
    'p50 ms': r.latency.p50,
    'p99 ms': r.latency.p99,
    'vs livez': baseline ? `${((rps / baseline) * 100).toFixed(1)}%` : '',
    non2xx: r.non2xx,
    rows: sample ? `${sample.listItem.length} of ${sample.totalCapped ? '1000+' : sample.total}` : '',
  });
}
console.table(out);
stop();
process.exit(0);
