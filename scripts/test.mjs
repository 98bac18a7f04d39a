// `npm test`: every test of the platform, in order — unit and API tests (vitest: server against
// PGlite, or the PostgreSQL server when DATABASE_URL is set; web in jsdom), then the production
// build, then the browser journeys (Playwright in Debian's Chromium against the built app).
// Ends with one summary line "tests: N passed, N failed".
//
// TEST_SCOPE=database (set by .ci/run for its second pass, on the PostgreSQL server) runs only what
// depends on the database: the server's tests and the browser journeys. Typecheck, lint, the
// shared package's and the web's jsdom tests give the same answer on either database, so they run
// once, in the first pass, which also measures coverage (docs/testing.md).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'zl-test-'));
const db = process.env.DATABASE_URL ? 'PostgreSQL 服务器 (DATABASE_URL)' : '嵌入式 PGlite';
console.log(`== tests against ${db} ==`);

let passed = 0;
let failed = 0;
let broken = false;

function step(name, cmd, args, env = {}) {
  console.log(`\n== ${name} ==`);
  const started = process.hrtime.bigint();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  timings.push([name, Number(process.hrtime.bigint() - started) / 1e9]);
  if (r.status !== 0) broken = true;
  return r.status === 0;
}

const databaseOnly = process.env.TEST_SCOPE === 'database';
const timings = [];

if (!databaseOnly) {
  step('typecheck', 'npm', ['run', '-s', 'typecheck']);
  step('lint', 'npm', ['run', '-s', 'lint']);
}

const vitestJson = path.join(out, 'vitest.json');
step(databaseOnly ? 'API tests (vitest, server only)' : 'unit + API tests (vitest, with coverage)', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
  // the full pass measures coverage (V8's counters) and prints its summary (docs/testing.md)
  ...(databaseOnly ? ['--project', 'server', '--project', 'server-isolated'] : ['--coverage']),
]);
if (fs.existsSync(vitestJson)) {
  const v = JSON.parse(fs.readFileSync(vitestJson, 'utf8'));
  passed += v.numPassedTests;
  failed += v.numFailedTests;
}

if (step('build', 'npm', ['run', 'build'])) {
  const pwJson = path.join(out, 'playwright.json');
  step(
    'browser journeys (Playwright, Chromium)',
    'npx',
    ['playwright', 'test', '-c', 'e2e/playwright.config.ts'],
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson,
    },
  );
  if (fs.existsSync(pwJson)) {
    const p = JSON.parse(fs.readFileSync(pwJson, 'utf8'));
    passed += p.stats.expected;
    failed += p.stats.unexpected;
  }
}

fs.rmSync(out, { recursive: true, force: true });
if (broken && failed === 0) failed = 1; // a step died without reporting its tests
console.log('\n== where the time went ==');
for (const [name, seconds] of timings) console.log(`${seconds.toFixed(1).padStart(7)} s  ${name}`);
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(broken ? 1 : 0);
