// Page speed (docs/web.md § Page speed): Lighthouse (npm `lighthouse`, Debian's Chromium) on the
// production build, mobile and desktop, for every page of the route table (`app/route-table.ts`:
// the public pages, every supplier page, the customer's portal, the console) — read, not copied, so
// a page added there is measured without editing this file — each signed in as the demo member or
// operator it belongs to, a page about one project or complaint on a real one of the demo, each from
// an empty cache; beside the targets (performance ≥ 90 mobile and ≥ 98 desktop, the public /show
// ≥ 95 mobile; accessibility ≥ 98; JS ≤ 250 KB; CLS < 0.02), with the JavaScript each route made the
// browser fetch (bytes on the wire, as Chromium got them: brotli) and the load average.
// Each figure is the median of BENCH_RUNS runs (3 by default), never the best.
//   npm run bench:web   (BENCH_RUNS=3 per page and form factor — every page takes ≈ 70 min, BENCH_RUNS=1
//   ≈ 25; BENCH_PAGES=/login,/orderCenter to measure some; BENCH_FORMS=mobile; BENCH_SKIP_BUILD=1;
//   CHROMIUM_PATH)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import {
  adminPages,
  customerPages,
  loginOtherPages,
  mainPages,
  personCenterPages,
  projectPages,
  sharedMainPages,
} from '../apps/web/src/app/route-table.ts';
import { build, startServer } from './harness.mjs';

const port = Number(process.env.BENCH_PORT ?? 4392);
const debugPort = Number(process.env.BENCH_DEBUG_PORT ?? 9333);
const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const SUPPLIER = { mobile: '13800000001', password: 'demo1234' };
const CUSTOMER = { mobile: '13900000002', password: 'demo1234' };
const ADMIN = { username: 'admin', password: 'admin1234' };
const TARGET = { mobile: 90, desktop: 98 };
const A11Y_TARGET = 98;
const JS_KB_TARGET = 250;
const CLS_TARGET = 0.02;

/** Every page of the route table, with who opens it; `{project}` and the like filled in below. */
function routePages() {
  const pages = [
    { path: '/login', who: null, target: { mobile: 95, desktop: 98 } },
    { path: '/login/register', who: null },
    { path: '/login/forget', who: null },
    { path: '/admin/login', who: null },
    ...[...sharedMainPages].map((p) => ({
      path: p === 'show' ? '/show?id=10000001' : `/${p}`,
      who: null,
      // opened from WeChat on phones
      ...(p === 'show' ? { target: { mobile: 95, desktop: 98 } } : {}),
    })),
    ...Object.keys(mainPages)
      .filter((p) => !sharedMainPages.has(p))
      .map((p) => ({ path: projectPages.has(p) ? `/${p}?id={project}` : `/${p}`, who: SUPPLIER })),
    ...Object.keys(personCenterPages).map((p) => ({
      path: p === 'complaint' ? '/personCenter/complaint?id={complaint}' : `/personCenter/${p}`,
      who: SUPPLIER,
    })),
    ...Object.keys(loginOtherPages).map((p) => ({ path: `/loginOther/${p}`, who: SUPPLIER })),
    ...Object.keys(customerPages).map((p) => ({
      path:
        p === 'project' || p === 'complaint'
          ? `/customer/${p}?id={${p === 'project' ? 'customerProject' : 'customerComplaint'}}`
          : `/customer/${p}`,
      who: CUSTOMER,
    })),
    ...Object.keys(adminPages)
      .filter((p) => p !== 'login')
      .map((p) => ({ path: `/admin/${p}`, who: ADMIN })),
  ];
  return pages.map((p) => ({ target: TARGET, ...p }));
}

const ONLY = process.env.BENCH_PAGES?.split(',');

build();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zl-bench-web-'));
const { base, ready, stop } = startServer(port, { DATA_DIR: dataDir });
await ready(600);

async function signIn(page, who) {
  if (who.username) {
    await page.goto(`${base}/admin/login`);
    await page.getByLabel('用户名').fill(who.username);
    await page.getByLabel('密码').fill(who.password);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/admin/login'), { timeout: 30_000 });
    return;
  }
  await page.goto(`${base}/login`);
  await page.getByLabel('手机号').fill(who.mobile);
  await page.getByLabel('密码', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: /^登\s*录$/ }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 30_000 });
}

/** A call as `who` (signed in by the API), answering its `data`. */
async function callAs(who, call, data) {
  const headers = { 'content-type': 'application/json', origin: base };
  const login = await fetch(`${base}/api/User/login`, { method: 'POST', headers, body: JSON.stringify(who) });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const res = await fetch(`${base}/api/${call}`, {
    method: 'POST',
    headers: { ...headers, cookie },
    body: JSON.stringify(data),
  });
  const body = await res.json();
  if (!body.success) throw new Error(`${call}: ${JSON.stringify(body).slice(0, 200)}`);
  return body.data;
}

/** The demo's real ids for the pages about one project or complaint. */
async function demoIds() {
  const page1 = { page: 1, pageSize: 1 };
  return {
    project: (await callAs(SUPPLIER, 'Projectcenter/searchList', page1)).listItem[0].id,
    complaint: (await callAs(SUPPLIER, 'Complain/complainList', page1)).listItem[0].id,
    customerProject: (await callAs(CUSTOMER, 'Customer/projectList', page1)).listItem[0].id,
    customerComplaint: (await callAs(CUSTOMER, 'Complain/complainList', page1)).listItem[0].id,
  };
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

const ids = await demoIds();
const PAGES = routePages().map((p) => ({
  ...p,
  path: p.path.replace(/\{(\w+)\}/, (_, k) => String(ids[k])),
}));
const rows = [];
for (const p of PAGES.filter((x) => !ONLY || ONLY.includes(x.path.split('?')[0]))) {
  for (const formFactor of (process.env.BENCH_FORMS ?? 'mobile,desktop').split(',')) {
    const got = [];
    for (let i = 0; i < runs; i++) got.push(await audit(`${base}${p.path}`, p.who, formFactor));
    const med = (key) => {
      const v = got.map((g) => g[key]).sort((a, b) => a - b);
      const m = v.length >> 1;
      return v.length % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
    };
    const first = got[0];
    const met =
      med('score') >= p.target[formFactor] &&
      med('a11y') >= A11Y_TARGET &&
      med('js') / 1024 <= JS_KB_TARGET &&
      med('cls') < CLS_TARGET;
    rows.push({
      page: p.path.split('?')[0],
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
      met: met ? 'yes' : 'NO',
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
console.log(
  `${rows.filter((r) => r.met === 'yes').length} of ${rows.length} meet every target (performance as shown, accessibility ≥ ${A11Y_TARGET}, JS ≤ ${JS_KB_TARGET} KB, CLS < ${CLS_TARGET})`,
);
stop();
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
