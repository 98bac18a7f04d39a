import { expect, test } from '@playwright/test';
import { login } from './fixtures.ts';

// The demo data (apps/server/src/demo/demo-withdraw.ts): the demo supplier has ¥6,950.00 to
// withdraw, pay password 135790; the demo finance operator is finance / finance1234.
const SUPPLIER = { mobile: '13800000001', password: 'demo1234', paycode: '135790' };

test('a supplier withdraws in the browser and a finance operator pays it through the Alipay sandbox', async ({
  browser,
}) => {
  // two actors, the sandbox and a tip: 30 s alone, 50–60+ s beside vitest (docs/testing.md § Time)
  test.setTimeout(180_000);
  // 1. The supplier asks for ¥12.34 on 账户概览.
  const supplierCtx = await browser.newContext();
  const supplier = await supplierCtx.newPage();
  await login(supplier, SUPPLIER.mobile, SUPPLIER.password);
  await expect(supplier).toHaveURL(/\/mainPage$/);
  await supplier.goto('/personCenter/defaultPage');
  // ¥6,950.00 from demo-withdraw.ts, plus what journeys before this one released to the supplier
  const cash = supplier.getByTestId('cash-available');
  await expect(cash).toHaveText(/^¥[\d,]+\.\d\d$/);
  const before = Math.round(Number(((await cash.textContent()) ?? '').replace(/[¥,]/g, '')) * 100);
  expect(before).toBeGreaterThanOrEqual(695_000);
  const yuanText = (fen: number) =>
    `¥${String(Math.floor(fen / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${String(fen % 100).padStart(2, '0')}`;
  await supplier.getByRole('button', { name: /^提\s*现$/ }).click();
  const dialog = supplier.getByRole('dialog', { name: '申请提现' });
  await expect(dialog.getByText('138****0001')).toBeVisible();
  // below the minimum: refused in the form
  await dialog.getByLabel(/提现金额/).fill('9.99');
  await dialog.getByLabel('支付密码').fill(SUPPLIER.paycode);
  await dialog.getByRole('button', { name: '确认提现' }).click();
  await expect(dialog.getByText('最低提现 ¥10.00')).toBeVisible();
  // a wrong pay password: the server's message under the field
  await dialog.getByLabel(/提现金额/).fill('12.34');
  await dialog.getByLabel('支付密码').fill('000000');
  await dialog.getByRole('button', { name: '确认提现' }).click();
  await expect(dialog.getByText(/支付密码不正确，还可尝试 4 次/)).toBeVisible();
  await dialog.getByLabel('支付密码').fill(SUPPLIER.paycode);
  await dialog.getByRole('button', { name: '确认提现' }).click();
  await expect(dialog).toBeHidden();
  await expect(cash).toHaveText(yuanText(before - 1234));
  await expect(supplier.getByTestId('cash-frozen')).toHaveText('¥512.34');
  const record = supplier.locator('.zl-wd-row', { hasText: '¥12.34' });
  await expect(record.getByText('审核中')).toBeVisible();

  // 2. The finance operator pays it in the console with a bank slip number.
  const opsCtx = await browser.newContext();
  const ops = await opsCtx.newPage();
  await ops.goto('/admin/login');
  await ops.getByLabel('用户名').fill('finance');
  await ops.getByLabel('密码').fill('finance1234');
  await ops.getByRole('button', { name: /登\s*录/ }).click();
  await ops.getByRole('menuitem', { name: /提现审核/ }).click();
  const row = ops.getByRole('row', { name: /¥12\.34/ });
  await row.getByRole('button', { name: /^打\s*款$/ }).click();
  const pay = ops.getByRole('dialog', { name: '确认打款' });
  await expect(pay.getByText('13800000001', { exact: true })).toBeVisible();
  // paid by hand, a reference is required
  await pay.getByText('已线下打款，填写凭证号').click();
  await pay.getByRole('button', { name: '确认已打款' }).click();
  await expect(pay.getByText('请填写银行或支付宝的打款凭证号')).toBeVisible();
  // through the Alipay sandbox: alipay.fund.trans.uni.transfer, its order id becomes the reference
  await pay.getByText(/通过支付宝转账/).click();
  await expect(pay.getByText(/将通过支付宝单笔转账向 13800000001 打款 ¥12\.34/)).toBeVisible();
  await pay.getByRole('button', { name: '确认通过支付宝打款' }).click();
  await expect(pay).toBeHidden();
  await expect(ops.getByRole('row', { name: /¥12\.34/ })).toHaveCount(0);
  await ops.getByText('已打款', { exact: true }).click();
  await expect(ops.getByRole('row', { name: /¥12\.34/ }).getByText(/凭证 \S+/)).toBeVisible();

  // 资金概览: the ledger check is green
  await ops.getByRole('menuitem', { name: /资金概览/ }).click();
  await expect(ops.getByText('账本核对通过')).toBeVisible();
  await opsCtx.close();

  // 3. The supplier sees 已打款.
  await supplier.reload();
  await expect(supplier.locator('.zl-wd-row', { hasText: '¥12.34' }).getByText('已打款')).toBeVisible();
  await expect(supplier.getByTestId('cash-frozen')).toHaveText('¥500.00');
  await supplierCtx.close();
});
