import { expect, type Page } from '@playwright/test';

/**
 * The customer (logged in on `page`) asks the winner for a 普通发票 over `yuan` of what it paid,
 * in the project page's 发票 panel (docs/invoices.md); the request shows as 待开票.
 */
export async function requestInvoice(page: Page, projectId: number, yuan: string) {
  await page.goto(`/customer/project?id=${projectId}`);
  const panel = page.locator('#invoice');
  await expect(panel.getByText('申请发票', { exact: true })).toBeVisible();
  await panel.getByLabel(/开票金额/).fill(yuan);
  await panel.getByRole('button', { name: '提交申请' }).click();
  await expect(panel.getByText('待开票')).toBeVisible();
}

/**
 * The winner (logged in on `page`) uploads the invoice `file` for the waiting request on its order
 * detail; the request shows as 已开票.
 */
export async function issueInvoice(page: Page, projectId: number, file: string, number: string) {
  await page.goto(`/orderDetail?id=${projectId}`);
  const panel = page.locator('#invoice');
  await panel.getByRole('button', { name: '上传发票' }).click();
  const dialog = page.getByRole('dialog', { name: '上传发票' });
  await dialog.locator('.zl-up-box input[type=file]').first().setInputFiles(file);
  await expect(dialog.locator('.zl-up-filled')).toHaveCount(1, { timeout: 20_000 });
  await dialog.getByLabel(/发票号码/).fill(number);
  await dialog.getByRole('button', { name: '确认上传' }).click();
  await expect(dialog).toBeHidden();
  await expect(panel.getByText('已开票')).toBeVisible();
}
