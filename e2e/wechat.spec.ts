import { expect, test } from '@playwright/test';
import { allStorage, freshMobile, logout, smsCode, storageValue } from './fixtures.ts';

// start-server.mjs runs the fake WeChat (apps/server/test/fakes/wechat-server.ts) on the next port.
const WECHAT = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4320) + 1}`;
const PASSWORD = 'Wechat2026ok';

test('a new WeChat user binds a mobile, sets a password, and next time WeChat logs straight in', async ({
  page,
  request,
}) => {
  const openid = `o_e2e_${Date.now()}`;
  // who "scans the QR code" at the fake WeChat
  expect((await request.get(`${WECHAT}/__fake/scanAs?openid=${openid}&nickname=展会新人`)).ok()).toBe(true);

  await page.goto('/login');
  await page.getByRole('button', { name: '微信登录' }).click();
  // /login → WeChat's authorize page → back to /login?code&state → bindPhone
  await expect(page).toHaveURL(/\/loginOther\/bindPhone$/);
  await expect(page.getByRole('heading', { name: '绑定手机号' })).toBeVisible();
  await expect(page.getByText(/展会新人/)).toBeVisible();

  const mobile = freshMobile();
  await page.getByLabel('手机号').fill(mobile);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByRole('button', { name: /秒后重发/ })).toBeVisible();
  await page.getByLabel('验证码').fill(await smsCode(request, mobile));
  await page.getByRole('button', { name: /绑定并登录/ }).click();

  await expect(page).toHaveURL(/\/loginOther\/setPassword$/);
  const cardno = await storageValue(page, 'cardno');
  expect(cardno).toMatch(/^\d{8}$/);
  await expect(page.getByText(cardno!)).toBeVisible();
  await page.getByLabel('登录密码', { exact: true }).fill(PASSWORD);
  await page.getByLabel('确认登录密码').fill(PASSWORD);
  await page.getByRole('button', { name: /确认设置/ }).click();

  await expect(page).toHaveURL(/\/loginOther\/setPasswordSuccess$/);
  await expect(page.getByText('密码设置成功')).toBeVisible();
  await page.getByRole('button', { name: /进入首页/ }).click();
  await expect(page).toHaveURL(/\/mainPage$/);
  await expect(page.getByText(cardno!).first()).toBeVisible();
  expect(await storageValue(page, 'loginState')).toBe('true');
  const kept = await allStorage(page);
  expect(kept).not.toContain(PASSWORD);
  expect(kept).not.toMatch(/wxbind|wxsetpwd/);

  // logout, then WeChat again: straight in
  await logout(page, /\d{3}\*{4}\d{4}|展会新人/);
  await page.getByRole('button', { name: '微信登录' }).click();
  await expect(page).toHaveURL(/\/mainPage$/);
  expect(await storageValue(page, 'cardno')).toBe(cardno);

  // and the password set on the way works for a mobile login
  const check = await page.request.get('/api/User/loginCheck');
  expect((await check.json()).data.cardno).toBe(cardno);
  const other = await request.post('/api/User/login', { data: { mobile, password: PASSWORD } });
  expect((await other.json()).data.cardno).toBe(cardno);
});

test('a forged WeChat redirect (state not from this browser) is refused on /login', {
  tag: '@layout',
}, async ({ page }) => {
  await page.goto('/login?code=code_forged&state=not-from-this-browser');
  await expect(page.getByRole('alert').filter({ hasText: '微信登录已过期，请重新扫码' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await storageValue(page, 'loginState')).toBeNull();
});
