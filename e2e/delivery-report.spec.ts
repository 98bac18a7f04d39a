// Issue 11, the completion report as an acceptance checklist (docs/delivery-report.md), on the demo
// project awaiting acceptance (apps/server/src/demo/demo-report.ts): the customer flags one line,
// the supplier re-submits only that line, the customer accepts, and the supplier's 账户概览 and
// 收支明细 show the escrow released less the commission.
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { login } from './fixtures.ts';
import { reviewReport, uploadReport } from './steps/report.ts';

const SUPPLIER = { mobile: '13800000001', password: 'demo1234' };
const CUSTOMER = { mobile: '13900000002', password: 'demo1234' };
const TITLE = '2026 广州国际照明展特装展台（完工待验收）';
// ¥6,000.00 in escrow, 5% commission (PLATFORM_COMMISSION_BP 500): ¥5,700.00 to the supplier
const PAYOUT_FEN = 570_000;

/** E2E_SHOTS=<dir> saves desktop and phone screenshots (as bills.spec.ts does). */
async function shot(page: Page, name: string) {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  const size = page.viewportSize();
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${dir}/${name}-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${dir}/${name}-phone.png`, fullPage: true });
  if (size) await page.setViewportSize(size);
}

const yuan = (text: string) => Math.round(Number(text.replace(/[¥,]/g, '')) * 100);

async function projectId(page: Page): Promise<number> {
  const res = await page.request.post('/api/Customer/projectList', { data: { page: 1, pageSize: 50 } });
  const items = (await res.json()).data.listItem as Array<{ id: number; title: string }>;
  const p = items.find((x) => x.title === TITLE);
  expect(p).toBeTruthy();
  return p!.id;
}

test('customer flags a line → supplier re-submits it → customer accepts → the release shows', async ({
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const photo = testInfo.outputPath('rework.jpg');
  await sharp({ create: { width: 640, height: 480, channels: 3, background: '#5b8ff9' } })
    .jpeg()
    .toFile(photo);

  const customerCtx = await browser.newContext();
  const customer = await customerCtx.newPage();
  await login(customer, CUSTOMER.mobile, CUSTOMER.password);
  await expect(customer).toHaveURL(/\/customer\/projects$/);
  const id = await projectId(customer);

  const supplierCtx = await browser.newContext();
  const supplier = await supplierCtx.newPage();
  await login(supplier, SUPPLIER.mobile, SUPPLIER.password);
  await expect(supplier).toHaveURL(/\/mainPage$/);
  await supplier.goto('/personCenter/defaultPage');
  await expect(supplier.getByTestId('cash-available')).toHaveText(/^¥[\d,]+\.\d\d$/);
  const cashBefore = yuan((await supplier.getByTestId('cash-available').textContent()) ?? '');

  // 1. The customer sees the checklist with photos and flags 品牌背景墙.
  await customer.goto(`/customer/project?id=${id}`);
  const section = customer.locator('#acceptance');
  await expect(section.locator('.zl-rp-line')).toHaveCount(3);
  await expect(section.locator('.zl-rp-line').first().locator('img').first()).toBeVisible();
  // approving with a line undecided is refused in the page
  await section.getByRole('button', { name: '全部通过并验收' }).click();
  await expect(section.getByText('请选择通过或有问题').first()).toBeVisible();
  await section.locator('.zl-rp-decide').nth(1).getByText('有问题', { exact: true }).click();
  await section.getByPlaceholder('请写明问题和整改要求').fill('背景墙喷绘颜色偏暗，请重新喷绘');
  await shot(customer, 'e-acceptance');
  await reviewReport(customer, id, {
    flag: { line: '品牌背景墙', reason: '背景墙喷绘颜色偏暗，请重新喷绘' },
  });

  // 2. The supplier sees the reason and re-submits only that line.
  await supplier.goto(`/orderDetail?id=${id}`);
  await expect(supplier.getByText('整改意见：背景墙喷绘颜色偏暗，请重新喷绘')).toBeVisible();
  await supplier.getByRole('button', { name: '重新提交整改项' }).click();
  await expect(supplier).toHaveURL(new RegExp(`/uploadReport\\?id=${id}$`));
  await expect(supplier.locator('.zl-rp-line:not(.zl-rp-readonly)')).toHaveCount(1);
  await expect(supplier.locator('.zl-rp-readonly')).toHaveCount(2);
  await expect(supplier.locator('.zl-rp-readonly').first().getByText('已验收')).toBeVisible();
  await shot(supplier, 'e-upload-report');
  await uploadReport(supplier, id, [path.resolve(photo)]);

  // 3. The customer decides the re-submitted line and accepts.
  await reviewReport(customer, id);
  await expect(customer.locator('#acceptance').getByText(/供应商实收 ¥5,700\.00/)).toBeVisible();
  await shot(customer, 'e-acceptance-done');

  // 4. The supplier: 已验收 on the project, the payout in 账户概览 and 收支明细.
  await supplier.goto(`/orderDetail?id=${id}`);
  await expect(supplier.locator('#report .zl-rp-accepted')).toContainText('已验收');
  await shot(supplier, 'e-order-detail-accepted');
  await supplier.goto('/personCenter/defaultPage');
  await expect
    .poll(async () => yuan((await supplier.getByTestId('cash-available').textContent()) ?? ''))
    .toBe(cashBefore + PAYOUT_FEN);
  await supplier.goto('/personCenter/businessList');
  await expect(supplier.locator('.ant-table-tbody tr', { hasText: '验收放款' }).first()).toBeVisible();
  await expect(supplier.locator('.ant-table-tbody tr', { hasText: '验收放款' }).first()).toContainText(
    '5,700.00',
  );
  await customerCtx.close();
  await supplierCtx.close();
});
