import { type APIRequestContext, expect, type Page } from '@playwright/test';

let seq = 0;
/** A mobile no other run of the suite uses. */
export function freshMobile(): string {
  seq++;
  const tail = `${Date.now() % 1_000_000}`.padStart(6, '0') + String(seq % 100).padStart(2, '0');
  return `15${(seq % 9) + 1}${tail}`;
}

export async function smsCode(request: APIRequestContext, mobile: string): Promise<string> {
  await expect
    .poll(async () => {
      const res = await request.get(`/api/Dev/smsOutbox?mobile=${mobile}`);
      return (await res.json()).data?.items?.length ?? 0;
    })
    .toBeGreaterThan(0);
  const res = await request.get(`/api/Dev/smsOutbox?mobile=${mobile}`);
  return (await res.json()).data.items[0].code as string;
}

export async function storageValue(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => window.localStorage.getItem(`zlgys_${k}`), key);
}

/** Everything the browser keeps for this origin, password-free by design. */
export async function allStorage(page: Page): Promise<string> {
  return page.evaluate(() => JSON.stringify({ ...window.localStorage, ...window.sessionStorage }));
}

export async function login(page: Page, mobile: string, password: string, remember = false) {
  await page.goto('/login');
  await page.getByLabel('手机号').fill(mobile);
  await page.getByLabel('密码', { exact: true }).fill(password);
  if (remember) await page.getByRole('checkbox', { name: /记住我/ }).check();
  await page.getByRole('button', { name: /^登\s*录$/ }).click();
}

/**
 * Logs out through the header's account menu (`account`: the menu button's name). A click that
 * lands while the dropdown is still opening (a loaded machine) is tried again.
 */
export async function logout(page: Page, account: RegExp) {
  // 退出登录 ends with a full load of /login (app/layouts/site-shell.tsx), which the router may
  // precede by its own step to /login: done is when that new document has loaded, not the URL alone
  const documentStart = () => page.evaluate(() => performance.timeOrigin);
  const before = await documentStart();
  await expect(async () => {
    const item = page.getByRole('menuitem', { name: /退出登录/ });
    if (!(await item.isVisible())) await page.getByRole('button', { name: account }).click();
    await item.click({ timeout: 3_000 });
    await expect(page).toHaveURL(/\/login/, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await expect.poll(() => documentStart().catch(() => before), { timeout: 15_000 }).not.toBe(before);
  await page.waitForLoadState();
}
