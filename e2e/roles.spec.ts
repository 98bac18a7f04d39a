// Issue 8 items 9–13 as a person meets them: pages by role, a won project that agrees with itself,
// the verification prompt and the quote page for verified and unverified suppliers, and 记住我
// keeping the page that was opened.
import { type Browser, expect, type Page, test } from '@playwright/test';
import { login } from './fixtures.ts';
import { member, ok, PASSWORD, submitVerification, verifiedMember } from './steps/award.ts';

const DAY = 86_400_000;

/** E2E_SHOTS=<dir> saves desktop and phone screenshots of the pages this journey passes. */
async function shot(page: Page, name: string) {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  const size = page.viewportSize();
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({ path: `${dir}/${name}-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${dir}/${name}-phone.png`, fullPage: true });
  if (size) await page.setViewportSize(size);
}

async function newContext(browser: Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

test('pages by role, a won project, the verification prompt and 记住我 deep links', async ({
  browser,
  playwright,
}) => {
  test.setTimeout(240_000);
  const baseURL = test.info().project.use.baseURL!;
  const ops = await playwright.request.newContext({ baseURL });
  await ok(await ops.post('/api/Admin/login', { data: { username: 'reviewer', password: 'review1234' } }));

  // A customer with an approved project open for bidding.
  const customerApi = await playwright.request.newContext({ baseURL });
  const customerMobile = await member(customerApi, 'customer');
  // the customer awards below: a verified identity first (docs/delivery-contract.md "Award")
  await verifiedMember(customerApi, ops, customerMobile);
  const now = Date.now();
  const ymd = (t: number) => new Date(t).toISOString().slice(0, 10);
  const project = await ok(
    await customerApi.post('/api/Customer/projectSave', {
      data: {
        groupid: 1,
        title: `2027 深圳礼品展 E2E${now % 100000} 特装展台`,
        length: 6,
        width: 4,
        height: 3,
        opens: 2,
        sdate: ymd(now + 40 * DAY),
        edate: ymd(now + 42 * DAY),
        biddl: new Date(now + 20 * DAY).toISOString(),
        prov: '广东省',
        city: '深圳市',
        strt: '福田区',
        addr: '深圳会展中心 5 号馆',
        dimian: [{ name: '木地台', spec: '10cm', unit: '㎡', qty: 24, remark: '' }],
      },
    }),
  );
  await ok(await ops.post('/api/Admin/projectReview', { data: { id: project.id, approve: true, coins: 5 } }));

  // Two suppliers: one verified (approved), one whose verification waits for review.
  const verifiedApi = await playwright.request.newContext({ baseURL });
  const verifiedMobile = await member(verifiedApi, 'workshop');
  const reviewId = await submitVerification(verifiedApi, ops, verifiedMobile);
  await ok(
    await ops.post('/api/Admin/authReview', { data: { kind: 'person', id: reviewId, approve: true } }),
  );
  const newcomerApi = await playwright.request.newContext({ baseURL });
  const newcomerMobile = await member(newcomerApi, 'workshop');

  await test.step('item 9: a customer opening supplier pages lands in the customer portal', async () => {
    const { context, page } = await newContext(browser);
    await login(page, customerMobile, PASSWORD);
    await expect(page).toHaveURL(/\/customer\/projects$/);
    for (const path of [
      '/personCenter/charging',
      '/personCenter/showRoomSetting',
      `/orderPrice?id=${project.id}`,
    ]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/customer\/projects$/);
      await expect(page.getByText('参展商', { exact: true }).first()).toBeVisible();
    }
    await expect(page.getByText(/金币/)).toHaveCount(0);
    // a page both roles have opens the customer's own copy (docs/web.md)
    await page.goto('/message');
    await expect(page).toHaveURL(/\/customer\/message$/);
    await page.goto('/customer/projects');
    // 消息 stays in the customer portal
    await page.getByRole('menuitem', { name: /消息/ }).click();
    await expect(page).toHaveURL(/\/customer\/message$/);
    await expect(page.getByText('消息中心').first()).toBeVisible();
    await expect(page.getByRole('button', { name: '全部已读' })).toBeVisible();
    await shot(page, 'customer-message');
    // the account pages are the portal's own
    await page.goto('/customer/basicSetting');
    await expect(page.getByRole('heading', { name: '基本资料' })).toBeVisible();
    await expect(page.getByText('展厅设置')).toHaveCount(0);
    await shot(page, 'customer-basic-setting');
    await context.close();
  });

  await test.step('items 11, 12: an unverified supplier is told first, on /mainPage and /orderPrice', async () => {
    const { context, page } = await newContext(browser);
    await login(page, newcomerMobile, PASSWORD);
    await expect(page).toHaveURL(/\/mainPage$/);
    await expect(page.getByText('完成实名认证或企业认证后，即可在项目大厅报价。')).toBeVisible();
    await shot(page, 'main-unverified');
    await page.goto(`/orderPrice?id=${project.id}`);
    await expect(page.getByText('完成实名认证或企业认证后才能报价')).toBeVisible();
    await expect(page.getByRole('link', { name: '去认证' })).toHaveAttribute(
      'href',
      '/personCenter/security_person',
    );
    await expect(page.getByRole('button', { name: '提交报价' })).toHaveCount(0);
    await expect(page.getByLabel('木地台 单价')).toHaveCount(0);
    await shot(page, 'order-price-unverified');
    await context.close();
  });

  await test.step('item 11: a verified supplier is not asked to verify', async () => {
    const { context, page } = await newContext(browser);
    // Listen before logging in: the home page may ask for userInfo before any later listener starts.
    const userInfo = page.waitForResponse((r) => r.url().endsWith('/api/Member/userInfo'), {
      timeout: 30_000,
    });
    await login(page, verifiedMobile, PASSWORD);
    await expect(page).toHaveURL(/\/mainPage$/);
    await expect(page.getByText(/会员号/).first()).toBeVisible();
    await userInfo;
    await expect(page.getByText(/即可在项目大厅报价/)).toHaveCount(0);
    await expect(page.getByRole('link', { name: '去认证' })).toHaveCount(0);
    await shot(page, 'main-verified');
    await context.close();
  });

  // The verified supplier quotes; the customer awards him before the deadline.
  await ok(
    await verifiedApi.post('/api/Projectcenter/priceTable', {
      data: {
        id: project.id,
        lines: { dimian: [{ name: '木地台', spec: '10cm', unit: '㎡', qty: 24, remark: '', price: 15_000 }] },
        days: 4,
        remark: '',
        attachments: [],
      },
    }),
  );
  const quotes = await ok(await customerApi.post('/api/Customer/quoteList', { data: { id: project.id } }));
  await ok(
    await customerApi.post('/api/Customer/award', {
      data: { id: project.id, quoteId: quotes.listItem[0].quoteId },
    }),
  );

  await test.step('items 10, 13: a remembered winner opens a deep link; the detail and quote page agree', async () => {
    const first = await browser.newContext();
    const page1 = await first.newPage();
    await login(page1, verifiedMobile, PASSWORD, true);
    await expect(page1).toHaveURL(/\/mainPage$/);
    const state = await first.storageState();
    await first.close();
    // the browser was closed: the session cookie is gone, the remember cookie and storage remain
    state.cookies = state.cookies.filter((c) => c.name !== 'zl_sid');
    const context = await browser.newContext({ storageState: state });
    const page = await context.newPage();
    const relogin = page.waitForResponse((r) => r.url().endsWith('/api/User/login'));
    await page.goto(`/orderDetail?id=${project.id}`);
    expect((await (await relogin).json()).success).toBe(true);
    await expect(page).toHaveURL(new RegExp(`/orderDetail\\?id=${project.id}$`));

    await expect(page.getByText('恭喜您中标')).toBeVisible();
    await expect(page.getByRole('button', { name: '已中标' })).toBeDisabled();
    await expect(page.getByText(/请等待客户选标/)).toHaveCount(0);
    await expect(page.getByText('修改报价 →')).toHaveCount(0);
    await shot(page, 'order-detail-won');

    await page.goto(`/orderPrice?id=${project.id}`);
    await expect(page.getByText('您的报价已中标，报价不能再修改')).toBeVisible();
    await expect(page.getByRole('button', { name: '保存修改' })).toHaveCount(0);
    await expect(page.getByLabel('木地台 单价')).toHaveCount(0);
    await shot(page, 'order-price-won');
    await context.close();
  });

  await test.step('item 9: a supplier opening the customer portal goes to /mainPage', async () => {
    const { context, page } = await newContext(browser);
    await login(page, verifiedMobile, PASSWORD);
    await expect(page).toHaveURL(/\/mainPage$/);
    await page.goto('/customer/publish');
    await expect(page).toHaveURL(/\/mainPage$/);
    await context.close();
  });

  for (const api of [ops, customerApi, verifiedApi, newcomerApi]) await api.dispose();
});
