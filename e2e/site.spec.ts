// On site (docs/site.md) at phone width: the demo supplier checks in on the project whose build-in
// has begun (a file chooser stands in for the camera), posts a site log and marks 展台就绪; the
// demo customer sees them on the timeline and confirms the check-in; the calendar shows the
// project in this week.
import { type Browser, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { login } from './fixtures.ts';
import { wonProjectId } from './steps/contract.ts';

const PROJECT = '2026 南京国际智能制造展展台（待进场打卡）';
const PHONE = { width: 390, height: 844 };

async function signedIn(browser: Browser, mobile: string): Promise<Page> {
  const page = await (
    await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true })
  ).newPage();
  await login(page, mobile, 'demo1234');
  await expect(page).not.toHaveURL(/\/login/);
  return page;
}

const shot = (hue: string) =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: hue } })
    .jpeg()
    .toBuffer();

async function takePhoto(panel: ReturnType<Page['locator']>, name: string, hue: string) {
  await panel
    .getByLabel('拍摄现场照片')
    .setInputFiles({ name, mimeType: 'image/jpeg', buffer: await shot(hue) });
  // uploaded: its thumbnail is listed
  await expect(panel.getByRole('list', { name: '现场照片' }).getByRole('listitem').first()).toBeVisible();
}

test('the supplier checks in, logs and marks ready from a phone; the customer sees it and confirms', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const supplier = await signedIn(browser, '13800000001');
  const id = await wonProjectId(supplier, PROJECT);

  await supplier.goto(`/orderDetail?id=${id}#site`);
  const panel = supplier.getByRole('region', { name: '现场' });
  await expect(panel).toBeVisible({ timeout: 30_000 });
  // 1. check in with a photo
  await panel.getByRole('button', { name: /进场打卡$/ }).click();
  await takePhoto(panel, '进场.jpg', '#1f6feb');
  await panel.getByRole('button', { name: /提交打卡/ }).click();
  await expect(supplier.getByTestId('site-status')).toHaveText('已进场（待参展商确认）');
  // 2. a site log
  await panel.getByRole('button', { name: /写施工日志/ }).click();
  await takePhoto(panel, '日志.jpg', '#22a06b');
  await panel.getByLabel('今日进度').fill('地台与背板完成，明早装灯');
  await panel.getByRole('button', { name: /发布日志/ }).click();
  await expect(panel.getByText('地台与背板完成，明早装灯')).toBeVisible();
  // 3. ready
  await panel
    .getByRole('button', { name: /展台就绪/ })
    .first()
    .click();
  await takePhoto(panel, '就绪.jpg', '#f5a623');
  await panel.getByRole('button', { name: /确认展台就绪/ }).click();
  await expect(supplier.getByTestId('site-status')).toContainText('展台已就绪');
  // no sideways scroll on the phone
  expect(
    await supplier.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);

  // the customer sees the three steps and confirms the check-in
  const customer = await signedIn(browser, '13900000002');
  await customer.goto(`/customer/project?id=${id}#site`);
  const cpanel = customer.getByRole('region', { name: '现场' });
  await expect(cpanel).toBeVisible({ timeout: 30_000 });
  await expect(cpanel.getByText('地台与背板完成，明早装灯')).toBeVisible();
  await expect(cpanel.locator('.zl-site-ev')).toHaveCount(3);
  await cpanel.getByRole('button', { name: /确认进场/ }).click();
  await expect(customer.getByTestId('site-status')).toContainText('展台已就绪');
  await expect(cpanel.getByRole('button', { name: /确认进场/ })).toHaveCount(0);

  // the calendar: the project's build-in is in this week
  await customer.goto('/customer/calendar');
  await expect(customer.getByText(PROJECT).first()).toBeVisible({ timeout: 30_000 });
  for (const p of [supplier, customer]) await p.context().close();
});
