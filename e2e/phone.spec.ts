// The pages on a phone (390×844): nothing is hidden past the screen's edge without a sign of it,
// the person centre's current page stays in view, nothing widens the page (docs/web.md § Phone layout).
import { expect, type Page, test } from '@playwright/test';
import { login } from './fixtures.ts';

test.use({ viewport: { width: 390, height: 844 } });
// each test signs in and opens heavy pages: room for a loaded machine
test.describe.configure({ timeout: 180_000 });

/** E2E_SHOTS=<dir> saves a screenshot of the page as it is. */
async function shot(page: Page, name: string) {
  const dir = process.env.E2E_SHOTS;
  if (dir) await page.screenshot({ path: `${dir}/phone-${name}.png`, fullPage: true });
}

/** No horizontal overflow: the page is never wider than the screen. */
async function noSidewaysScroll(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
}

/** Whether the element lies wholly inside the screen's width. */
async function inScreenWidth(page: Page, selector: ReturnType<Page['locator']>) {
  const box = await selector.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

/** The demo customer's projects: the one in 签约中 the demo supplier won. */
async function demoWonProjectId(page: Page): Promise<number> {
  const res = await page.request.post('/api/Customer/projectList', { data: { page: 1, pageSize: 50 } });
  const items: Array<{ id: number; status: number; peoples: number }> = (await res.json()).data.listItem;
  const p = items.find((x) => x.status === 2 && x.peoples > 0);
  expect(p, 'a demo project in 签约中 with a quote').toBeTruthy();
  return p!.id;
}

test('the admin login is no wider than the phone', { tag: '@layout' }, async ({ page }) => {
  await page.goto('/admin/login');
  await expect(page.getByRole('heading', { name: '运营后台' })).toBeVisible({ timeout: 60_000 });
  await noSidewaysScroll(page);
  await shot(page, 'admin-login');
});

test('the person centre shows the current page among its tabs, scrolled into view', {
  tag: '@layout',
}, async ({ page }) => {
  await login(page, '13800000001', 'demo1234');
  await expect(page).toHaveURL(/\/mainPage$/);
  for (const [path, label] of [
    ['businessList', '收支明细'],
    ['serviceList', '我的服务'],
    ['defaultPage', '账户概览'],
  ] as const) {
    await page.goto(`/personCenter/${path}`);
    const nav = page.getByRole('navigation', { name: '个人中心菜单' });
    const current = nav.locator('[aria-current="page"]');
    await expect(current).toHaveText(label, { timeout: 60_000 });
    await expect(current).toBeVisible();
    await inScreenWidth(page, current);
    // no folded 「···」 menu hides it
    await expect(nav.getByText('···')).toHaveCount(0);
    await noSidewaysScroll(page);
  }
  await shot(page, 'person-center');
});

test('the supplier reads a need list as cards, and 收藏 stays on one line', { tag: '@layout' }, async ({
  page,
}) => {
  await login(page, '13900000002', 'demo1234');
  await expect(page).toHaveURL(/\/customer/);
  const id = await demoWonProjectId(page);
  // the supplier opens the won project's detail
  await page.context().clearCookies();
  await login(page, '13800000001', 'demo1234');
  await expect(page).toHaveURL(/\/mainPage$/);
  await page.goto(`/orderDetail?id=${id}`);
  const needs = page.getByRole('list', { name: '需求清单' });
  await expect(needs).toBeVisible({ timeout: 60_000 });
  // every item's quantity is on screen: no column past the edge
  const qty = needs.locator('.zl-req-card-qty').first();
  await expect(qty).toBeVisible();
  await inScreenWidth(page, qty);
  const fav = page.locator('.zl-od-favtext');
  await expect(fav).toHaveText(/收藏/);
  const box = (await fav.boundingBox())!;
  const lineHeight = await fav.evaluate((el) => Number.parseFloat(getComputedStyle(el).lineHeight) || 20);
  expect(box.height).toBeLessThan(lineHeight * 1.5);
  await noSidewaysScroll(page);
  await shot(page, 'order-detail');
});

test('the customer compares quotes: the quotes past the edge are announced', { tag: '@layout' }, async ({
  page,
}) => {
  await login(page, '13900000002', 'demo1234');
  await expect(page).toHaveURL(/\/customer/);
  const id = await demoWonProjectId(page);
  // three suppliers' quotes (the demo's one, copied under two other suppliers), so the table is
  // wider than a phone
  await page.route('**/api/Customer/quoteList', async (route) => {
    const res = await route.fetch();
    const body = await res.json();
    const q = body.data.listItem[0];
    body.data.listItem = [
      q,
      ...[1, 2].map((n) => ({
        ...q,
        quoteId: q.quoteId + 1000 * n,
        status: 0,
        total: q.total + n * 10_000,
        supplier: { ...q.supplier, company: `第${n + 1}家展览工程有限公司`, cardno: String(20_000_000 + n) },
      })),
    ];
    await route.fulfill({ response: res, json: body });
  });
  await page.goto(`/customer/project?id=${id}`);
  await expect(page.getByRole('table', { name: '报价对比' })).toBeVisible({ timeout: 60_000 });
  const hint = page.getByRole('note').filter({ hasText: '左右滑动查看全部 3 份报价' });
  await expect(hint).toBeVisible();
  await inScreenWidth(page, hint);
  // scrolled to the end, the hint says where the others are
  await page.locator('.zl-cmp-scroll').evaluate((el) => {
    el.scrollLeft = el.scrollWidth;
  });
  await expect(page.getByRole('note').filter({ hasText: '向右滑回' })).toBeVisible();
  // the need list is cards here too
  await page
    .getByRole('button', { name: /（\d+ 项）/ })
    .first()
    .click();
  await expect(page.getByRole('list', { name: '需求清单' }).first()).toBeVisible();
  await noSidewaysScroll(page);
  await shot(page, 'quote-compare');
});

test('the showroom banner is shown whole (its 3:1 shape), not cropped', { tag: '@layout' }, async ({
  page,
}) => {
  await page.goto('/show?id=10000001');
  const banner = page.locator('.zl-show-banner');
  await expect(banner).toBeVisible({ timeout: 60_000 });
  const box = (await banner.boundingBox())!;
  expect(box.width / box.height).toBeCloseTo(3, 1);
  await noSidewaysScroll(page);
  await shot(page, 'show');
});
