import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';

/**
 * The contract steps of the delivery journey (docs/delivery-contract.md), as functions the lead can
 * chain: the winner downloads, "signs" and uploads the contract; the customer approves it.
 */

/** Id of one of the caller's won projects by title (Projectcenter/factoryPrjctList). */
export async function wonProjectId(page: Page, title: string): Promise<number> {
  const res = await page.request.post('/api/Projectcenter/factoryPrjctList', {
    data: { state: 'won', page: 1, pageSize: 50 },
  });
  const items = (await res.json()).data.listItem as Array<{ id: number; title: string }>;
  const hit = items.find((p) => p.title === title);
  if (!hit) throw new Error(`no won project titled ${title}`);
  return hit.id;
}

/** The logged-in winner: /signContract → 下载合同 (a real PDF) → /uploadContract → submit. Answers the PDF. */
export async function signAndUploadContract(page: Page, projectId: number): Promise<Buffer> {
  await page.goto(`/signContract?id=${projectId}`);
  await expect(page.getByRole('heading', { name: '签订合同' })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: /下载合同/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^展台搭建合同-.+\.pdf$/);
  const pdf = await readFile((await download.path())!);
  expect(pdf.subarray(0, 4).toString()).toBe('%PDF');

  await page.getByRole('button', { name: /去上传合同/ }).click();
  await expect(page).toHaveURL(new RegExp(`/uploadContract\\?id=${projectId}$`));
  await expect(page.getByRole('heading', { name: '上传合同' })).toBeVisible();
  // the "signed" contract: the downloaded PDF, as a scan would be
  await page
    .locator('input[type=file]')
    .first()
    .setInputFiles({ name: '已签合同.pdf', mimeType: 'application/pdf', buffer: pdf });
  const submit = page.getByRole('button', { name: /提交合同（1 个文件）/ });
  await expect(submit).toBeVisible();
  await submit.click();
  await expect(page).toHaveURL(new RegExp(`/orderDetail\\?id=${projectId}$`));
  await expect(page.getByTestId('progress-card').getByText('等待参展商审核合同')).toBeVisible();
  return pdf;
}

/** The logged-in customer approves the uploaded contract on its project page. */
export async function approveContract(page: Page, projectId: number): Promise<void> {
  await page.goto(`/customer/project?id=${projectId}`);
  const section = page.getByTestId('contract-review');
  await expect(section.getByText('供应商已上传签订的合同，请核对后审核')).toBeVisible();
  await expect(section.getByRole('link', { name: /合同文件 1/ })).toBeVisible();
  await section.getByRole('button', { name: /^通\s*过$/ }).click();
  await expect(section.getByText(/合同已审核通过/)).toBeVisible();
}
