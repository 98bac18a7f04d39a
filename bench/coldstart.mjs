// Cold start of the embedded database (ADR 0003, ADR 0018): the production build started on a
// fresh DATA_DIR until GET /livez answers — exactly as `npm start` runs it (the demo data from the
// build's demo template, the job engine on), the same without the jobs, without the demo data from
// the build's empty template, with the demo data seeded at start (the demo template hidden), and
// without any template (PGLITE_TEMPLATE=false: initdb in WebAssembly and every migration) —
// interleaved in the same minute, medians and their ratios; a restart on an existing DATA_DIR, and
// a bare Node HTTP server answering its first request, for reference; after the two demo starts,
// the time to a first sign-in and home page (the jobs' first rounds run meanwhile when on).
//   npm run bench:coldstart   (BENCH_RUNS=3 per case, BENCH_PORT=4394, BENCH_SKIP_BUILD=1;
//   BENCH_DIST=apps/server/<folder> times another build's copy of dist, e.g. a before-and-after)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build, root } from './harness.mjs';

const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const port = Number(process.env.BENCH_PORT ?? 4394);

build();
const dist = process.env.BENCH_DIST ?? 'apps/server/dist';
const template = path.join(root, dist, 'pglite-template.tar.gz');
if (!fs.existsSync(template)) {
  console.error(`no template at ${template}: run \`npm run build\` (without PGLITE_TEMPLATE=false)`);
  process.exit(1);
}

/** A Node process that only answers HTTP: what any server's start costs on this machine now. */
const BARE = [
  '-e',
  `require('node:http').createServer((q, s) => s.end('ok')).listen(${port}, '127.0.0.1'); process.on('SIGTERM', () => process.exit(0));`,
];

/**
 * What a newcomer does first once it is up: the sign-in page, the demo supplier's sign-in and the
 * home page's call — milliseconds from the first good /livez to the home page's answer. With the
 * jobs on, their first rounds run meanwhile (they yield to requests, db/background.ts).
 */
async function firstSignIn() {
  const base = `http://127.0.0.1:${port}`;
  const headers = { 'content-type': 'application/json', origin: base };
  const t0 = performance.now();
  await (await fetch(`${base}/login`)).text();
  const login = await fetch(`${base}/api/User/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ mobile: '13800000001', password: 'demo1234' }),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const home = await fetch(`${base}/api/Member/homeInfo`, {
    method: 'POST',
    headers: { ...headers, cookie },
    body: '{}',
  });
  const body = await home.json();
  if (!login.ok || !home.ok || body.success !== true)
    throw new Error(
      `first sign-in failed: ${login.status} ${home.status} ${JSON.stringify(body).slice(0, 300)}`,
    );
  return performance.now() - t0;
}

/**
 * Milliseconds from spawning dist/server.js (or `args`) on `dataDir` to the first good /livez;
 * with `signIn`, [that, the first sign-in after it].
 */
async function coldStart(dataDir, env, args = [`${dist}/server.js`], signIn = false) {
  const t0 = performance.now();
  const server = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DEMO_DATA: 'false',
      JOBS_ENABLED: 'false',
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  server.stderr.on('data', (d) => {
    stderr += d;
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  let dead = false;
  exited.then(() => {
    dead = true;
  });
  try {
    for (;;) {
      if (dead) throw new Error(`server exited before answering:\n${stderr}`);
      try {
        const r = await fetch(`http://127.0.0.1:${port}/livez`);
        if (r.ok) break;
      } catch {}
      await new Promise((r) => setTimeout(r, 20));
    }
    const up = performance.now() - t0;
    return signIn ? [up, await firstSignIn()] : up;
  } finally {
    server.kill('SIGTERM');
    await exited;
    if (stderr.trim()) process.stderr.write(stderr);
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const fresh = () => fs.mkdtempSync(path.join(os.tmpdir(), 'zl-coldstart-'));
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const loadBefore = load();
// the demo seeded at start: the demo template's meta file moved aside for that run only
const demoMeta = path.join(root, dist, 'pglite-demo-template.json');
if (!fs.existsSync(demoMeta)) {
  console.error(`no demo template at ${demoMeta}: run \`npm run build\` (without DEMO_TEMPLATE=false)`);
  process.exit(1);
}
async function withoutDemoTemplate(fn) {
  fs.renameSync(demoMeta, `${demoMeta}.off`);
  try {
    return await fn();
  } finally {
    fs.renameSync(`${demoMeta}.off`, demoMeta);
  }
}

const times = { npmStart: [], template: [], demo: [], seeded: [], initdb: [], restart: [], bare: [] };
const signIns = { npmStart: [], demo: [] };
const dirs = [];
for (let i = 0; i < runs; i++) {
  // interleaved, so a change in the machine's load touches every case alike
  const z = fresh();
  times.bare.push(await coldStart(z, {}, BARE));
  const n = fresh();
  const [up, signIn] = await coldStart(n, { DEMO_DATA: 'true', JOBS_ENABLED: 'true' }, undefined, true);
  times.npmStart.push(up);
  signIns.npmStart.push(signIn);
  const a = fresh();
  times.template.push(await coldStart(a, { PGLITE_TEMPLATE: 'true' }));
  times.restart.push(await coldStart(a, {}));
  const d = fresh();
  const [upOff, signInOff] = await coldStart(d, { DEMO_DATA: 'true' }, undefined, true);
  times.demo.push(upOff);
  signIns.demo.push(signInOff);
  const e = fresh();
  times.seeded.push(await withoutDemoTemplate(() => coldStart(e, { DEMO_DATA: 'true' })));
  const b = fresh();
  times.initdb.push(await coldStart(b, { PGLITE_TEMPLATE: 'false' }));
  dirs.push(a, b, d, e, n, z);
}
for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });

const s = (ms) => (ms / 1000).toFixed(2);
console.table(
  Object.entries({
    'npm start on a fresh DATA_DIR: demo template, jobs on': times.npmStart,
    'the same without the jobs (JOBS_ENABLED=false)': times.demo,
    'fresh DATA_DIR, no demo, from the empty template': times.template,
    'fresh DATA_DIR, demo data seeded at start (no demo template)': times.seeded,
    'fresh DATA_DIR, no demo, initdb + migrations (PGLITE_TEMPLATE=false)': times.initdb,
    'restart on an existing DATA_DIR (reference)': times.restart,
    'a bare Node HTTP server (baseline)': times.bare,
  }).map(([k, v]) => ({ case: k, 'median s': s(median(v)), runs: v.map(s).join(' ') })),
);
console.table(
  Object.entries({
    'npm start (jobs on, their first rounds running)': signIns.npmStart,
    'the same without the jobs': signIns.demo,
  }).map(([k, v]) => ({
    'then: /login, the demo supplier signs in, Member/homeInfo': k,
    'median ms': median(v).toFixed(0),
    runs: v.map((x) => x.toFixed(0)).join(' '),
  })),
);
const ratio = (x, y) => (median(times[x]) / median(times[y])).toFixed(2);
console.log(
  `\nnpm start ÷ bare Node: ${ratio('npmStart', 'bare')}×; jobs on ÷ off: ${ratio('npmStart', 'demo')}×;` +
    ` demo from the template ÷ no demo: ${ratio('demo', 'template')}×; demo seeded ÷ demo from the template: ${ratio('seeded', 'demo')}×;` +
    ` initdb ÷ empty template: ${ratio('initdb', 'template')}×` +
    `  (${runs} runs each; ${os.cpus().length} CPUs; load average before ${loadBefore}, after ${load()})`,
);
