// Page speed (issue 13 §1): Lighthouse (npm `lighthouse`, Debian's Chromium) on the production
// build, mobile and desktop, for /login, /orderCenter signed in as the demo supplier and /customer
// signed in as the demo customer, each from an empty cache; beside the targets, with the JavaScript
// each route made the browser fetch (bytes on the wire, as Chromium got them: brotli).
// Each figure is the median of BENCH_RUNS runs (3 by default), never the best; accessibility is
// scored beside performance.
//   npm run bench:web   (BENCH_RUNS=3 per page and form factor; BENCH_SKIP_BUILD=1; CHROMIUM_PATH)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { build, startServer } from './harness.mjs';

const port = Number(process.env.BENCH_PORT ?? 4392);
const debugPort = Number(process.env.BENCH_DEBUG_PORT ?? 9333);
const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const ONLY = process.env.BENCH_PAGES?.split(',');
const PAGES = [
  { path: '/login', who: null, target: { mobile: 95, desktop: 98 } },
  {
    path: '/orderCenter',
    who: { mobile: '13800000001', password: 'demo1234' },
    target: { mobile: 90, desktop: 98 },
  },
  {
    path: '/customer',
    who: { mobile: '13900000002', password: 'demo1234' },
    target: { mobile: 90, desktop: 98 },
  },
];

build();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zl-bench-web-'));
const { base, ready, stop } = startServer(port, { DATA_DIR: dataDir });
await ready(600);

async function signIn(page, who) {
  await page.goto(`${base}/login`);
  await page.getByLabel('手机号').fill(who.mobile);
  await page.getByLabel('密码', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: /^登\s*录$/ }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 30_000 });
}

/** One Lighthouse run of `url` in a fresh browser profile (signed in first when `who` is set). */
async function audit(url, who, formFactor) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'zl-lh-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    args: ['--no-sandbox', `--remote-debugging-port=${debugPort}`, '--disable-background-networking'],
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    if (who) await signIn(page, who);
    // an empty cache (as on a first visit) but the session kept: Lighthouse's own storage reset
    // would log the member out, so it is off and the HTTP cache is cleared here instead
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await page.goto('about:blank');
    const flags = {
      port: debugPort,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      // keep the session (cookie, local storage); the HTTP cache was cleared above
      disableStorageReset: true,
    };
    const result = await lighthouse(url, flags, formFactor === 'desktop' ? desktopConfig : undefined);
    const lhr = result.lhr;
    // BENCH_LHR_DIR=dir keeps each report's JSON for a closer look (its audits, the request chains)
    if (process.env.BENCH_LHR_DIR) {
      const name = `${url.replace(base, '').replace(/\W+/g, '_') || 'root'}-${formFactor}.json`;
      fs.writeFileSync(path.join(process.env.BENCH_LHR_DIR, name), JSON.stringify(lhr));
    }
    const requests = lhr.audits['network-requests']?.details?.items ?? [];
    const js = requests
      .filter((r) => r.resourceType === 'Script' && String(r.url).startsWith(base))
      .reduce((n, r) => n + (r.transferSize ?? 0), 0);
    const metric = (id) => lhr.audits[id]?.numericValue;
    return {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      a11y: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      fcp: metric('first-contentful-paint'),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      js,
      finalUrl: lhr.finalDisplayedUrl,
    };
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

const rows = [];
for (const p of PAGES.filter((x) => !ONLY || ONLY.includes(x.path))) {
  for (const formFactor of (process.env.BENCH_FORMS ?? 'mobile,desktop').split(',')) {
    const got = [];
    for (let i = 0; i < runs; i++) got.push(await audit(`${base}${p.path}`, p.who, formFactor));
    const med = (key) => {
      const v = got.map((g) => g[key]).sort((a, b) => a - b);
      const m = v.length >> 1;
      return v.length % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
    };
    const first = got[0];
    rows.push({
      page: p.path,
      form: formFactor,
      score: med('score'),
      target: `≥ ${p.target[formFactor]}`,
      a11y: med('a11y'),
      'FCP ms': Math.round(med('fcp')),
      'LCP ms': Math.round(med('lcp')),
      'TBT ms': Math.round(med('tbt')),
      CLS: med('cls').toFixed(3),
      'JS KB (wire)': (med('js') / 1024).toFixed(1),
      landed: new URL(first.finalUrl).pathname,
    });
  }
}
console.log(
  `\n== Lighthouse (median of ${runs}) on the production build, load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} ==`,
);
console.table(rows);
stop();
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
