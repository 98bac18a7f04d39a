// `npm test`: every test of the platform — typecheck and lint, the production build, then the unit
// and API tests (vitest: server against PGlite, or the PostgreSQL server when DATABASE_URL is set;
// web in jsdom) and the browser journeys (Playwright in Debian's Chromium against the built app).
// Ends with one summary line "tests: N passed, N failed".
//
// TEST_SCOPE=database (set by .ci/run for its second pass, on the PostgreSQL server) runs only what
// depends on the database: the server's tests and the browser journeys but those tagged @layout.
// Typecheck, lint, the shared package's and the web's jsdom tests and the layout journeys give the
// same answer on either database, so they run once, in the first pass, which also measures
// coverage (docs/testing.md). A build of the very same sources is not made twice (buildInputs).
//
// TEST_SIDE_BY_SIDE=1 runs vitest and the journeys at the same time, each printing its output when
// it ends: faster on two cores, but the journeys then take up to twice as long and two of three
// such runs had a journey miss a time limit (docs/testing.md § Time), so it is not the default.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'zl-test-'));
const db = process.env.DATABASE_URL ? 'PostgreSQL 服务器 (DATABASE_URL)' : '嵌入式 PGlite';
const sideBySide = process.env.TEST_SIDE_BY_SIDE === '1' && os.availableParallelism() >= 2;
console.log(`== tests against ${db}${sideBySide ? '; vitest and the journeys side by side' : ''} ==`);

let passed = 0;
let failed = 0;
let broken = false;
const timings = [];
const begun = process.hrtime.bigint();

function seconds(started) {
  return Number(process.hrtime.bigint() - started) / 1e9;
}

/** One step, its output straight to ours. */
function step(name, cmd, args, env = {}) {
  console.log(`\n== ${name} ==`);
  const started = process.hrtime.bigint();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  timings.push([name, seconds(started)]);
  if (r.status !== 0) broken = true;
  return r.status === 0;
}

/**
 * One step beside others: its output goes to a file and is printed whole when it ends, so the
 * log reads step by step. Resolves true when it exits 0.
 */
function background(name, cmd, args, env = {}) {
  const started = process.hrtime.bigint();
  const logFile = path.join(out, `${name.replace(/\W+/g, '-')}.log`);
  const fd = fs.openSync(logFile, 'w');
  const child = spawn(cmd, args, {
    cwd: root,
    stdio: ['ignore', fd, fd],
    env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0', ...env },
  });
  return new Promise((resolve) => {
    child.on('close', (code) => {
      fs.closeSync(fd);
      timings.push([name, seconds(started)]);
      console.log(`\n== ${name} ==`);
      process.stdout.write(fs.readFileSync(logFile));
      if (code !== 0) broken = true;
      resolve(code === 0);
    });
  });
}

const databaseOnly = process.env.TEST_SCOPE === 'database';

if (!databaseOnly) {
  step('typecheck', 'npm', ['run', '-s', 'typecheck']);
  step('lint', 'npm', ['run', '-s', 'lint']);
}

const vitestJson = path.join(out, 'vitest.json');
const vitest = [
  databaseOnly ? 'API tests (vitest, server only)' : 'unit + API tests (vitest, with coverage)',
  'npx',
  [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestJson}`,
    // the full pass measures coverage (V8's counters) and prints its summary (docs/testing.md)
    ...(databaseOnly ? ['--project', 'server', '--project', 'server-isolated'] : ['--coverage']),
  ],
];
const pwJson = path.join(out, 'playwright.json');
const journeys = [
  'browser journeys (Playwright, Chromium)',
  'npx',
  // journeys tagged @layout check a page's layout or a form's own checks in the browser: the same
  // answer on either database, so the database pass leaves them out (docs/testing.md § Time)
  [
    'playwright',
    'test',
    '-c',
    'e2e/playwright.config.ts',
    ...(databaseOnly ? ['--grep-invert', '@layout'] : []),
  ],
  { PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson },
];

/**
 * What the build reads: every tracked or new file under apps/ and packages/ (tests included, a
 * little more than needed) and the lockfile, hashed by path and content. `.ci/run`'s second pass
 * builds the same sources as its first; when the stamp the last build left beside its output is
 * this hash, that build is the one this run would make, and is used as it is.
 */
function buildInputs() {
  const git = spawnSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard', 'apps', 'packages', 'package-lock.json'],
    { cwd: root, encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
  );
  if (git.status !== 0) return undefined; // not a git checkout: always build
  const hash = createHash('sha256');
  for (const file of git.stdout.toString('utf8').split('\0').filter(Boolean).sort()) {
    const full = path.join(root, file);
    if (!fs.existsSync(full)) continue; // deleted, not yet staged
    hash.update(`${file}\0`).update(fs.readFileSync(full)).update('\0');
  }
  return hash.digest('hex');
}
const stampFile = path.join(root, 'apps/server/dist/.build-inputs');
const inputs = buildInputs();
const outputs = ['apps/server/dist/server.js', 'apps/web/dist/index.html'].map((f) => path.join(root, f));

// The build comes first: the journeys need it, and nothing writes to dist/ while tests read it.
let built;
if (
  inputs !== undefined &&
  outputs.every((f) => fs.existsSync(f)) &&
  fs.existsSync(stampFile) &&
  fs.readFileSync(stampFile, 'utf8') === inputs
) {
  console.log(
    `\n== build ==\ndist/ was built from these very sources (${inputs.slice(0, 12)}): not built again`,
  );
  built = true;
} else {
  fs.rmSync(stampFile, { force: true });
  built = step('build', 'npm', ['run', 'build']);
  if (built && inputs !== undefined) fs.writeFileSync(stampFile, inputs);
}
if (sideBySide) {
  await Promise.all([background(...vitest), built ? background(...journeys) : Promise.resolve(false)]);
} else {
  step(...vitest);
  if (built) step(...journeys);
}

if (fs.existsSync(vitestJson)) {
  const v = JSON.parse(fs.readFileSync(vitestJson, 'utf8'));
  passed += v.numPassedTests;
  failed += v.numFailedTests;
}
if (fs.existsSync(pwJson)) {
  const p = JSON.parse(fs.readFileSync(pwJson, 'utf8'));
  passed += p.stats.expected;
  failed += p.stats.unexpected;
}

fs.rmSync(out, { recursive: true, force: true });
if (broken && failed === 0) failed = 1; // a step died without reporting its tests
console.log('\n== where the time went ==');
for (const [name, s] of timings) console.log(`${s.toFixed(1).padStart(7)} s  ${name}`);
console.log(
  `${seconds(begun).toFixed(1).padStart(7)} s  in all${sideBySide ? ' (vitest and the journeys side by side)' : ''}`,
);
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(broken ? 1 : 0);
