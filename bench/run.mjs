// Benchmark harness (issue 2 §8): starts the production build, loads the account calls with
// autocannon and prints req/s, p50 and p99 beside a trivial route served by the same process,
// then the gzip size of the JavaScript that /login loads before it is interactive.
//   npm run bench   (BENCH_SECONDS=12 by default, BENCH_CONNECTIONS=10, BENCH_ROUNDS=6, BENCH_PORT=4390,
//                    BENCH_SKIP_BUILD=1; the embedded PGlite by default — DATABASE_URL=postgres://…
//                    runs on that server instead, e.g. …/zl_bench_login: the database is created when
//                    missing, never dropped)
// Login runs in BENCH_ROUNDS rounds (6 by default) alternated with the argon2id ceiling measured for
// as long — the ceiling first in every other round, so neither always follows the other — and the
// ratio printed is the median of the rounds' own ratios, with their range: a shared machine's load
// moves between rounds, and a ratio of sums would let one noisy round stand for all. Each round
// loads login twice, from autocannon and from the lean generator (bench/lean-load.mjs): autocannon
// spends ~0.1–0.3 ms of CPU a request on the same two cores as the server and its hash threads,
// the lean one a few µs, so the second is the server's own figure and the first what a heavier
// client leaves it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { build, DEMO_LOGIN, demoSession, ensureDatabase, run, startServer } from './harness.mjs';
import { leanLoad } from './lean-load.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 12);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const port = Number(process.env.BENCH_PORT ?? 4390);
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 6));
const databaseUrl = process.env.DATABASE_URL;

build();

const loadBefore = os.loadavg();
let dataDir;
let where = 'PGlite';
if (databaseUrl) where = `PostgreSQL ${new URL(databaseUrl).host}/${await ensureDatabase(databaseUrl)}`;
else dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zl-bench-'));
const { base, ready, stop, pid } = startServer(port, {
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir }),
  // The bench logs in hundreds of times a second from one IP, all with the right password.
  LOGIN_IP_FAILURE_LIMIT: '1000000',
  LOGIN_IP_ACCOUNT_FAILURE_LIMIT: '1000000',
});

/**
 * CPU milliseconds the server has used so far: its main thread (HTTP, SQL — on PGlite the database
 * runs there too — everything but the hash) and its other threads (argon2id on libuv's pool, GC
 * helpers). Linux /proc; null elsewhere.
 */
function serverCpu() {
  try {
    const tick = 10; // USER_HZ = 100 on Linux
    let main = 0;
    let other = 0;
    for (const t of fs.readdirSync(`/proc/${pid}/task`)) {
      const st = fs.readFileSync(`/proc/${pid}/task/${t}/stat`, 'utf8');
      const f = st.slice(st.lastIndexOf(')') + 2).split(' ');
      const ms = (Number(f[11]) + Number(f[12])) * tick;
      if (t === String(pid)) main += ms;
      else other += ms;
    }
    return { main, other };
  } catch {
    return null;
  }
}

function load(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ connections, duration: seconds, ...opts, url: `${base}${opts.path}` }, (err, res) =>
      err ? reject(err) : resolve(res),
    );
  });
}

await ready(600);
const sid = await demoSession(base);

// The ceiling login cannot pass: argon2id verifications per second on this machine, measured
// here with the server's library and parameters (docs/product.md § Accounts and identity), 4 at a
// time like libuv's pool, while the server is idle.
const argon = await import('@node-rs/argon2');
const hashOpts = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };
const sample = await argon.hash('demo1234', hashOpts);
async function verifications(ms) {
  let verified = 0;
  const until = Date.now() + ms;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (Date.now() < until) {
        await argon.verify(sample, 'demo1234');
        verified++;
      }
    }),
  );
  return verified;
}

const bad = (r) => r.non2xx + r.errors + r.timeouts;
const rows = [];
for (const c of [
  { name: 'GET /livez (trivial baseline)', path: '/livez' },
  { name: 'GET /api/User/loginCheck', path: '/api/User/loginCheck', headers: { cookie: `zl_sid=${sid}` } },
]) {
  await load({ ...c, duration: 2 }); // warm-up
  const r = await load(c);
  rows.push({ name: c.name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, bad: bad(r) });
}
const login = {
  name: 'POST /api/User/login (argon2id)',
  path: '/api/User/login',
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: DEMO_LOGIN,
};
await load({ ...login, duration: 2 }); // warm-up
const each = Math.max(1, Math.round(seconds / rounds));
/** One generator's login rounds: their answers, the server's CPU over them, the ceiling beside them. */
const gen = (name, drive) => ({ name, drive, runs: [], cpu: { main: 0, other: 0 }, verified: 0, ratios: [] });
const generators = [
  gen('autocannon', (o) => load(o)),
  gen('lean', (o) => leanLoad({ ...o, url: `${base}${o.path}`, connections })),
];
for (let i = 0; i < rounds; i++) {
  for (const g of generators) {
    const ceilingFirst = i % 2 === 1;
    let verified = ceilingFirst ? await verifications(each * 1000) : 0;
    const before = serverCpu();
    const r = await g.drive({ ...login, duration: each });
    g.runs.push(r);
    const after = serverCpu();
    if (before && after) {
      g.cpu.main += after.main - before.main;
      g.cpu.other += after.other - before.other;
    }
    if (!ceilingFirst) verified = await verifications(each * 1000);
    g.verified += verified;
    g.ratios.push(r.requests.total / Math.max(1, verified));
  }
}
const median = (xs) => {
  const v = [...xs].sort((a, b) => a - b);
  const m = v.length >> 1;
  return v.length % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
};
for (const g of generators) {
  const p50s = g.runs.map((r) => r.latency.p50).sort((a, b) => a - b);
  g.logins = g.runs.reduce((n, r) => n + r.requests.total, 0);
  g.rps = g.logins / (each * rounds);
  g.ceiling = g.verified / (each * rounds);
  rows.push({
    name: `${login.name}, ${g.name}`,
    rps: g.rps,
    p50: p50s[Math.floor(p50s.length / 2)],
    p99: Math.max(...g.runs.map((r) => r.latency.p99)),
    bad: g.runs.reduce((n, r) => n + (r.non2xx ?? 0) + (r.errors ?? 0) + (r.timeouts ?? 0), 0),
  });
}
const loadAfter = os.loadavg();

const baseline = rows[0].rps;
console.log(
  `\n== API (${seconds}s each, ${connections} connections, ${os.cpus().length} cores, ${where}) ==`,
);
console.log(
  'route'.padEnd(46),
  'req/s'.padStart(9),
  'p50 ms'.padStart(8),
  'p99 ms'.padStart(8),
  'vs baseline'.padStart(12),
  'non-2xx',
);
for (const r of rows) {
  console.log(
    r.name.padEnd(46),
    r.rps.toFixed(0).padStart(9),
    String(r.p50).padStart(8),
    String(r.p99).padStart(8),
    `${((r.rps / baseline) * 100).toFixed(1)}%`.padStart(12),
    String(r.bad).padStart(7),
  );
}
for (const g of generators) {
  console.log(
    `${g.name}: argon2id verify ceiling (this machine, same parameters, ${rounds} rounds of ${each}s alternated with login's) ${g.ceiling.toFixed(0)}/s → login reaches ${(median(g.ratios) * 100).toFixed(0)}% of it (median of the rounds; range ${(Math.min(...g.ratios) * 100).toFixed(0)}–${(Math.max(...g.ratios) * 100).toFixed(0)} %)`,
  );
  if (g.cpu.main + g.cpu.other > 0 && g.logins > 0) {
    const m = g.cpu.main / g.logins;
    const o = g.cpu.other / g.logins;
    console.log(
      `${g.name}: server CPU per login: main thread ${m.toFixed(1)} ms (all but the hash), other threads ${o.toFixed(1)} ms (the hash) → on cores of its own login would reach ~${((o / (m + o)) * 100).toFixed(0)}% of the ceiling`,
    );
  }
}
const avg = (l) => l.map((x) => x.toFixed(2)).join(', ');
console.log(`load average before: ${avg(loadBefore)}; after: ${avg(loadAfter)}`);
stop();

console.log('\n== /login JavaScript before interactive ==');
run(process.execPath, ['apps/web/scripts/login-bundle-size.mjs']);
if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
