import { expect, test } from '@playwright/test';
import { freshMobile, login, smsCode } from './fixtures.ts';
import { openCustomerProject } from './steps/stages.ts';

const PASSWORD = 'Booth2026ok';
const SHOTS = process.env.SHOTS_DIR;

test('a supplier buys 50 金币 through the sandbox 收银台 and sees the new balance and the bill', async ({
  page,
  request,
}) => {
  const mobile = freshMobile();
  await request.post('/api/User/getCode', { data: { mobile, type: 'regist' } });
  const code = await smsCode(request, mobile);
  expect(
    (await (await request.post('/api/User/regist', { data: { mobile, code, password: PASSWORD } })).json())
      .success,
  ).toBe(true);

  await page.setViewportSize({ width: 1366, height: 900 });
  await login(page, mobile, PASSWORD);
  await expect(page).toHaveURL(/\/personCenter|\/mainPage|\/orderCenter/);
  await page.goto('/personCenter/charging');
  await expect(page.getByRole('heading', { name: '购买金币' })).toBeVisible();
  await expect(page.getByText('支付宝沙箱环境')).toBeVisible();
  await page.getByRole('button', { name: /50 金币/ }).click();
  await expect(page.locator('.zl-pay-amount')).toHaveText('¥50.00');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/charging-desktop.png`, fullPage: true });
  await page.getByRole('button', { name: /支付宝支付/ }).click();

  // the sandbox 收银台 (server-rendered, no scripts)
  await expect(page).toHaveURL(/\/sandbox\/alipay\/gateway\.do\?/);
  await expect(page.getByText('沙箱', { exact: true })).toBeVisible();
  await expect(page.getByText('¥50.00')).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/cashier-desktop.png`, fullPage: true });
  await page.getByRole('button', { name: '确认支付' }).click();

  // back on the charging page: 支付成功 and the new balance
  await expect(page).toHaveURL(/\/personCenter\/charging\?outTradeNo=Z\d+/);
  await expect(page.getByText('支付成功', { exact: true })).toBeVisible();
  await expect(page.locator('.zl-pay-balance-line')).toContainText('已到账 50 金币');
  await expect(page.locator('.zl-pay-balance-line')).toContainText('当前余额 50 金币');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/charging-paid-desktop.png`, fullPage: true });
  await page.getByRole('button', { name: '完成' }).click();
  await expect(page.locator('.zl-pay-balance b')).toHaveText('50');
  // the bill: one 金币充值 of +50 金币, balance 50
  await page.goto('/personCenter/businessList');
  const row = page.getByRole('row', { name: /金币充值/ });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('+50 金币');
  await expect(row).toContainText('充值 50 金币');
  await page.goto('/personCenter/charging');
  if (SHOTS) {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/charging-phone.png`, fullPage: true });
  }
});

test('the demo customer pays the due prepayment in the sandbox (phone width)', async ({ page }) => {
  const mobile = '13900000002'; // the demo customer (password demo1234)
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, mobile, 'demo1234');
  await expect(page).not.toHaveURL(/\/login/);
  await openCustomerProject(page, '2026 深圳国际消费电子展特装展台（待付预付款）');
  await expect(page.getByText('合同已审核通过，请支付预付款 ¥12,800.00')).toBeVisible();
  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/prepay-phone.png`, fullPage: true });
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.screenshot({ path: `${SHOTS}/prepay-desktop.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
  }
  await page
    .locator('#prepay')
    .getByRole('button', { name: /支付预付款/ })
    .click();
  await expect(page).toHaveURL(/\/sandbox\/alipay\/gateway\.do\?/);
  await expect(page.getByText('¥12,800.00')).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/cashier-phone.png`, fullPage: true });
  await page.getByRole('button', { name: '确认支付' }).click();
  await expect(page).toHaveURL(/\/customer\/project\?id=\d+&outTradeNo=Z\d+/);
  await expect(page.getByText('支付成功', { exact: true })).toBeVisible();
  await expect(page.getByText('预付款已由平台托管，项目进入施工阶段')).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/prepay-paid-phone.png`, fullPage: true });
  await page.getByRole('button', { name: '完成' }).click();
  await expect(page.getByText('施工中').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /支付预付款/ })).toHaveCount(0);
});
