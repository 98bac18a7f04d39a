import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BizError, NETWORK_ERROR } from '../lib/biz-error.ts';
import { useSession } from '../lib/session-store.ts';
import { storage } from '../lib/storage.ts';

const login = vi.fn();
vi.mock('../lib/session-api.ts', () => ({ loginWithRememberToken: () => login() }));
const navigateTo = vi.fn();
vi.mock('../lib/navigation.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../lib/navigation.ts')>()),
  currentPath: () => '/login',
  navigateTo: (...args: unknown[]) => navigateTo(...args),
}));

const { startAutologin } = await import('./autologin.ts');

describe('guard rule 4: what a failed auto-login forgets', () => {
  beforeEach(() => {
    localStorage.clear();
    storage.saveName('13800000001');
  });
  afterEach(() => {
    login.mockReset();
    navigateTo.mockReset();
  });

  it('the server refusing the remember token forgets the remembered mobile', async () => {
    login.mockRejectedValue(
      new BizError({ code: 'REMEMBER_INVALID', message: '自动登录已失效', httpStatus: 401 }),
    );
    await startAutologin();
    expect(storage.getName()).toBeNull();
    expect(useSession.getState().autologin).toBe('failed');
  });

  it('a request cut off by a reload or the network keeps it, so the next load tries again', async () => {
    login.mockRejectedValue(new BizError({ code: NETWORK_ERROR, message: '网络请求失败' }));
    await startAutologin();
    expect(storage.getName()).toBe('13800000001');
    expect(useSession.getState().autologin).toBe('idle');
  });

  it('success stores the member number', async () => {
    login.mockResolvedValue({
      cardno: '10000001',
      cardtype: 'workshop',
      mobile: '13800000001',
      nickname: 'x',
    });
    await startAutologin();
    expect(storage.getCardno()).toBe('10000001');
  });

  it('success opens the page that was asked for, not the home page', async () => {
    login.mockResolvedValue({
      cardno: '10000001',
      cardtype: 'workshop',
      mobile: '13800000001',
      nickname: 'x',
    });
    await startAutologin('/orderDetail?id=7');
    expect(navigateTo).toHaveBeenCalledWith('/orderDetail?id=7', { replace: true });
    // a requested address off the site is not followed
    navigateTo.mockReset();
    await startAutologin('//evil.example/');
    expect(navigateTo).toHaveBeenCalledWith('/', { replace: true });
  });
});
