// The whole delivery in one journey (docs/delivery.md): a project awarded through the API
// (steps/award.ts) with the default payment plan is carried in Chromium through the contract, the
// prepayment and the 进场款 in the sandbox 收银台, the build-in confirmation that releases them, the
// completion report with its checklist, the 尾款 the acceptance waits for, the acceptance that
// releases it, and both evaluations (docs/staged-escrow.md); and a complaint on a demo project is
// ruled with a split in the console. After the build-in, an invoice (发票) is asked for and issued
// (docs/invoices.md), and an 增项 is proposed by the supplier and approved by the customer: it joins
// the 尾款 and the checklist (docs/change-orders.md).
import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { login } from './fixtures.ts';
import { type Awarded, awardedProject, ok, PASSWORD } from './steps/award.ts';
import { approveChange, proposeAdd } from './steps/change.ts';
import { consoleLogin, fileComplaint, ruleSplit } from './steps/complaint.ts';
import { approveContract, signAndUploadContract } from './steps/contract.ts';
import { customerEvaluates, supplierEvaluates } from './steps/evaluation.ts';
import { issueInvoice, requestInvoice } from './steps/invoice.ts';
import { payPrepayment } from './steps/prepay.ts';
import { reviewReport, uploadReport } from './steps/report.ts';
import { confirmBuildIn, openCustomerProject, payStage } from './steps/stages.ts';

// 5 % commission (PLATFORM_COMMISSION_BP 500) on each stage released
/** 预付款 ¥2,160.00 + 进场款 ¥2,880.00 at the confirmed build-in, less 5 % */
const BUILD_IN_PAYOUT_FEN = 504_000 - 25_200;
/** the ¥7,200.00 contract and its ¥300.00 增项 (in the 尾款), less 5 % of each stage */
const PAYOUT_FEN = 750_000 - 37_500;

const yuan = (text: string) => Math.round(Number(text.replace(/[¥,]/g, '')) * 100);

async function signedIn(browser: Browser, mobile: string, home: RegExp): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await login(page, mobile, PASSWORD);
  await expect(page).toHaveURL(home);
  return page;
}

async function cash(page: Page): Promise<number> {
  await page.goto('/personCenter/defaultPage');
  await expect(page.getByTestId('cash-available')).toHaveText(/^¥[\d,]+\.\d\d$/);
  return yuan((await page.getByTestId('cash-available').textContent()) ?? '');
}

test('award → contract → prepayment → 进场款 → build-in → 增项 → report → 尾款 → acceptance → payout → both evaluate', async ({
  browser,
  playwright,
  baseURL,
}, testInfo) => {
  test.setTimeout(240_000);
  const ops = await playwright.request.newContext({ baseURL });
  await ok(await ops.post('/api/Admin/login', { data: { username: 'reviewer', password: 'review1234' } }));
  // the default plan on the quote's ¥7,200.00: 预付款 ¥2,160.00, 进场款 ¥2,880.00, 尾款 ¥2,160.00
  // the show opens in two days: its build-in has begun, so the report is accepted
  const won: Awarded = await awardedProject(
    () => playwright.request.newContext({ baseURL }),
    ops,
    undefined,
    true,
  );
  await ops.dispose();
  const id = won.projectId;

  const supplier = await signedIn(browser, won.supplierMobile, /\/mainPage$/);
  const customer = await signedIn(browser, won.customerMobile, /\/customer\/projects$/);
  const cashBefore = await cash(supplier);

  // 1. the supplier's 我的项目 names the next step; the contract PDF is drafted in Chinese from the award
  await supplier.goto('/personCenter/projectList?state=won');
  await expect(
    supplier.locator('[data-testid=delivery-next]').filter({ hasText: '下载并签订合同' }).first(),
  ).toBeVisible();
  const pdf = await signAndUploadContract(supplier, id);
  const pdfPath = testInfo.outputPath('contract.pdf');
  await writeFile(pdfPath, pdf);
  const text = execFileSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' });
  expect(text).toContain('展台搭建合同');
  expect(text).toContain(won.title);
  expect(text).toContain('品牌背景墙');

  expect(text.replace(/\s+/g, '')).toContain('进场款（40%）：¥2,880.00');

  // 2. the customer approves it and prepays through the sandbox 收银台: 签约中 → 施工中; then the
  // 进场款 from the 付款计划, and confirms the build-in: both go to the supplier less 5 %
  await approveContract(customer, id);
  await payPrepayment(customer, id, '2,160.00');
  await payStage(customer, id, '进场款', '2,880.00');
  await confirmBuildIn(customer, id, '5,040.00');
  await expect.poll(() => cash(supplier)).toBe(cashBefore + BUILD_IN_PAYOUT_FEN);
  await supplier.goto(`/orderDetail?id=${id}`);
  await expect(supplier.getByLabel('托管汇总').getByText('¥5,040.00')).toBeVisible();

  // 2b. a 发票 over ¥2,000.00 of it: the customer asks, the winner uploads it as a PDF, both see 已开票
  await requestInvoice(customer, id, '2000');
  await issueInvoice(supplier, id, pdfPath, '26442000000000000001');
  await customer.reload();
  await expect(customer.locator('#invoice').getByText('已开票')).toBeVisible();
  await expect(customer.locator('#invoice').getByText('最多 ¥3,040.00')).toBeVisible();

  // 2c. on site the customer wants two more spotlights: the supplier proposes an 增项 of ¥300.00,
  // the customer approves it; the contract becomes ¥7,500.00 and the 尾款 ¥2,460.00, with a 补充协议
  await proposeAdd(
    supplier,
    id,
    { category: '展示', name: '追加射灯', spec: 'LED 30W', unit: '个', qty: '2', price: '150' },
    '参展商现场要求展示区增加两盏射灯',
  );
  await approveChange(customer, id, 1, '7,500.00');
  await customer.goto(`/customer/project?id=${id}`);
  await expect(customer.locator('#stages').getByText('¥2,460.00').first()).toBeVisible();
  await supplier.goto(`/orderDetail?id=${id}`);
  const agreement = supplier.locator('#changes').getByRole('link', { name: '下载补充协议' });
  const pdfRes = await supplier.request.get((await agreement.getAttribute('href')) ?? '');
  expect(pdfRes.status()).toBe(200);
  const agreementPath = testInfo.outputPath('agreement.pdf');
  await writeFile(agreementPath, await pdfRes.body());
  const agreementText = execFileSync('pdftotext', [agreementPath, '-'], { encoding: 'utf8' }).replace(
    /\s+/g,
    '',
  );
  expect(agreementText).toContain('展台搭建合同补充协议');
  expect(agreementText).toContain('变更后合同金额¥7,500.00');

  // 3. the supplier hands in the report, a photo for each priced line and for the 增项's line
  const photo = testInfo.outputPath('site.jpg');
  await sharp({ create: { width: 800, height: 600, channels: 3, background: '#7c9cbf' } })
    .jpeg()
    .toFile(photo);
  await uploadReport(supplier, id, [path.resolve(photo)]);

  // 4. the customer flags one line: only that line goes back for rework
  await reviewReport(customer, id, { flag: { line: '品牌背景墙', reason: '喷绘有色差，请重做' } });
  await supplier.goto(`/orderDetail?id=${id}`);
  await expect(supplier.getByText('整改意见：喷绘有色差，请重做')).toBeVisible();
  await uploadReport(supplier, id, [path.resolve(photo)]);

  // 5. the acceptance waits for the 尾款; paid, the customer accepts and it is released less 5 %
  await customer.goto(`/customer/project?id=${id}`);
  await expect(customer.locator('#acceptance').getByText(/尾款未支付（¥2,460\.00）/)).toBeVisible();
  await payStage(customer, id, '尾款', '2,460.00');
  await reviewReport(customer, id);
  await expect(customer.locator('#acceptance').getByText(/供应商实收 ¥2,337\.00/)).toBeVisible();
  await expect.poll(() => cash(supplier)).toBe(cashBefore + PAYOUT_FEN);

  // 6. both evaluate (double-blind: hidden until both have written), then the score shows
  await supplierEvaluates(supplier, id, { score: 5, content: '参展商需求清晰，验收及时。' });
  await expect(supplier.getByRole('region', { name: '评价参展商' }).getByText('对方尚未评价')).toBeVisible();
  await customerEvaluates(customer, id, { quality: 5, service: 4, punctuality: 5 });
  await expect(
    customer.getByRole('region', { name: '评价供应商' }).getByText('参展商需求清晰，验收及时。'),
  ).toBeVisible();
  await supplier.goto('/personCenter/evaluateList');
  await expect(supplier.locator('.zl-eval-score b').first()).toHaveText('4.7');
  await customer.goto(`/customer/project?id=${id}`);
  await expect(customer.locator('.zl-eval-score b').first()).toHaveText('4.7');

  // the timeline holds every step with who did it
  await supplier.goto(`/orderDetail?id=${id}`);
  await expect(supplier.getByText('审核合同：通过')).toBeVisible();
  await supplier.context().close();
  await customer.context().close();
});

// The demo data (apps/server/src/demo/demo-complaint.ts): the demo customer's project in 施工中
// under complaint with ¥9,600.00 in escrow, answered by the demo supplier.
const DEMO_CUSTOMER = { mobile: '13900000002', password: 'demo1234' };
const COMPLAINT_PROJECT = '2026 广州国际照明展特装展台（投诉处理中）';
const PREPAY_PROJECT = '2026 深圳国际消费电子展特装展台（待付预付款）';

test('a complaint is filed, and one ruled in the console with a split closes its project', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const cust = await (await browser.newContext()).newPage();
  await login(cust, DEMO_CUSTOMER.mobile, DEMO_CUSTOMER.password);
  await expect(cust).not.toHaveURL(/\/login/);

  // a new complaint from a project page (发起投诉 → 投诉处理中)
  await openCustomerProject(cust, PREPAY_PROJECT);
  await expect(cust).toHaveURL(/\/customer\/project\?id=\d+/);
  await fileComplaint(cust, Number(new URL(cust.url()).searchParams.get('id')));

  // the reviewer rules on the demo complaint: ¥3,600.00 back to the customer, the rest released
  const ops = await (await browser.newContext()).newPage();
  await consoleLogin(ops);
  await ruleSplit(ops, COMPLAINT_PROJECT, '3600');
  await ops.context().close();

  await cust.goto('/customer/complaints');
  await cust
    .getByRole('link', { name: new RegExp(`已裁决.*${COMPLAINT_PROJECT.replace(/[()（）]/g, '.')}`) })
    .first()
    .click();
  const ruling = cust.getByTestId('complaint-ruling');
  await expect(ruling).toContainText('关闭项目并分配托管款');
  await expect(ruling).toContainText('退还参展商 ¥3,600.00');
  // the other ¥6,000.00 released, less the 5 % commission
  await expect(ruling).toContainText('结算给供应商 ¥5,700.00');
  await cust.getByRole('link', { name: '查看项目' }).click();
  await expect(cust.getByText('项目已按平台投诉裁决关闭', { exact: false })).toBeVisible();
  await cust.context().close();
});
