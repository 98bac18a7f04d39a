import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { freshMobile, login, smsCode } from './fixtures.ts';
import { idNumber, verifiedMember } from './steps/award.ts';

const PASSWORD = 'Booth2026ok';

/** A verified supplier, made through the real calls (register, upload, verify, operator approval). */
async function verifiedSupplier(request: APIRequestContext, ops: APIRequestContext): Promise<string> {
  const mobile = freshMobile();
  await request.post('/api/User/getCode', { data: { mobile, type: 'regist' } });
  const code = await smsCode(request, mobile);
  expect(
    (await (await request.post('/api/User/regist', { data: { mobile, code, password: PASSWORD } })).json())
      .success,
  ).toBe(true);
  expect(
    (await (await request.post('/api/User/login', { data: { mobile, password: PASSWORD } })).json()).success,
  ).toBe(true);
  const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#c7d2fe' } })
    .png()
    .toBuffer();
  const ids: string[] = [];
  for (const name of ['front.png', 'back.png']) {
    const res = await request.post('/api/File/upload', {
      multipart: { purpose: 'idcard', file: { name, mimeType: 'image/png', buffer: png } },
    });
    ids.push((await res.json()).data.id);
  }
  const auth = await request.post('/api/Member/personAuth', {
    data: { realname: '李师傅', idcard: idNumber(), cardfrt: ids[0], cardrvs: ids[1] },
  });
  expect((await auth.json()).success).toBe(true);
  expect(
    (
      await (
        await ops.post('/api/Admin/login', { data: { username: 'reviewer', password: 'review1234' } })
      ).json()
    ).success,
  ).toBe(true);
  const queue = await ops.post('/api/Admin/authQueue', {
    data: { kind: 'person', keyword: mobile, page: 1, pageSize: 10 },
  });
  const authId = (await queue.json()).data.listItem[0].id;
  const review = await ops.post('/api/Admin/authReview', {
    data: { kind: 'person', id: authId, approve: true },
  });
  expect((await review.json()).success).toBe(true);
  return mobile;
}

/** A customer of its own: other journeys change the demo accounts' passwords. */
async function newCustomer(request: APIRequestContext): Promise<string> {
  const mobile = freshMobile();
  await request.post('/api/User/getCode', { data: { mobile, type: 'regist' } });
  const code = await smsCode(request, mobile);
  const res = await request.post('/api/User/regist', {
    data: { mobile, code, password: PASSWORD, cardtype: 'customer' },
  });
  expect((await res.json()).success).toBe(true);
  return mobile;
}

async function pickDate(page: Page, placeholder: string, value: string) {
  const input = page.getByPlaceholder(placeholder);
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

test('customer publishes → operator approves → supplier finds, favourites and quotes → customer awards → supplier won', async ({
  browser,
  playwright,
}) => {
  test.setTimeout(180_000);
  const baseURL = test.info().project.use.baseURL!;
  const api = await playwright.request.newContext({ baseURL });
  const opsApi = await playwright.request.newContext({ baseURL });
  const supplierMobile = await verifiedSupplier(api, opsApi);
  // a customer verifies before it awards (docs/delivery-contract.md "Award"); registering logs it in
  const customerApi = await playwright.request.newContext({ baseURL });
  const customerMobile = await newCustomer(customerApi);
  await verifiedMember(customerApi, opsApi, customerMobile);
  const title = `2027 国际车展 E2E${Date.now() % 100000} 特装展台搭建`;

  // 1. The customer publishes a project.
  const customerCtx = await browser.newContext();
  const customer = await customerCtx.newPage();
  await login(customer, customerMobile, PASSWORD);
  await expect(customer).toHaveURL(/\/customer/);
  await customer.goto('/customer/publish');
  await customer.getByLabel('项目标题').fill(title);
  await customer.getByLabel('项目类别').click();
  await customer.getByTitle('特装展台').click();
  await customer.getByLabel('长（米）').fill('9');
  await customer.getByLabel('宽（米）').fill('6');
  await customer.getByLabel('高（米）').fill('4.5');
  await expect(customer.getByTestId('area')).toContainText('54');
  await customer.getByText('两面开').click();
  const start = new Date(Date.now() + 60 * 86_400_000);
  const end = new Date(start.getTime() + 3 * 86_400_000);
  const deadline = new Date(Date.now() + 30 * 86_400_000);
  const ymd = (d: Date) => d.toISOString().slice(0, 10);
  await pickDate(customer, '开始日期', ymd(start));
  await pickDate(customer, '结束日期', ymd(end));
  // 竞标截止 by its label: the show's own times (展期与现场) are date-time pickers too, filled from the days
  const bidDeadline = customer.getByLabel('竞标截止时间');
  await bidDeadline.click();
  await bidDeadline.fill(`${ymd(deadline)} 18:00`);
  await bidDeadline.press('Enter');
  await expect(customer.getByLabel('进场布展开始')).not.toHaveValue('');
  await customer.getByLabel('展会城市').click();
  await customer.locator('.ant-cascader-menu').nth(0).getByText('上海市', { exact: true }).click();
  await customer.locator('.ant-cascader-menu').nth(1).getByText('上海市', { exact: true }).click();
  await customer.locator('.ant-cascader-menu').nth(2).getByText('浦东新区', { exact: true }).click();
  await customer.getByLabel('展馆地址').fill('国家会展中心（上海）7.1 号馆');
  await customer.getByRole('button', { name: /添加地面需求/ }).click();
  await customer.getByLabel('地面名称').fill('木地台');
  await customer.getByLabel('地面规格').fill('10cm 高，铺灰色地毯');
  await customer.getByLabel('地面单位').fill('m²');
  await customer.getByLabel('地面数量').fill('54');
  // the payment plan: the default 30 / 40 / 30, with a 5 % 质保金 out of the 尾款 (docs/staged-escrow.md)
  await expect(customer.getByTestId('plan-sum')).toHaveText(/预付款 \+ 进场款 \+ 尾款 = 100%/);
  await customer.getByLabel('质保金（选填）').fill('5');
  await expect(customer.getByTestId('plan-sum')).toContainText('尾款中 5% 作为质保金');
  await customer.getByRole('button', { name: '提交审核' }).click();
  await expect(customer.getByText(/提交成功|已提交/).first()).toBeVisible();

  // 2. An operator approves it.
  const opsCtx = await browser.newContext();
  const ops = await opsCtx.newPage();
  await ops.goto('/admin/login');
  await ops.getByLabel('用户名').fill('reviewer');
  await ops.getByLabel('密码').fill('review1234');
  await ops.getByRole('button', { name: /登\s*录/ }).click();
  await ops.getByRole('menuitem', { name: /项目审核/ }).click();
  await ops
    .getByRole('row', { name: new RegExp(title.slice(0, 12)) })
    .first()
    .click();
  await ops.getByRole('button', { name: /^通\s*过$/ }).click();
  await expect(ops.getByText(/已通过/).first()).toBeVisible();
  await opsCtx.close();

  // 3. The supplier finds it by filter, favourites it and quotes.
  const supplierCtx = await browser.newContext();
  const supplier = await supplierCtx.newPage();
  await login(supplier, supplierMobile, PASSWORD);
  await expect(supplier).toHaveURL(/\/mainPage$/);
  await supplier.goto('/orderCenter');
  // the category chip (the filters arrive after the first cards, which carry the same words)
  await supplier.locator('.zl-oc-chip', { hasText: /^特装展台$/ }).click();
  await supplier.getByLabel('搜索项目').fill(title.slice(8, 20));
  await supplier.getByLabel('搜索项目').press('Enter');
  await expect(supplier.getByRole('link', { name: title })).toBeVisible();
  await supplier.getByRole('link', { name: title }).click();
  await expect(supplier).toHaveURL(/\/orderDetail\?id=\d+/);
  await expect(supplier.getByText('中标后可见')).toBeVisible();
  await supplier.locator('.zl-od-actions').getByRole('button', { name: /收藏/ }).click();
  await expect(supplier.getByText('已收藏')).toBeVisible();
  await supplier.getByRole('button', { name: '立即报价' }).click();
  await expect(supplier).toHaveURL(/\/orderPrice\?id=\d+/);
  await supplier.getByLabel('木地台 单价').fill('180');
  await supplier.getByLabel('施工天数').fill('5');
  await supplier.getByRole('button', { name: '提交报价' }).click();
  await supplier.getByRole('button', { name: '确认提交' }).click();
  await expect(supplier).toHaveURL(/\/orderDetail\?id=\d+/);
  await expect(supplier.getByText(/9,720\.00/).first()).toBeVisible();
  await supplier.goto('/collect');
  await expect(supplier.getByRole('link', { name: title })).toBeVisible();

  // 4. The customer compares and awards.
  await customer.goto('/customer/projects');
  await customer
    .getByRole('row', { name: new RegExp(title.slice(0, 12)) })
    .getByText(/比价/)
    .click();
  await expect(customer.getByRole('table', { name: '报价对比' })).toBeVisible();
  await customer.getByRole('button', { name: /中标/ }).first().click();
  await customer.getByRole('button', { name: '确认中标' }).click();
  await expect(customer.getByText(/中标供应商/).first()).toBeVisible();
  await customerCtx.close();

  // 5. The supplier sees "won" and the customer's contact.
  await supplier.goto('/personCenter/projectList');
  await supplier.getByRole('tab', { name: '已中标' }).click();
  await expect(supplier.getByText(title).first()).toBeVisible();
  await expect(supplier.getByText('已中标').nth(1)).toBeVisible();
  await supplier.getByText(title).first().click();
  await expect(supplier).toHaveURL(/\/orderDetail\?id=\d+/);
  await expect(supplier.getByText(/恭喜您中标/)).toBeVisible();
  await expect(supplier.getByText(customerMobile).first()).toBeVisible();
  await supplierCtx.close();
  await api.dispose();
  await opsApi.dispose();
  await customerApi.dispose();
});
