// The project conversation (docs/conversation.md) in two browsers: the demo supplier and the demo
// customer have the thread of a project in 施工中; the supplier sends a text with a picture, the
// customer's open page shows it without a reload and marks it read, the supplier's page shows 已读
// without a reload, and the customer's reply reaches the supplier the same way.
import { type Browser, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { login } from './fixtures.ts';
import { ok } from './steps/award.ts';

const SUPPLIER = '13800000001';
const CUSTOMER = '13900000002';
const PROJECT = '2026 北京国际教育装备展特装展台（施工中）';

async function signedIn(browser: Browser, mobile: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await login(page, mobile, 'demo1234');
  await expect(page).not.toHaveURL(/\/login/);
  return page;
}

async function threadOf(page: Page): Promise<number> {
  const list = await ok(await page.request.post('/api/Conversation/list', { data: {} }));
  const t = (list.listItem as Array<{ id: number; projectTitle: string }>).find(
    (x) => x.projectTitle === PROJECT,
  );
  expect(t, `a thread of ${PROJECT}`).toBeTruthy();
  return t!.id;
}

test('after the award the two parties exchange messages with a picture, live, with read receipts', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const supplier = await signedIn(browser, SUPPLIER);
  const customer = await signedIn(browser, CUSTOMER);
  const id = await threadOf(supplier);
  expect(await threadOf(customer)).toBe(id);

  await customer.goto(`/customer/message?tab=chat&thread=${id}`);
  await supplier.goto(`/message?tab=chat&thread=${id}`);
  const cThread = customer.getByRole('region', { name: /^与.+的会话$/ });
  const sThread = supplier.getByRole('region', { name: /^与.+的会话$/ });
  await expect(cThread.getByRole('list', { name: '消息记录' })).toBeVisible();
  await expect(sThread.getByRole('list', { name: '消息记录' })).toBeVisible();

  // 1. the supplier sends a text with a picture
  const text = `样板已到现场 ${Date.now() % 100_000}`;
  const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#1f6feb' } })
    .png()
    .toBuffer();
  await sThread
    .getByTestId('conv-file-input')
    .setInputFiles({ name: '现场样板.png', mimeType: 'image/png', buffer: png });
  const atts = sThread.getByRole('list', { name: '待发送的图片和文件' });
  await expect(atts.getByRole('img', { name: '现场样板.png' })).toBeVisible();
  // uploaded: its progress ring is gone
  await expect(atts.locator('.zl-conv-att-progress')).toHaveCount(0, { timeout: 20_000 });
  await sThread.getByRole('textbox', { name: '消息' }).fill(text);
  await sThread.getByRole('button', { name: /发\s*送/ }).click();
  const sent = sThread.locator('.zl-conv-msg.zl-conv-mine', { hasText: text });
  await expect(sent).toBeVisible();
  await expect(sent.locator('img')).toHaveCount(1);

  // 2. it arrives on the customer's open page without a reload, with its picture
  const arrived = cThread.locator('.zl-conv-msg', { hasText: text });
  await expect(arrived).toBeVisible({ timeout: 20_000 });
  await expect(arrived.locator('img')).toHaveCount(1);
  // the customer's page is open on the thread: it is read, and the supplier's page shows 已读
  await expect(sent.locator('.zl-conv-read')).toHaveText('已读', { timeout: 20_000 });

  // 3. the customer replies; it reaches the supplier live
  const reply = `收到，辛苦了 ${Date.now() % 100_000}`;
  await cThread.getByRole('textbox', { name: '消息' }).fill(reply);
  await cThread.getByRole('textbox', { name: '消息' }).press('Enter');
  await expect(cThread.locator('.zl-conv-msg.zl-conv-mine', { hasText: reply })).toBeVisible();
  await expect(sThread.locator('.zl-conv-msg', { hasText: reply })).toBeVisible({ timeout: 20_000 });
  await expect(
    cThread.locator('.zl-conv-msg.zl-conv-mine', { hasText: reply }).locator('.zl-conv-read'),
  ).toHaveText('已读', { timeout: 20_000 });
  for (const p of [supplier, customer]) await p.context().close();
});
