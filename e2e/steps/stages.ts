import { expect, type Page } from '@playwright/test';

/**
 * The customer (logged in on `page`) pays one later stage of the payment plan (进场款, 尾款 …) from
 * the project page's 付款计划 section through the sandbox 收银台 (docs/staged-escrow.md "Paying")
 * and comes back to the project with the stage held in escrow.
 */
export async function payStage(page: Page, projectId: number, label: string, amountText: string) {
  await page.goto(`/customer/project?id=${projectId}`);
  const section = page.locator('#stages');
  await section
    .getByRole('button', { name: `支付${label} ¥${amountText}` })
    .first()
    .click();
  await expect(page).toHaveURL(/\/sandbox\/alipay\/gateway\.do\?/);
  await expect(page.getByText(amountText).first()).toBeVisible();
  await page.getByRole('button', { name: '确认支付' }).click();
  await expect(page).toHaveURL(/\/customer\/project\?id=\d+&outTradeNo=Z\d+/);
  await expect(page.getByText('支付成功', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: '完成' }).click();
  await expect(page.locator('#stages')).toBeVisible();
}

/** The customer confirms the crew is on site (确认进场): the 预付款 and 进场款 held go to the supplier. */
export async function confirmBuildIn(page: Page, projectId: number, releasedText: string) {
  await page.goto(`/customer/project?id=${projectId}`);
  const section = page.locator('#stages');
  await section.getByRole('button', { name: '确认进场' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: '确认供应商已进场？' });
  await dialog.getByRole('button', { name: '确认进场' }).click();
  await expect(page.getByText(`已确认进场，¥${releasedText} 已结算给供应商`).first()).toBeVisible();
}

/**
 * Opens one of the signed-in customer's projects by its title, wherever it stands in the list
 * (the demo customer has more projects than a page holds): the id from Customer/projectList.
 */
export async function openCustomerProject(page: Page, title: string) {
  const r = await page.request.post('/api/Customer/projectList', { data: { page: 1, pageSize: 50 } });
  const body = (await r.json()) as { data: { listItem: Array<{ id: number; title: string }> } };
  const p = body.data.listItem.find((x) => x.title === title);
  expect(p, title).toBeDefined();
  await page.goto(`/customer/project?id=${p!.id}`);
}
