// Issue 12, the showroom (docs/showroom.md, docs/works.md): a new supplier fills its showroom and
// adds a case in Chromium; a visitor who is not logged in opens the shareable /show link and sees
// them, and the link's preview tags (for WeChat, which does not run scripts) name the showroom.
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { login } from './fixtures.ts';
import { member, ok, PASSWORD } from './steps/award.ts';

function picture(width: number, height: number, colour: string): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

async function upload(page: Page, scope: ReturnType<Page['locator']>, name: string, buffer: Buffer) {
  await scope.locator('input[type=file]').first().setInputFiles({ name, mimeType: 'image/png', buffer });
  // the thumbnail of the stored upload replaces the upload box
  await expect(scope.locator('img').first()).toBeVisible();
}

test('a supplier fills its showroom; a logged-out visitor opens /show', async ({
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const api = await playwright.request.newContext({ baseURL });
  const mobile = await member(api, 'workshop');
  const { cardno } = await ok(await api.post('/api/Member/userInfo', { data: {} }));
  await api.dispose();
  const name = `晨光展览 E2E${Date.now() % 100000}`;
  const caseTitle = '2026 成都车展 · 双层钢结构展台';

  const supplier = await (await browser.newContext()).newPage();
  await login(supplier, mobile, PASSWORD);
  await expect(supplier).toHaveURL(/\/mainPage$/);

  // 1. 展厅设置: logo, name, introduction, contact
  await supplier.goto('/personCenter/showRoomSetting');
  await upload(
    supplier,
    supplier.locator('.ant-form-item').filter({ hasText: '展厅标志' }),
    'logo.png',
    await picture(240, 240, '#1d4ed8'),
  );
  await supplier.getByLabel('展厅名称').fill(name);
  await supplier.getByLabel('公司简介').fill('专注特装展台设计与搭建，自有 2000 平方米工厂。');
  await supplier.getByLabel('公开联系方式').fill('周经理 028-5555 0101');
  await supplier.getByRole('button', { name: '保存展厅' }).click();
  await expect(supplier.getByText('展厅已保存')).toBeVisible();

  // 2. 案例展示: one case with its cover
  await supplier.goto('/personCenter/caseOut');
  await supplier
    .getByRole('button', { name: /添加案例/ })
    .first()
    .click();
  const dialog = supplier.getByRole('dialog');
  await dialog.getByLabel('案例标题').fill(caseTitle);
  await dialog.getByLabel('案例介绍').fill('两层钢结构，一层洽谈区、二层贵宾室。');
  await upload(
    supplier,
    dialog.locator('.ant-form-item').filter({ hasText: '封面图片' }),
    'cover.png',
    await picture(800, 500, '#0f766e'),
  );
  await dialog.getByRole('button', { name: /添加案例/ }).click();
  await expect(supplier.getByText('案例已添加')).toBeVisible();
  await expect(supplier.getByText(caseTitle)).toBeVisible();

  // 3. a visitor without an account opens the shareable link
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/show?id=${cardno}`);
  await expect(visitor).toHaveURL(new RegExp(`/show\\?id=${cardno}$`));
  await expect(visitor.getByRole('heading', { name })).toBeVisible();
  await expect(visitor.getByText('周经理 028-5555 0101')).toBeVisible();
  await expect(visitor.getByText(caseTitle)).toBeVisible();
  await expect(visitor).toHaveTitle(`${name}的展厅 - 展览供应商接单平台`);
  const logo = visitor.getByRole('img', { name: `${name}标志` });
  await expect(logo).toBeVisible();
  expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // 4. the page as a link-preview crawler gets it: title and Open Graph tags in the HTML itself
  const html = await (await visitor.request.get(`/show?id=${cardno}`)).text();
  expect(html).toContain(`<meta property="og:title" content="${name}的展厅 - 展览供应商接单平台" />`);
  expect(html).toMatch(/<meta property="og:image" content="http:\/\/[^"]+\/files\/[A-Za-z0-9_-]+" \/>/);
});
