// The project Q&A (docs/questions.md) in three browsers: the demo supplier asks on the demo
// customer's bidding project (a WeChat id in it is announced and stored as ＊), the customer
// answers, and another supplier reads the answer with the asker shown only as 供应商A.
import { type Browser, expect, type Page, test } from '@playwright/test';
import { login } from './fixtures.ts';
import { member, ok, PASSWORD } from './steps/award.ts';

const SUPPLIER = '13800000001';
const CUSTOMER = '13900000002';
const PROJECT = '2026 上海国际汽车工业展览会 · 华展科技特装展台';

async function signedIn(browser: Browser, mobile: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await login(page, mobile, 'demo1234');
  await expect(page).not.toHaveURL(/\/login/);
  return page;
}

test('a supplier asks, the customer answers, another supplier reads it with the asker anonymised', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const asker = await signedIn(browser, SUPPLIER);
  const found = await ok(
    await asker.request.post('/api/Projectcenter/searchList', {
      data: { keyword: '上海国际汽车工业展览会' },
    }),
  );
  const id = (found.listItem as Array<{ id: number; title: string }>).find((p) => p.title === PROJECT)!.id;

  // 1. the supplier asks on 订单详情; the WeChat id is announced before sending and stored as ＊
  await asker.goto(`/orderDetail?id=${id}`);
  const qa = asker.getByRole('region', { name: '项目答疑' });
  await qa.getByLabel('问题').fill('展台能否做双层？详情可加微信 boothpro2026');
  await expect(qa.getByText('成交前请勿交换联系方式：微信号会显示为 ＊')).toBeVisible();
  await qa.getByRole('button', { name: /提交问题/ }).click();
  const mine = qa.locator('.zl-qa-item', { hasText: '展台能否做双层？' });
  await expect(mine).toContainText('供应商A（我的提问）');
  await expect(mine).toContainText('详情可加微信 ＊＊＊＊＊＊＊＊＊＊＊＊');
  await expect(mine).toContainText('等待参展商回答');

  // 2. the customer sees who asked, and answers on its project page
  const customer = await signedIn(browser, CUSTOMER);
  await customer.goto(`/customer/project?id=${id}`);
  const cqa = customer.getByRole('region', { name: '项目答疑' });
  const asked = cqa.locator('.zl-qa-item', { hasText: '展台能否做双层？' });
  await expect(asked).toContainText('10000001');
  await asked.getByLabel('回答').fill('可以做双层，二层限高 2.5 米。');
  await asked.getByRole('button', { name: /^回\s*答$/ }).click();
  await expect(asked.locator('.zl-qa-answer')).toContainText('可以做双层，二层限高 2.5 米。');

  // 3. another supplier reads the answer: the asker is 供应商A, never its name or member number
  const other = await (await browser.newContext()).newPage();
  await login(other, await member(other.request, 'workshop'), PASSWORD);
  await expect(other).not.toHaveURL(/\/login/);
  await other.goto(`/orderDetail?id=${id}`);
  const oqa = other.getByRole('region', { name: '项目答疑' });
  const read = oqa.locator('.zl-qa-item', { hasText: '展台能否做双层？' });
  await expect(read).toContainText('供应商A');
  await expect(read).toContainText('可以做双层，二层限高 2.5 米。');
  await expect(oqa).not.toContainText('10000001');
  await expect(oqa).not.toContainText('我的提问');
  // and the asker is told: its tip says its question was answered
  await asker.goto('/message');
  await expect(asker.getByText('您的问题已回答').first()).toBeVisible();
  for (const p of [asker, customer, other]) await p.context().close();
});
