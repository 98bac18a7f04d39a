import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api-client.ts';
import { BizError } from '../../lib/biz-error.ts';
import { handleError } from '../../lib/error-handler.ts';
import { setNavigator } from '../../lib/navigation.ts';
import { syncSessionFromStorage, useSession } from '../../lib/session-store.ts';
import { storage } from '../../lib/storage.ts';
import { envelope, fakeFeedback, jsonResponse, mockFetch } from '../../lib/test-utils.ts';
import { adminLoginPath } from './admin-layout.tsx';

const nav = vi.fn();
beforeEach(() => {
  fakeFeedback();
  nav.mockReset();
  setNavigator(nav);
});
afterEach(() => {
  vi.unstubAllGlobals();
  setNavigator(null);
  window.history.pushState({}, '', '/');
});

const adminGone = () =>
  new BizError({ code: 'ADMIN_NOT_LOGGED_IN', message: '请先登录运营后台', showType: 0 });

describe('shared error handler inside the operator console', () => {
  it('ADMIN_NOT_LOGGED_IN on a console page goes to /admin/login, keeping the page to come back to', () => {
    window.history.pushState({}, '', '/admin/verify?kind=business&status=2');
    handleError(adminGone());
    expect(nav).toHaveBeenCalledTimes(1);
    expect(nav).toHaveBeenCalledWith(
      `/admin/login?redirect=${encodeURIComponent('/admin/verify?kind=business&status=2')}`,
      { replace: true },
    );
  });

  it('never sends an operator to the member /login, and leaves the member session alone', async () => {
    storage.saveLogin('12345678');
    syncSessionFromStorage();
    window.history.pushState({}, '', '/admin/members');
    mockFetch(() =>
      jsonResponse(
        envelope('ADMIN_NOT_LOGGED_IN', null, { errorMessage: '请先登录运营后台', showType: 0 }),
        401,
      ),
    );
    await expect(api.post('Admin/memberList', {})).rejects.toMatchObject({ code: 'ADMIN_NOT_LOGGED_IN' });
    expect(nav).toHaveBeenCalledWith(`/admin/login?redirect=${encodeURIComponent('/admin/members')}`, {
      replace: true,
    });
    expect(nav).not.toHaveBeenCalledWith('/login', expect.anything());
    expect(useSession.getState().cardno).toBe('12345678');
  });

  it('a member NOT_LOGGED_IN while on a console page also stays in the console', () => {
    window.history.pushState({}, '', '/admin/audit');
    handleError(new BizError({ code: 'NOT_LOGGED_IN', message: '请先登录', showType: 0 }));
    expect(nav).toHaveBeenCalledWith(`/admin/login?redirect=${encodeURIComponent('/admin/audit')}`, {
      replace: true,
    });
  });

  it('on the console login page itself nothing navigates (no loop)', () => {
    window.history.pushState({}, '', '/admin/login');
    handleError(adminGone());
    expect(nav).not.toHaveBeenCalled();
  });

  it('outside the console NOT_LOGGED_IN still goes to the member /login', () => {
    window.history.pushState({}, '', '/mainPage');
    handleError(new BizError({ code: 'NOT_LOGGED_IN', message: '请先登录', showType: 0 }));
    expect(nav).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('the guard builds the same login path', () => {
    expect(adminLoginPath('/admin/verify?kind=person')).toBe(
      `/admin/login?redirect=${encodeURIComponent('/admin/verify?kind=person')}`,
    );
    expect(adminLoginPath('/admin/login?redirect=x')).toBe('/admin/login');
    expect(adminLoginPath('/mainPage')).toBe('/admin/login');
  });
});
