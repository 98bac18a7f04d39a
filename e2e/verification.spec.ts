import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { freshMobile, login, smsCode } from './fixtures.ts';
import { idNumber } from './steps/award.ts';

const PASSWORD = 'Booth2026ok';

async function cardImage(text: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400">
    <rect width="640" height="400" rx="24" fill="#dbeafe"/><text x="40" y="210" font-size="48" fill="#1e3a8a">${text}</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

test('a supplier verifies personally, an operator approves, the supplier sees it approved', async ({
  page,
  browser,
  request,
}) => {
  const mobile = freshMobile();
  await request.post('/api/User/getCode', { data: { mobile, type: 'regist' } });
  const code = await smsCode(request, mobile);
  const reg = await request.post('/api/User/regist', { data: { mobile, code, password: PASSWORD } });
  expect((await reg.json()).success).toBe(true);

  await login(page, mobile, PASSWORD);
  await expect(page).toHaveURL(/\/mainPage$/);
  await page.goto('/personCenter/security_person');
  const realname = '张建国';
  await page.getByLabel('真实姓名').fill(realname);
  await page.getByLabel('身份证号码').fill(idNumber());
  const inputs = page.locator('input[type=file]');
  await inputs
    .nth(0)
    .setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: await cardImage('ID FRONT') });
  await inputs
    .nth(1)
    .setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: await cardImage('ID BACK') });
  await expect(page.locator('img[src*="/files/"]')).toHaveCount(2);
  await page.getByRole('button', { name: /提交审核/ }).click();
  await expect(page.getByText('实名认证资料已提交，正在审核中')).toBeVisible();

  const ops = await browser.newContext();
  const admin = await ops.newPage();
  await admin.goto('/admin/login');
  await admin.getByLabel('用户名').fill('reviewer');
  await admin.getByLabel('密码').fill('review1234');
  await admin.getByRole('button', { name: /登\s*录/ }).click();
  await expect(admin).toHaveURL(/\/admin(\/|$)/);
  await admin
    .getByRole('row', { name: new RegExp(realname) })
    .first()
    .click();
  await expect(admin.getByRole('img', { name: /身份证 人像面/ })).toBeVisible();
  await expect(admin.getByRole('img', { name: /身份证 国徽面/ })).toBeVisible();
  await admin.getByRole('button', { name: /^通\s*过$/ }).click();
  await expect(admin.getByText('已通过').first()).toBeVisible();
  await ops.close();

  await page.reload();
  await expect(page.getByRole('tab', { name: /个人实名认证/ })).toContainText('已认证');
  await page.goto('/personCenter/defaultPage');
  await expect(page.getByText('已认证').first()).toBeVisible();
});

test('the business form rejects a wrong credit code in the field, in Chinese', { tag: '@layout' }, async ({
  page,
}) => {
  await login(page, '13800000001', 'demo1234');
  await expect(page).toHaveURL(/\/mainPage$/);
  await page.goto('/personCenter/security_person?tab=business');
  const field = page.getByLabel('统一社会信用代码');
  await field.fill('91350100M000100Y44');
  await field.blur();
  await expect(page.getByText('统一社会信用代码不正确，请核对')).toBeVisible();
  await field.fill('91350100M000100Y43');
  await field.blur();
  await expect(page.getByText('统一社会信用代码不正确，请核对')).toHaveCount(0);
});
