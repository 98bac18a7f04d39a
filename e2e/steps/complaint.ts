import { expect, type Page } from '@playwright/test';

/**
 * Complaint steps (docs/delivery-complaint.md) other journeys can chain. Each starts from a page
 * whose context is already signed in as the right party.
 */

/** The signed-in customer files a 工期延误 complaint from its project page; answers when 投诉处理中 shows. */
export async function fileComplaint(
  page: Page,
  projectId: number,
  content = '进场后第三天主体结构仍未完成，严重影响开展，请平台介入处理。',
) {
  await page.goto(`/customer/project?id=${projectId}`);
  await page.getByTestId('complain-open').click();
  const dialog = page.getByRole('dialog', { name: '发起投诉' });
  // the option list animates open: pick again until the select shows the choice
  await expect(async () => {
    await dialog.getByLabel('投诉类型').click();
    await page.getByTitle('工期延误').click({ timeout: 2_000 });
    await expect(dialog.locator('.ant-form-item', { hasText: '投诉类型' })).toContainText('工期延误', {
      timeout: 1_000,
    });
  }).toPass({ timeout: 15_000 });
  await dialog.getByLabel('投诉内容').fill(content);
  await dialog.getByRole('button', { name: '提交投诉' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('complaint-pending')).toBeVisible();
}

/** An operator signs in to the console (the demo reviewer unless told). */
export async function consoleLogin(page: Page, username = 'reviewer', password = 'review1234') {
  await page.goto('/admin/login');
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page).toHaveURL(/\/admin\/(?!login)/);
}

async function openComplaint(page: Page, complaintTitleOrId: string | number) {
  await page.goto('/admin/complaints');
  await page.getByText('全部', { exact: true }).click();
  const link =
    typeof complaintTitleOrId === 'number'
      ? page.getByTestId(`complaint-row-${complaintTitleOrId}`)
      : page
          .getByRole('row', { name: new RegExp(escapeRegExp(complaintTitleOrId)) })
          .getByRole('button', { name: /^处\s*理$/ });
  await link.first().click();
  const drawer = page.getByRole('dialog', { name: '投诉处理' });
  await expect(drawer.getByTestId('complaint-rule-form')).toBeVisible();
  return drawer;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * In the console (signed in as reviewer or super): rules a split on the complaint of this project
 * title (or complaint id), `refundYuan` of the escrow back to the customer, the rest to the supplier.
 */
export async function ruleSplit(page: Page, complaintTitleOrId: string | number, refundYuan: string) {
  const drawer = await openComplaint(page, complaintTitleOrId);
  await drawer.getByText('关闭项目并分配托管款').click();
  await drawer.getByLabel(/退还参展商/).fill(refundYuan);
  await expect(drawer.getByTestId('split-preview')).toContainText('供应商实收');
  await drawer.getByLabel(/裁决理由/).fill('工期延误属实，按双方陈述与证据退还预付款，项目关闭。');
  await drawer.getByRole('button', { name: '提交裁决' }).click();
  await expect(drawer).toBeHidden();
}

/** In the console: dismisses the complaint (the project goes on). */
export async function ruleDismiss(page: Page, complaintTitleOrId: string | number) {
  const drawer = await openComplaint(page, complaintTitleOrId);
  await drawer.getByText('驳回投诉（项目继续）').click();
  await drawer.getByLabel(/裁决理由/).fill('证据不足以证明延误，驳回投诉，请双方按合同履约。');
  await drawer.getByRole('button', { name: '提交裁决' }).click();
  await expect(drawer).toBeHidden();
}
