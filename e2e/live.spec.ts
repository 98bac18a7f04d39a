// Issue 12, live updates (docs/messages.md "Live updates"): the customer awards in one browser
// context and the supplier's header badge, open in another context, lights up without a reload —
// the tip travels outbox → NOTIFY → the supplier's event stream → the badge's query cache.
import { type Browser, expect, type Page, test } from '@playwright/test';
import { login } from './fixtures.ts';
import { ok, PASSWORD, quotedProject } from './steps/award.ts';

async function signedIn(browser: Browser, mobile: string, home: RegExp): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await login(page, mobile, PASSWORD);
  await expect(page).toHaveURL(home);
  return page;
}

async function unread(page: Page): Promise<number> {
  return (await ok(await page.request.post('/api/Member/userInfo', { data: {} }))).unread as number;
}

test('an award lights the supplier’s badge in another browser without a reload', async ({
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const ops = await playwright.request.newContext({ baseURL });
  await ok(await ops.post('/api/Admin/login', { data: { username: 'reviewer', password: 'review1234' } }));
  const quoted = await quotedProject(() => playwright.request.newContext({ baseURL }), ops);
  await ops.dispose();
  await quoted.customerApi.dispose();

  // the supplier's app is open on its home page, its event stream connected
  const supplier = await signedIn(browser, quoted.supplierMobile, /\/mainPage$/);
  const stream = supplier.waitForRequest(/\/api\/Tipcenter\/stream/);
  await supplier.reload();
  await stream;
  const before = await unread(supplier);
  let loads = 0;
  supplier.on('load', () => {
    loads++;
  });

  // the customer awards in its own context, through the quote comparison
  const customer = await signedIn(browser, quoted.customerMobile, /\/customer\/projects$/);
  await customer.goto(`/customer/project?id=${quoted.projectId}`);
  await expect(async () => {
    await customer.getByRole('button', { name: /^选他中标：/ }).click({ timeout: 3_000 });
    await customer.getByRole('button', { name: /确认中标/ }).click({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await expect(customer.getByText(/已选择 .+ 中标/)).toBeVisible();

  // the supplier's badge counts the award's tip, the page never reloaded. The badge's own polling
  // (every 60 s from the reload above) cannot be what lit it: the whole award takes well under that.
  await expect(supplier.getByTitle(`${before + 1} 条未读消息`)).toBeVisible();
  expect(loads).toBe(0);
  await supplier.getByRole('link', { name: /消息/ }).first().click();
  await expect(supplier.getByText(`恭喜中标：${quoted.title}`).first()).toBeVisible();
});
