import { expect, type Page } from '@playwright/test';

// Change orders' browser steps (docs/change-orders.md): the winner proposes an 增项 on 订单详情,
// the customer approves it on the project page; both in the 变更单 panel (#changes).

export interface ChangeLine {
  /** the category's Chinese name (地面 … 租赁) */
  category: string;
  name: string;
  spec: string;
  unit: string;
  qty: string;
  /** 元, as typed */
  price: string;
}

/** As the logged-in winner: 提出变更 → an 增项 of one line with `reason`; answers when it waits for the customer. */
export async function proposeAdd(page: Page, projectId: number, line: ChangeLine, reason: string) {
  await page.goto(`/orderDetail?id=${projectId}`);
  const panel = page.locator('#changes');
  await panel.getByRole('button', { name: '提出变更' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: '提出变更' });
  // the category's dropdown opens with an animation: pick again until the select shows it
  const chosen = dialog.locator('.zl-chg-ed-cat').getByTitle(line.category, { exact: true });
  await expect(async () => {
    if (await chosen.isVisible()) return;
    await dialog.getByLabel('第 1 项类别').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: new RegExp(`^${line.category}$`) })
      .click({ timeout: 2_000 });
    await expect(chosen).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await dialog.getByLabel('第 1 项名称').fill(line.name);
  await dialog.getByLabel('第 1 项规格').fill(line.spec);
  await dialog.getByLabel('第 1 项单位').fill(line.unit);
  await dialog.getByLabel('第 1 项数量').fill(line.qty);
  await dialog.getByLabel('第 1 项单价').fill(line.price);
  await dialog.getByLabel('变更原因').fill(reason);
  await dialog.getByRole('button', { name: '提交变更单' }).click();
  await expect(page.getByText(/变更单 \d+ 已提交/).first()).toBeVisible();
  await expect(panel.getByText('待确认').first()).toBeVisible();
}

/** As the logged-in customer: 同意 on 变更单 `seq`, confirmed; answers once the contract amount moved. */
export async function approveChange(page: Page, projectId: number, seq: number, contractText: string) {
  await page.goto(`/customer/project?id=${projectId}`);
  const card = page.locator('#changes').getByRole('listitem', { name: `变更单 ${seq}` });
  await card.getByRole('button', { name: '同意' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: `同意变更单 ${seq}` });
  await dialog.getByRole('button', { name: '同意变更' }).click();
  await expect(page.getByText(`已同意变更单 ${seq}，合同金额调整为 ¥${contractText}`).first()).toBeVisible();
  await expect(card.getByText('已同意')).toBeVisible();
}
