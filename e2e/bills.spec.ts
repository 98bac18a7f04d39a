// 收支明细 as a person meets it: the demo supplier opens it, filters, sees the monthly chart (bars
// the page draws as SVG, no chart library), downloads the CSV of the filter shown; the demo
// customer has the same page in the customer portal.
import fs from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { login } from './fixtures.ts';

/** E2E_SHOTS=<dir> saves desktop and phone screenshots. */
async function shot(page: Page, name: string) {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  const size = page.viewportSize();
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.waitForTimeout(300); // the chart redraws on resize
  await page.screenshot({ path: `${dir}/${name}-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${dir}/${name}-phone.png`, fullPage: true });
  if (size) await page.setViewportSize(size);
}

test('the demo supplier reads, filters and exports 收支明细', async ({ page }) => {
  await login(page, '13800000001', 'demo1234');
  await expect(page).toHaveURL(/\/mainPage$/);
  // the supplier home draws its earnings with the same bars (docs/home.md)
  await expect(page.getByTestId('home-earnings-chart').locator('svg')).toBeVisible();
  await page.goto('/personCenter/defaultPage');
  await expect(page.getByText('账户概览').first()).toBeVisible();

  await page.getByRole('menuitem', { name: '收支明细' }).click();
  await expect(page).toHaveURL(/\/personCenter\/businessList$/);
  await expect(page.getByRole('heading', { name: '收支明细' })).toBeVisible();
  // everything: the 金币 history below and the demo cash with its withdrawals (demo-withdraw.ts)
  await expect(
    page.locator('.ant-table-tbody tr.ant-table-row', { hasText: '提现申请' }).first(),
  ).toBeVisible();
  // the 金币 tab: demo coins, then four quote fees each refunded when the project closed
  await page.getByRole('tab', { name: '金币' }).click();
  await expect(page).toHaveURL(/account=coins/);
  await expect(page.getByText('共 9 笔').first()).toBeVisible();
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(9);
  await expect(rows.first()).toContainText('报价退还');
  await expect(rows.first()).toContainText('+8 金币');
  await expect(rows.first()).toContainText('200 金币');
  await expect(rows.last()).toContainText('演示赠送');
  // the chart: a month's figures under the pointer
  const chart = page.getByTestId('bills-chart');
  await expect(chart.locator('svg')).toBeVisible();
  await chart.locator('svg > g').last().hover();
  await expect(chart.locator('.zl-bar-tip')).toContainText('收入');
  await expect(page.getByRole('heading', { name: '近 12 个月收支' })).toBeVisible();
  await page.getByText('金币', { exact: true }).first().click();
  await expect(page.locator('.zl-bills-chart-sum')).toContainText('合计收入');
  await shot(page, 'supplier-bills');

  // filter by type: the address keeps it, the list follows
  // the type select searches its Chinese labels
  await page.getByLabel('收支类型').click();
  await page.getByLabel('收支类型').fill('扣费');
  await expect(page.locator('.ant-select-item-option')).toHaveCount(1);
  await page.getByLabel('收支类型').press('Enter');
  await expect(page).toHaveURL(/type=quote_fee/);
  await expect(page.getByText('共 4 笔').first()).toBeVisible();
  await expect(rows).toHaveCount(4);
  for (const text of await rows.allInnerTexts()) expect(text).toContain('报价扣费');
  await expect(rows.first()).toContainText('−8 金币');

  // a date range: only the last month or so
  const today = new Date(Date.now() + 8 * 3_600_000);
  const from = new Date(today.getTime() - 30 * 86_400_000).toISOString().slice(0, 10);
  const to = today.toISOString().slice(0, 10);
  await page.getByPlaceholder('开始日期').click();
  await page.getByPlaceholder('开始日期').fill(from);
  await page.getByPlaceholder('开始日期').press('Enter');
  await page.getByPlaceholder('结束日期').fill(to);
  await page.getByPlaceholder('结束日期').press('Enter');
  await expect(page).toHaveURL(new RegExp(`from=${from}&to=${to}`));
  await expect(page.getByText('共 1 笔').first()).toBeVisible();
  await expect(rows).toHaveCount(1);
  await shot(page, 'supplier-bills-filtered');
  await page.setViewportSize({ width: 1280, height: 720 });

  // the CSV of exactly this filter
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('bills-export').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^收支明细-\d{8}\.csv$/);
  const csv = fs.readFileSync((await download.path())!);
  expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = csv.toString('utf8').slice(1).split('\r\n');
  expect(lines[0]).toBe('流水号,时间,类型,账户,币种,金额,余额,说明,关联');
  expect(lines).toHaveLength(3);
  expect(lines[1]).toMatch(/,报价扣费,金币,金币,-8,192,报价 P\d{12},quote:\d+$/);

  // clearing the filter brings everything back; the phone shows cards
  await page.getByRole('button', { name: '清除筛选' }).first().click();
  await expect(page.getByText('共 9 笔').first()).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('bills-cards')).toBeVisible();
  await expect(page.getByTestId('bills-cards').locator('li')).toHaveCount(9);
});

test('the demo customer has 收支明细 in the customer portal', async ({ page }) => {
  await login(page, '13900000002', 'demo1234');
  await expect(page).toHaveURL(/\/customer\/projects$/);
  await page.getByRole('menuitem', { name: /收支明细/ }).click();
  await expect(page).toHaveURL(/\/customer\/bills$/);
  await expect(page.getByRole('heading', { name: '收支明细' })).toBeVisible();
  // the demo prepayment held in escrow for the report awaiting acceptance (demo-report.ts, demo-complaint.ts)
  await expect(page.locator('.ant-table-tbody tr', { hasText: '预付款托管' }).first()).toBeVisible();
  await expect(page.locator('[data-testid="bills-chart"] svg')).toBeVisible();
  // customers quote nothing: no 金币 tab or chart
  await expect(page.getByRole('tab', { name: '金币' })).toHaveCount(0);
  await shot(page, 'customer-bills');
});
