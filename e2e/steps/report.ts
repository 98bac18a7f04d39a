// The completion report's browser steps (docs/delivery-report.md), exported so journeys chain them:
// the winner hands in the report on /uploadReport, the customer decides it on the project page.
import { expect, type Locator, type Page } from '@playwright/test';

/** Uploads `file` into the first empty upload box inside `scope` and waits until it shows. */
async function uploadInto(scope: Locator, file: string): Promise<void> {
  const filled = scope.locator('.zl-up-filled');
  const before = await filled.count();
  await scope.locator('.zl-up-box input[type=file]').first().setInputFiles(file);
  await expect(filled).toHaveCount(before + 1, { timeout: 20_000 });
}

/**
 * As the logged-in winner: opens /uploadReport?id=, adds an overall photo when there is none,
 * gives every editable checklist line (all on the first report, only the flagged ones after a
 * rework) a photo and a note, submits, and waits for the project page.
 */
export async function uploadReport(page: Page, projectId: number, photoPaths: string[]): Promise<void> {
  await page.goto(`/uploadReport?id=${projectId}`);
  const form = page.locator('.zl-rp-form');
  await expect(form).toBeVisible();
  const workpic = form.locator('#workpic');
  if ((await workpic.locator('.zl-up-filled').count()) === 0) await uploadInto(workpic, photoPaths[0]!);
  const lines = form.locator('.zl-rp-line:not(.zl-rp-readonly)');
  const n = await lines.count();
  expect(n).toBeGreaterThan(0);
  for (let i = 0; i < n; i++) {
    const card = lines.nth(i);
    if ((await card.locator('.zl-up-filled').count()) === 0) {
      await uploadInto(card, photoPaths[i % photoPaths.length]!);
    }
    await card.getByPlaceholder(/说明（可选）/).fill(`第 ${i + 1} 项已按要求完成`);
  }
  await page.getByRole('button', { name: /提交完工报告|提交整改/ }).click();
  await expect(page).toHaveURL(new RegExp(`/orderDetail\\?id=${projectId}$`));
  await expect(page.getByText('完工报告已提交，等待参展商验收').first()).toBeVisible();
}

/**
 * As the logged-in customer on /customer/project?id=: every line awaiting a decision gets 通过,
 * except the one named `flag.line` (its 名称), which gets 有问题 with `flag.reason`; then
 * 提交整改意见 (with a flag) or 全部通过并验收 and its confirmation (without).
 */
export async function reviewReport(
  page: Page,
  projectId: number,
  opts: { flag?: { line: string; reason: string } } = {},
): Promise<void> {
  await page.goto(`/customer/project?id=${projectId}`);
  const section = page.locator('#acceptance');
  await expect(section.getByRole('heading', { name: '验收' })).toBeVisible();
  const open = section.locator('.zl-rp-line').filter({ has: page.locator('.zl-rp-decide') });
  const n = await open.count();
  expect(n).toBeGreaterThan(0);
  for (let i = 0; i < n; i++) {
    const card = open.nth(i);
    const flagged = opts.flag && (await card.locator('.zl-rp-line-head b').textContent()) === opts.flag.line;
    await card
      .locator('.zl-rp-decide')
      .getByText(flagged ? '有问题' : '通过', { exact: true })
      .click();
    if (flagged) await card.getByPlaceholder('请写明问题和整改要求').fill(opts.flag!.reason);
  }
  if (opts.flag) {
    await section.getByRole('button', { name: '提交整改意见' }).click();
    await expect(section.getByText('已退回整改，等待供应商重新提交需整改的项')).toBeVisible();
    return;
  }
  await section.getByRole('button', { name: '全部通过并验收' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: '确认全部通过并验收' });
  await expect(confirm.getByText(/托管中的 .* 将扣除平台佣金后结算给供应商/)).toBeVisible();
  await confirm.getByRole('button', { name: '确认验收' }).click();
  await expect(section.locator('.zl-rp-accepted')).toContainText('已验收');
}
