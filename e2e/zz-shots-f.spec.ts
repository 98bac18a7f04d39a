import { expect, type Page, test } from '@playwright/test';
import { login } from './fixtures.ts';
import { customerEvaluates, customerProjectId, supplierEvaluates } from './steps/evaluation.ts';

const TITLE = '2026 深圳国际礼品展特装展台（已完成·待双方评价）';
const SIZES = { desktop: { width: 1366, height: 900 }, phone: { width: 390, height: 844 } };

async function shoot(page: Page, url: string, name: string, wait: string) {
  for (const [k, size] of Object.entries(SIZES)) {
    await page.setViewportSize(size);
    await page.goto(url);
    await expect(page.getByText(wait).first()).toBeVisible();
    await page.waitForTimeout(400);
    await page.screenshot({ path: `/work/notes/shots/f-${name}-${k}.png`, fullPage: true });
  }
}

test('shots', async ({ browser }) => {
  const customer = await (await browser.newContext()).newPage();
  await login(customer, '13900000002', 'demo1234');
  await expect(customer).not.toHaveURL(/\/login/);
  const id = await customerProjectId(customer, TITLE);
  await shoot(customer, `/customer/project?id=${id}`, 'customer-form', '评价供应商');
  await customer.setViewportSize(SIZES.desktop);
  const supplier = await (await browser.newContext()).newPage();
  await login(supplier, '13800000001', 'demo1234');
  await expect(supplier).toHaveURL(/\/mainPage$/);
  await supplierEvaluates(supplier, id);
  await customerEvaluates(customer, id, { quality: 4, service: 5, punctuality: 3 });
  await shoot(customer, `/customer/project?id=${id}`, 'customer-revealed', '供应商对我的评价');
  await shoot(supplier, `/orderDetail?id=${id}`, 'supplier-panel', '参展商对我的评价');
  await shoot(supplier, '/personCenter/evaluateList', 'evaluateList', '收到的评价');
  const eid = await supplier.evaluate(async (pid) => {
    const res = await fetch('/api/Projectcenter/evaluateList', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ page: 1, pageSize: 50 }),
    });
    const items = (await res.json()).data.listItem as Array<{ id: number; projectId: number }>;
    return items.find((x) => x.projectId === pid)!.id;
  }, id);
  await shoot(supplier, `/personCenter/evaluateEdit?id=${eid}`, 'evaluateEdit', '回复内容');
  await shoot(supplier, `/personCenter/evaluateChange?id=${eid}`, 'evaluateChange', '申请理由');
});
