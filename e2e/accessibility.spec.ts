// Accessibility (docs/web.md § Accessibility): every page of the route table — public, the
// supplier's, the customer's and the console's — opened with the demo data and checked by axe-core
// against the WCAG 2.1 A and AA rules. Any violation fails, listed by rule with the elements it
// found. The route table is read, not copied: a page added there is checked without editing this
// file. Read-only visits, so it runs anywhere in the journeys' order; the same answer on either
// database (tagged @layout).
import { type Browser, expect, type Page, test } from '@playwright/test';
import { loginOtherPages, mainPages, personCenterPages } from '../apps/web/src/app/route-table.ts';
import { login } from './fixtures.ts';
import { axeFindings, type Found, report } from './steps/axe.ts';

/** The customer's portal and the console (their route files draw pages; the paths are these). */
const CUSTOMER_PAGES = [
  '/customer/projects',
  '/customer/publish',
  '/customer/project?id={customerProject}',
  '/customer/basicSetting',
  '/customer/securitySetting',
  '/customer/security_person',
  '/customer/bills',
  '/customer/message',
  '/customer/complaints',
  '/customer/calendar',
];
const ADMIN_PAGES = [
  '/admin/verify',
  '/admin/projects',
  '/admin/withdrawals',
  '/admin/funds',
  '/admin/members',
  '/admin/audit',
  '/admin/notices',
  '/admin/filings',
  '/admin/admins',
  '/admin/complaints',
];
/** Pages about one project: opened on a real one (a project in another state shows its own notice). */
const PROJECT_PAGES = new Set([
  'orderDetail',
  'orderPrice',
  'signContract',
  'uploadContract',
  'uploadReport',
]);
const PUBLIC_MAIN = new Set(['about', 'help', 'show', 'noPage']);

/** Opens `path` and answers what axe finds there once the page has settled. */
async function check(page: Page, path: string): Promise<Found[]> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  // the page's own content is drawn, not the route's loading placeholder or a skeleton
  await expect(page.locator('.zl-page-loading, .ant-skeleton-active')).toHaveCount(0, { timeout: 15_000 });
  return axeFindings(page, path);
}

async function signedIn(browser: Browser, how: (page: Page) => Promise<void>): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await how(page);
  return page;
}

test('every public page is clean of WCAG 2.1 A/AA violations', { tag: '@layout' }, async ({ page }) => {
  test.setTimeout(180_000);
  const found: Found[] = [];
  const paths = [
    '/login',
    '/login/register',
    '/login/forget',
    '/admin/login',
    ...[...PUBLIC_MAIN].map((p) => (p === 'show' ? '/show?id=10000001' : `/${p}`)),
  ];
  for (const path of paths) found.push(...(await check(page, path)));
  expect(found, report(found)).toEqual([]);
});

test("every supplier's page is clean of WCAG 2.1 A/AA violations", { tag: '@layout' }, async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const page = await signedIn(browser, async (p) => {
    await login(p, '13800000001', 'demo1234');
    await expect(p).not.toHaveURL(/\/login/);
  });
  const res = await page.request.post('/api/Projectcenter/searchList', { data: { page: 1, pageSize: 1 } });
  const projectId = (await res.json()).data.listItem[0].id as number;
  const found: Found[] = [];
  const paths = [
    ...Object.keys(mainPages)
      .filter((p) => !PUBLIC_MAIN.has(p))
      .map((p) => (PROJECT_PAGES.has(p) ? `/${p}?id=${projectId}` : `/${p}`)),
    ...Object.keys(personCenterPages).map((p) => `/personCenter/${p}`),
    ...Object.keys(loginOtherPages).map((p) => `/loginOther/${p}`),
  ];
  for (const path of paths) found.push(...(await check(page, path)));
  expect(found, report(found)).toEqual([]);
});

test("every customer's page is clean of WCAG 2.1 A/AA violations", { tag: '@layout' }, async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const page = await signedIn(browser, async (p) => {
    await login(p, '13900000002', 'demo1234');
    await expect(p).not.toHaveURL(/\/login/);
  });
  const res = await page.request.post('/api/Customer/projectList', { data: { page: 1, pageSize: 1 } });
  const projectId = String((await res.json()).data.listItem[0].id);
  const found: Found[] = [];
  for (const path of CUSTOMER_PAGES)
    found.push(...(await check(page, path.replace('{customerProject}', projectId))));
  expect(found, report(found)).toEqual([]);
});

test('every console page is clean of WCAG 2.1 A/AA violations', { tag: '@layout' }, async ({ browser }) => {
  test.setTimeout(240_000);
  const page = await signedIn(browser, async (p) => {
    await p.goto('/admin/login');
    await p.getByLabel('用户名').fill('admin');
    await p.getByLabel('密码').fill('admin1234');
    await p.getByRole('button', { name: /登\s*录/ }).click();
    await expect(p).not.toHaveURL(/\/admin\/login/);
  });
  const found: Found[] = [];
  for (const path of ADMIN_PAGES) found.push(...(await check(page, path)));
  expect(found, report(found)).toEqual([]);
});
