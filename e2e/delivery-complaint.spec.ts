import { expect, test } from '@playwright/test';
import { login } from './fixtures.ts';
import { consoleLogin, fileComplaint, ruleDismiss, ruleSplit } from './steps/complaint.ts';

// The demo data (apps/server/src/demo/demo-complaint.ts): the demo customer's project under
// complaint, in 施工中 with ¥9,600.00 in escrow, answered by the demo supplier; and its project
// with the prepayment due (demo-payment.ts), where the customer files a new complaint.
const CUSTOMER = { mobile: '13900000002', password: 'demo1234' };
const COMPLAINT_PROJECT = '2026 广州国际照明展特装展台（投诉处理中）';
const PREPAY_PROJECT = '2026 深圳国际消费电子展特装展台（待付预付款）';

test('a customer files a complaint; an operator rules a split in the console; the customer sees the ruling and 已关闭', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const custCtx = await browser.newContext();
  const cust = await custCtx.newPage();
  await login(cust, CUSTOMER.mobile, CUSTOMER.password);
  await expect(cust).not.toHaveURL(/\/login/);

  // 1. a new complaint from the project page (发起投诉 → 投诉处理中)
  await cust.goto('/customer/projects');
  await cust.getByText(PREPAY_PROJECT).first().click();
  await expect(cust).toHaveURL(/\/customer\/project\?id=\d+/);
  const prepayId = Number(new URL(cust.url()).searchParams.get('id'));
  await fileComplaint(cust, prepayId);

  // the project under complaint shows 投诉处理中 instead of the button
  await cust.goto('/customer/projects');
  await cust.getByText(COMPLAINT_PROJECT).first().click();
  await expect(cust.getByTestId('complaint-pending')).toBeVisible();
  await expect(cust.getByTestId('complain-open')).toHaveCount(0);
  const projectUrl = cust.url();

  // 2. the reviewer rules: the whole ¥9,600.00 back to the customer, the project closes;
  //    the new complaint is dismissed
  const opsCtx = await browser.newContext();
  const ops = await opsCtx.newPage();
  await consoleLogin(ops);
  await ruleSplit(ops, COMPLAINT_PROJECT, '9600');
  await ruleDismiss(ops, PREPAY_PROJECT);
  await opsCtx.close();

  // 3. the customer sees the ruling, and the project 已关闭
  await cust.goto('/customer/complaints');
  await cust
    .getByRole('link', { name: new RegExp(`已裁决.*${COMPLAINT_PROJECT.replace(/[()（）]/g, '.')}`) })
    .first()
    .click();
  await expect(cust.getByTestId('complaint-ruling')).toContainText('关闭项目并分配托管款');
  await expect(cust.getByTestId('complaint-ruling')).toContainText('退还参展商 ¥9,600.00');
  await cust.goto(projectUrl);
  await expect(cust.getByText(/已关闭/).first()).toBeVisible();
  await expect(cust.getByText('项目已按平台投诉裁决关闭', { exact: false })).toBeVisible();
  await custCtx.close();
});
