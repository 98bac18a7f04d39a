// Accessibility (docs/web.md § Accessibility): every page of the route table — public, the
// supplier's, the customer's and the console's — opened with the demo data and checked by axe-core
// against the WCAG 2.1 A and AA rules. Any violation fails, listed by rule with the elements it
// found. The route table is read, not copied (`app/route-table.ts`, which a unit test holds equal
// to the customer's and the console's route files): a page added there is checked without editing
// this file. Read-only visits, so it runs anywhere in the journeys' order; the same answer on either
// database (tagged @layout).
import { type Browser, expect, type Page, test } from '@playwright/test';
import {
  adminPages,
  customerPages,
  loginOtherPages,
  mainPages,
  personCenterPages,
  projectPages,
  sharedMainPages,
} from '../apps/web/src/app/route-table.ts';
import { login } from './fixtures.ts';
import { axeFindings, type Found, report } from './steps/axe.ts';

/** A complaint of the signed-in member (the demo's, between the demo customer and supplier). */
async function complaintId(page: Page): Promise<number> {
  const res = await page.request.post('/api/Complain/complainList', { data: { page: 1, pageSize: 1 } });
  return (await res.json()).data.listItem[0].id as number;
}

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
    ...[...sharedMainPages].map((p) => (p === 'show' ? '/show?id=10000001' : `/${p}`)),
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
  const complaint = await complaintId(page);
  const found: Found[] = [];
  const paths = [
    ...Object.keys(mainPages)
      .filter((p) => !sharedMainPages.has(p))
      .map((p) => (projectPages.has(p) ? `/${p}?id=${projectId}` : `/${p}`)),
    ...Object.keys(personCenterPages).map((p) =>
      p === 'complaint' ? `/personCenter/complaint?id=${complaint}` : `/personCenter/${p}`,
    ),
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
  const projectId = (await res.json()).data.listItem[0].id as number;
  const ids: Record<string, number> = { project: projectId, complaint: await complaintId(page) };
  const found: Found[] = [];
  for (const p of Object.keys(customerPages))
    found.push(...(await check(page, `/customer/${p}${p in ids ? `?id=${ids[p]}` : ''}`)));
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
  // its login page is among the public ones
  for (const p of Object.keys(adminPages).filter((k) => k !== 'login'))
    found.push(...(await check(page, `/admin/${p}`)));
  expect(found, report(found)).toEqual([]);
});
