// Keyboard alone (docs/web.md § Accessibility): a customer publishes a project, a supplier quotes
// on it, the customer awards it, the contract is signed and approved and the customer pays the
// prepayment through the sandbox 收银台 — every step in the browser reached with Tab and done with
// the keys a keyboard user has (typing, Enter, Space, arrows), never a click. Each focus Tab lands
// on is checked: never inside hidden content (aria-hidden, hidden, inert); axe-core checks the
// states no page visit reaches (the filled form, the confirmation, award and payment dialogs, the
// sandbox 收银台) against the WCAG 2.1 A/AA rules. Only what is not the
// flow's own goes through the API: the new members' verifications and the operator's approval of
// the project (the console has a journey of its own).
import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { member, ok, PASSWORD, submitVerification, verifiedMember } from './steps/award.ts';
import { expectAxeClean } from './steps/axe.ts';

/**
 * Presses Tab until `target` (or something inside it) holds the focus, as a keyboard user moves
 * through the page; fails when it is not reached in `max` presses, or when the focus lands inside
 * content that is hidden from assistive technology.
 */
async function tabTo(page: Page, target: Locator, max = 120): Promise<void> {
  await expect(target).toBeVisible();
  for (let i = 0; i <= max; i++) {
    const there = await target.evaluate(
      (el) => el === document.activeElement || el.contains(document.activeElement),
    );
    if (there) return;
    await page.keyboard.press('Tab');
    const hidden = await page.evaluate(() => {
      const a = document.activeElement;
      if (!a || a === document.body) return null;
      const box = a.closest('[aria-hidden="true"], [hidden], [inert]');
      return box ? a.outerHTML.slice(0, 160) : null;
    });
    expect(hidden, 'the focus is inside hidden content').toBeNull();
  }
  throw new Error(`not reached with ${max} presses of Tab: ${target}`);
}

/** Tab to `target`, then type `text` into it. */
async function typeInto(page: Page, target: Locator, text: string): Promise<void> {
  await tabTo(page, target);
  await page.keyboard.type(text);
}

/** Tab to the button or link `target` and press Enter. */
async function press(page: Page, target: Locator, key = 'Enter'): Promise<void> {
  await tabTo(page, target);
  await page.keyboard.press(key);
}

/** Signs in on /login with the keyboard. */
async function keyboardLogin(page: Page, mobile: string): Promise<void> {
  await page.goto('/login');
  await typeInto(page, page.getByLabel('手机号'), mobile);
  await typeInto(page, page.getByLabel('密码', { exact: true }), PASSWORD);
  await page.keyboard.press('Enter');
}

const ymd = (t: number) => new Date(t).toISOString().slice(0, 10);
const DAY = 86_400_000;

// Tagged @layout: what it proves (reachable by Tab, operable by keys, clean to axe) is the same on
// either database; the flow's data is the marketplace's and delivery's journeys' (docs/testing.md).
test('keyboard alone: publish → quote → award → contract → prepayment', { tag: '@layout' }, async ({
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const newApi = () => playwright.request.newContext({ baseURL });
  const ops: APIRequestContext = await newApi();
  await ok(await ops.post('/api/Admin/login', { data: { username: 'reviewer', password: 'review1234' } }));
  const customerApi = await newApi();
  const customerMobile = await member(customerApi, 'customer');
  await verifiedMember(customerApi, ops, customerMobile);
  const supplierApi = await newApi();
  const supplierMobile = await member(supplierApi, 'workshop');
  await ok(
    await ops.post('/api/Admin/authReview', {
      data: { kind: 'person', id: await submitVerification(supplierApi, ops, supplierMobile), approve: true },
    }),
  );
  const title = `2027 深圳礼品展 KB${Date.now() % 100000} 特装展台`;

  // 1. The customer publishes, field by field.
  const customer = await (await browser.newContext()).newPage();
  await keyboardLogin(customer, customerMobile);
  await expect(customer).toHaveURL(/\/customer/);
  await customer.goto('/customer/publish');
  await typeInto(customer, customer.getByLabel('项目标题'), title);
  // a select: opened with the arrow key, the option chosen by typing its name and Enter
  await tabTo(customer, customer.getByLabel('项目类别'));
  await customer.keyboard.press('ArrowDown');
  await expect(customer.getByRole('option', { name: '特装展台' })).toBeAttached();
  for (let i = 0; i < 10; i++) {
    const active = await customer.locator('.ant-select-item-option-active').textContent();
    if (active === '特装展台') break;
    await customer.keyboard.press('ArrowDown');
  }
  await customer.keyboard.press('Enter');
  await expect(customer.locator('.ant-select', { has: customer.getByLabel('项目类别') })).toContainText(
    '特装展台',
  );
  await typeInto(customer, customer.getByLabel('长（米）'), '8');
  await typeInto(customer, customer.getByLabel('宽（米）'), '6');
  await typeInto(customer, customer.getByLabel('高（米）'), '4');
  await expect(customer.getByTestId('area')).toContainText('48');
  // the segmented choice, named in Chinese: Tab passes its group to the chosen radio, the arrow keys choose
  const opens = customer.getByRole('radiogroup', { name: '开口情况' });
  // (the radio itself is drawn by its label: the label is what shows)
  await tabTo(
    customer,
    opens.locator('label').filter({ has: customer.getByRole('radio', { name: '一面开' }) }),
  );
  await customer.keyboard.press('ArrowRight');
  await expect(customer.getByRole('radio', { name: '两面开' })).toBeChecked();
  const now = Date.now();
  await typeInto(customer, customer.getByPlaceholder('开始日期'), ymd(now + 50 * DAY));
  await customer.keyboard.press('Enter');
  await typeInto(customer, customer.getByPlaceholder('结束日期'), ymd(now + 53 * DAY));
  await customer.keyboard.press('Enter');
  await typeInto(customer, customer.getByLabel('竞标截止时间'), `${ymd(now + 20 * DAY)} 18:00`);
  await customer.keyboard.press('Enter');
  await expect(customer.getByLabel('进场布展开始')).not.toHaveValue('');
  // the region: searched by name, the first match taken
  await typeInto(customer, customer.getByLabel('展会城市'), '浦东');
  await expect(customer.getByText('浦东新区').first()).toBeVisible();
  await customer.keyboard.press('ArrowDown');
  await customer.keyboard.press('Enter');
  await expect(customer.locator('.ant-cascader', { has: customer.getByLabel('展会城市') })).toContainText(
    '浦东新区',
  );
  await typeInto(customer, customer.getByLabel('展馆地址'), '深圳会展中心（福田）1 号馆');
  await press(customer, customer.getByRole('button', { name: /添加地面需求/ }));
  await typeInto(customer, customer.getByLabel('地面名称'), '木地台');
  await typeInto(customer, customer.getByLabel('地面规格'), '10cm 高');
  await typeInto(customer, customer.getByLabel('地面单位'), '㎡');
  await typeInto(customer, customer.getByLabel('地面数量'), '48');
  await expectAxeClean(customer, '/customer/publish, every field filled');
  await press(customer, customer.getByRole('button', { name: '提交审核' }));
  await expect(customer.getByText(/提交成功|已提交/).first()).toBeVisible();

  // the operator approves it (the console's own journey covers that page)
  const queue = await ok(
    await ops.post('/api/Admin/projectQueue', { data: { keyword: title, page: 1, pageSize: 10 } }),
  );
  const projectId = queue.listItem[0].id as number;
  await ok(await ops.post('/api/Admin/projectReview', { data: { id: projectId, approve: true, coins: 5 } }));

  // 2. The supplier quotes.
  const supplier = await (await browser.newContext()).newPage();
  await keyboardLogin(supplier, supplierMobile);
  await expect(supplier).toHaveURL(/\/mainPage$/);
  await supplier.goto(`/orderDetail?id=${projectId}`);
  await press(supplier, supplier.getByRole('button', { name: '立即报价' }));
  await expect(supplier).toHaveURL(/\/orderPrice\?id=\d+/);
  await typeInto(supplier, supplier.getByLabel('木地台 单价'), '160');
  await typeInto(supplier, supplier.getByLabel('施工天数'), '4');
  await press(supplier, supplier.getByRole('button', { name: '提交报价' }));
  await expect(supplier.getByRole('button', { name: '确认提交' })).toBeVisible();
  await expectAxeClean(supplier, '/orderPrice, the confirmation dialog');
  await press(supplier, supplier.getByRole('button', { name: '确认提交' }));
  await expect(supplier).toHaveURL(/\/orderDetail\?id=\d+/);
  // 48 ㎡ × ¥160
  await expect(supplier.getByText(/7,680\.00/).first()).toBeVisible();

  // 3. The customer compares and awards.
  await customer.goto('/customer/projects');
  await press(
    customer,
    customer.getByRole('row', { name: new RegExp(title.slice(0, 14)) }).getByRole('link', { name: /比价/ }),
  );
  await expect(customer.getByRole('table', { name: '报价对比' })).toBeVisible();
  await press(customer, customer.getByRole('button', { name: /中标/ }).first());
  await expect(customer.getByRole('button', { name: '确认中标' })).toBeVisible();
  await expectAxeClean(customer, '/customer/project, the award dialog');
  await press(customer, customer.getByRole('button', { name: '确认中标' }));
  await expect(customer.getByText(/中标供应商/).first()).toBeVisible();

  // 4. The winner downloads the contract, uploads it "signed"; the customer approves it.
  await supplier.goto(`/signContract?id=${projectId}`);
  const [download] = await Promise.all([
    supplier.waitForEvent('download'),
    press(supplier, supplier.getByRole('button', { name: /下载合同/ })),
  ]);
  const pdf = await readFile((await download.path())!);
  expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
  await press(supplier, supplier.getByRole('button', { name: /去上传合同/ }));
  await expect(supplier).toHaveURL(new RegExp(`/uploadContract\\?id=${projectId}$`));
  // the upload area opens the system's file dialog on Enter
  const [chooser] = await Promise.all([
    supplier.waitForEvent('filechooser'),
    press(supplier, supplier.getByRole('button', { name: '上传合同页' })),
  ]);
  await chooser.setFiles({ name: '已签合同.pdf', mimeType: 'application/pdf', buffer: pdf });
  await press(supplier, supplier.getByRole('button', { name: /提交合同（1 个文件）/ }));
  await expect(supplier).toHaveURL(new RegExp(`/orderDetail\\?id=${projectId}$`));
  await customer.goto(`/customer/project?id=${projectId}`);
  const review = customer.getByTestId('contract-review');
  await press(customer, review.getByRole('button', { name: /^通\s*过$/ }));
  await expect(review.getByText(/合同已审核通过/)).toBeVisible();

  // 5. The customer pays the prepayment (30 % of ¥7,680.00) through the sandbox 收银台.
  await press(customer, customer.locator('#prepay').getByRole('button', { name: /支付预付款/ }));
  await expect(customer).toHaveURL(/\/sandbox\/alipay\/gateway\.do\?/);
  await expect(customer.getByText('2,304.00')).toBeVisible();
  await expectAxeClean(customer, 'the sandbox 收银台');
  await press(customer, customer.getByRole('button', { name: '确认支付' }));
  await expect(customer).toHaveURL(/\/customer\/project\?id=\d+&outTradeNo=Z\d+/);
  await expect(customer.getByText('支付成功', { exact: true })).toBeVisible();
  await expectAxeClean(customer, '/customer/project, the payment result dialog');
  await press(customer, customer.getByRole('button', { name: '完成' }));
  await expect(customer.getByText('施工中').first()).toBeVisible();

  for (const api of [ops, customerApi, supplierApi]) await api.dispose();
  await customer.context().close();
  await supplier.context().close();
});
