import { expect, test } from '@playwright/test';
import { allStorage, freshMobile, login, logout, smsCode, storageValue } from './fixtures.ts';

const PASSWORD = 'Booth2026ok';

test('a protected page while logged out goes to /login', { tag: '@layout' }, async ({ page }) => {
  await page.goto('/orderCenter');
  await expect(page).toHaveURL(/\/login(\?|$)/);
  await expect(page.getByRole('heading', { name: '登录' })).toBeVisible();
});

test('register → registerSuccess, already logged in, no personal data in the URL → mainPage, then logout', async ({
  page,
  request,
}) => {
  const mobile = freshMobile();
  await page.goto('/login/register');
  await page.getByLabel('手机号').fill(mobile);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByRole('button', { name: /秒后重发/ })).toBeVisible();
  const code = await smsCode(request, mobile);
  await page.getByLabel('验证码').fill(code);
  await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await page.getByLabel('确认密码').fill(PASSWORD);
  await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
  await page.getByRole('button', { name: /注\s*册/ }).click();

  await expect(page).toHaveURL(/\/loginOther\/registerSuccess$/);
  await expect(page.getByText('注册成功')).toBeVisible();
  expect(page.url()).not.toContain(mobile);
  const cardno = (await page.locator('.ant-result-subtitle b').textContent())?.trim() ?? '';
  expect(cardno).toMatch(/^\d{8}$/);
  expect(await storageValue(page, 'cardno')).toBe(cardno);
  await page.getByRole('button', { name: '进入首页' }).click();
  await expect(page).toHaveURL(/\/mainPage$/);
  await expect(page.getByText(cardno).first()).toBeVisible();
  expect(await storageValue(page, 'loginState')).toBe('true');
  expect(await allStorage(page)).not.toContain(PASSWORD);

  await logout(page, /152\*{4}|\d{3}\*{4}\d{4}/);
  expect(await storageValue(page, 'cardno')).toBeNull();
  await page.goto('/mainPage');
  await expect(page).toHaveURL(/\/login/);
});

test('a wrong SMS code is refused in the form, in Chinese', async ({ page, request }) => {
  const mobile = freshMobile();
  await page.goto('/login/register');
  await page.getByLabel('手机号').fill(mobile);
  await page.getByRole('button', { name: '获取验证码' }).click();
  const code = await smsCode(request, mobile);
  const wrong = code === '000000' ? '111111' : '000000';
  await page.getByLabel('验证码').fill(wrong);
  await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await page.getByLabel('确认密码').fill(PASSWORD);
  await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
  await page.getByRole('button', { name: /注\s*册/ }).click();
  await expect(page.getByText(/验证码不正确/).first()).toBeVisible();
  await expect(page).toHaveURL(/\/login\/register/);
});

test('forget → setpwd → resetPassword → login with the new password', async ({ page, request }) => {
  await page.goto('/login/forget');
  const mobile = '13900000002'; // demo customer
  await page.getByLabel('手机号').fill(mobile);
  await page.getByRole('button', { name: '获取验证码' }).click();
  const code = await smsCode(request, mobile);
  await page.getByLabel('验证码').fill(code);
  await page.getByRole('button', { name: /下一步|验\s*证/ }).click();
  await expect(page).toHaveURL(/\/login\/setpwd/);
  const next = 'NewPass2026';
  await page.getByLabel('新密码', { exact: true }).fill(next);
  await page.getByLabel('确认新密码').fill(next);
  await page.getByRole('button', { name: '确认修改' }).click();
  await expect(page).toHaveURL(/\/login\/resetPassword/);
  await expect(page.getByText('密码已重置')).toBeVisible();
  await page.getByRole('button', { name: /登录/ }).click();
  await expect(page).toHaveURL(/\/login$/);

  await login(page, mobile, 'demo1234');
  await expect(page.getByText(/手机号或密码不正确/).first()).toBeVisible();
  await login(page, mobile, next);
  // the demo customer is an exhibitor: logged in, they land in the customer portal
  await expect(page).toHaveURL(/\/customer\/projects$/);
  // the demo customer's password back to demo1234 for the journeys after this one
  const back = await page.request.post('/api/Member/changePwd', {
    data: { oldPassword: next, password: 'demo1234' },
  });
  expect((await back.json()).success).toBe(true);
});

test('remember me: a new browser lands logged in; without it, at /login', async ({ browser }) => {
  for (const remember of [true, false]) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await login(page, '13800000001', 'demo1234', remember);
    await expect(page).toHaveURL(/\/mainPage$/);
    expect(await allStorage(page)).not.toContain('demo1234');
    const state = await context.storageState();
    await context.close();
    // Closing a browser drops session cookies; persistent cookies and local storage remain.
    state.cookies = state.cookies.filter((c) => c.expires > 0);
    const again = await browser.newContext({ storageState: state });
    const page2 = await again.newPage();
    // The stale member number shows the page at once; the session check fails and the guard
    // logs in again with the remember cookie (POST User/login {autologin: 1}).
    const relogin = page2.waitForResponse((r) => r.url().endsWith('/api/User/login')).catch(() => null);
    await page2.goto('/mainPage');
    if (remember) {
      const answer = await relogin;
      expect(answer && (await answer.json()).success).toBe(true);
      await expect(page2).toHaveURL(/\/mainPage$/);
      await expect(page2.getByText('10000001').first()).toBeVisible();
      await page2.reload();
      await expect(page2).toHaveURL(/\/mainPage$/);
    } else {
      await expect(page2).toHaveURL(/\/login/);
    }
    await again.close();
  }
});
