import { expect, test } from '@playwright/test';
import { login } from './fixtures.ts';
import { customerEvaluates, customerProjectId, supplierEvaluates } from './steps/evaluation.ts';

// The demo data (apps/server/src/demo/demo-evaluation.ts): a completed project nobody evaluated
// yet, and an earlier one both evaluated (5, 4, 4) so the supplier's score is 4.3 before this run.
const TITLE = '2026 深圳国际礼品展特装展台（已完成·待双方评价）';
const SUPPLIER = { mobile: '13800000001', password: 'demo1234' };
const CUSTOMER = { mobile: '13900000002', password: 'demo1234' };

test('double-blind evaluation: supplier evaluates, customer evaluates, both see both, the score moves', async ({
  browser,
}) => {
  const customerCtx = await browser.newContext();
  const customer = await customerCtx.newPage();
  await login(customer, CUSTOMER.mobile, CUSTOMER.password);
  await expect(customer).not.toHaveURL(/\/login/);
  const id = await customerProjectId(customer, TITLE);

  // 1. the supplier evaluates first
  const supplierCtx = await browser.newContext();
  const supplier = await supplierCtx.newPage();
  await login(supplier, SUPPLIER.mobile, SUPPLIER.password);
  await expect(supplier).toHaveURL(/\/mainPage$/);
  await supplierEvaluates(supplier, id, { score: 4, content: '参展商需求明确，验收及时。' });
  const sPanel = supplier.getByRole('region', { name: '评价参展商' });
  await expect(sPanel.getByText('对方尚未评价')).toBeVisible();

  // 2. the customer sees that it exists but not what it says
  await customer.goto(`/customer/project?id=${id}`);
  const cPanel = customer.getByRole('region', { name: '评价供应商' });
  await expect(cPanel.getByText('待对方评价后公开')).toBeVisible();
  await expect(cPanel.getByText('参展商需求明确，验收及时。')).toHaveCount(0);

  // 3. the customer evaluates: both revealed
  await customerEvaluates(customer, id, { quality: 5, service: 5, punctuality: 5 });
  await expect(cPanel.getByText('参展商需求明确，验收及时。')).toBeVisible();
  await supplier.reload();
  await expect(sPanel.getByText('搭建质量很好，现场服务周到，按时完工。')).toBeVisible();

  // 4. the score: (5+4+4)/3 and (5+5+5)/3 → 4.7 on 我的评价
  await supplier.goto('/personCenter/evaluateList');
  await expect(supplier.locator('.zl-eval-score b').first()).toHaveText('4.7');
  await expect(supplier.getByText('搭建质量很好，现场服务周到，按时完工。')).toBeVisible();
});
