import { expect, type Page } from '@playwright/test';

/**
 * The customer (logged in on `page`) pays the project's due prepayment through the sandbox
 * 收银台 (docs/payments.md "The sandbox") and comes back to the project in 施工中.
 */
export async function payPrepayment(page: Page, projectId: number, amountText: string) {
  await page.goto(`/customer/project?id=${projectId}`);
  await page
    .locator('#prepay')
    .getByRole('button', { name: /支付预付款/ })
    .click();
  await expect(page).toHaveURL(/\/sandbox\/alipay\/gateway\.do\?/);
  await expect(page.getByText(amountText)).toBeVisible();
  await page.getByRole('button', { name: '确认支付' }).click();
  await expect(page).toHaveURL(/\/customer\/project\?id=\d+&outTradeNo=Z\d+/);
  await expect(page.getByText('支付成功', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: '完成' }).click();
  await expect(page.getByText('施工中').first()).toBeVisible();
}
