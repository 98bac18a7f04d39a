import { expect, test } from '@playwright/test';
import { login } from './fixtures.ts';
import { approveContract, signAndUploadContract, wonProjectId } from './steps/contract.ts';

// The demo data (apps/server/src/demo/demo-contract.ts): the demo supplier won a project whose
// contract is still to sign; the demo customer owns it.
const SUPPLIER = { mobile: '13800000001', password: 'demo1234' };
const CUSTOMER = { mobile: '13900000002', password: 'demo1234' };
const TO_SIGN = '2026 上海国际汽车零部件展特装展台（待签合同）';

test('the winner signs and uploads the contract, the customer approves it', async ({ browser }) => {
  const supplierCtx = await browser.newContext();
  const supplier = await supplierCtx.newPage();
  await login(supplier, SUPPLIER.mobile, SUPPLIER.password);
  await expect(supplier).toHaveURL(/\/mainPage$/);
  const id = await wonProjectId(supplier, TO_SIGN);
  // 我的项目 says what to do next
  await supplier.goto('/personCenter/projectList?state=won');
  const row = supplier.locator('[data-testid=delivery-next]').filter({ hasText: '下载并签订合同' });
  await expect(row.first()).toBeVisible();

  await signAndUploadContract(supplier, id);

  const customerCtx = await browser.newContext();
  const customer = await customerCtx.newPage();
  await login(customer, CUSTOMER.mobile, CUSTOMER.password);
  await expect(customer).not.toHaveURL(/\/login/);
  await approveContract(customer, id);
  // the prepayment is due now: the existing pay panel shows
  await expect(customer.getByText(/合同已审核通过，请支付预付款/)).toBeVisible();
  await expect(
    customer.getByTestId('progress-card').getByRole('button', { name: '支付预付款' }),
  ).toBeVisible();

  // the supplier's timeline lists both steps with who did them
  await supplier.goto(`/orderDetail?id=${id}`);
  await expect(supplier.getByText('审核合同：通过')).toBeVisible();
  await expect(supplier.getByText('等待预付款')).toBeVisible();
  await supplierCtx.close();
  await customerCtx.close();
});
