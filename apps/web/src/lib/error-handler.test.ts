import { FALLBACK_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE } from '@zl/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from './api-client.ts';
import { BizError } from './biz-error.ts';
import { handleError, toBizError } from './error-handler.ts';
import { setNavigator } from './navigation.ts';
import { syncSessionFromStorage, useSession } from './session-store.ts';
import { storage } from './storage.ts';
import { envelope, fakeFeedback, jsonResponse, mockFetch } from './test-utils.ts';

let fb: ReturnType<typeof fakeFeedback>;
const nav = vi.fn();

beforeEach(() => {
  fb = fakeFeedback();
  nav.mockReset();
  setNavigator(nav);
});
afterEach(() => {
  vi.unstubAllGlobals();
  setNavigator(null);
});

const err = (showType: number, message = '出错了', code = 'SOME_CODE') =>
  new BizError({ code, message, showType });

describe('shared error handler: the showType table of docs/seed-map.md § Errors', () => {
  it('0 is silent', () => {
    handleError(err(0));
    expect(fb.message.warning).not.toHaveBeenCalled();
    expect(fb.message.error).not.toHaveBeenCalled();
    expect(fb.notification.error).not.toHaveBeenCalled();
    expect(nav).not.toHaveBeenCalled();
  });

  it('1 shows a warning message', () => {
    handleError(err(1, '验证码不正确'));
    expect(fb.message.warning).toHaveBeenCalledWith('验证码不正确');
    expect(fb.message.error).not.toHaveBeenCalled();
  });

  it('2 shows an error message', () => {
    handleError(err(2, '没有权限进行此操作'));
    expect(fb.message.error).toHaveBeenCalledWith('没有权限进行此操作');
  });

  it('4 shows a notification', () => {
    handleError(err(4, '短信发送失败'));
    expect(fb.notification.error).toHaveBeenCalledWith(
      expect.objectContaining({ description: '短信发送失败' }),
    );
    expect(fb.message.error).not.toHaveBeenCalled();
  });

  it('9 redirects to /exception with errorCode and errorMessage', () => {
    handleError(err(9, '内容不存在', 'NOT_FOUND'));
    expect(nav).toHaveBeenCalledTimes(1);
    const to = String(nav.mock.calls[0]?.[0]);
    const url = new URL(to, 'http://x');
    expect(url.pathname).toBe('/exception');
    expect(url.searchParams.get('errorCode')).toBe('NOT_FOUND');
    expect(url.searchParams.get('errorMessage')).toBe('内容不存在');
  });

  it('any other showType shows an error message', () => {
    handleError(err(3, '奇怪的错误'));
    expect(fb.message.error).toHaveBeenCalledWith('奇怪的错误');
  });

  it('without error info falls back to the fallback text', () => {
    handleError(new BizError({ code: 'X', showType: 2 }));
    expect(fb.message.error).toHaveBeenCalledWith(FALLBACK_ERROR_MESSAGE);
    expect(FALLBACK_ERROR_MESSAGE).toBe('请求错误，请重试。');
  });

  it("a plain Error shows the error's own message", () => {
    handleError(new Error('组件出错'));
    expect(fb.message.error).toHaveBeenCalledWith('组件出错');
  });

  it('a fetch TypeError is a network failure', () => {
    expect(toBizError(new TypeError('Failed to fetch')).message).toBe(NETWORK_ERROR_MESSAGE);
  });

  it('shows an error once even if handled twice (client + QueryClient hook)', () => {
    const e = err(2);
    handleError(e);
    handleError(e);
    expect(fb.message.error).toHaveBeenCalledTimes(1);
  });

  it('NOT_LOGGED_IN clears cardno/loginState and goes to /login', () => {
    storage.saveLogin('12345678');
    storage.saveName('13800138000');
    syncSessionFromStorage();
    handleError(new BizError({ code: 'NOT_LOGGED_IN', message: '请先登录', showType: 0 }));
    expect(storage.getCardno()).toBeNull();
    expect(storage.getLoginState()).toBe(false);
    expect(storage.getName()).toBe('13800138000'); // kept: the guard may auto-login
    expect(useSession.getState().cardno).toBeNull();
    expect(nav).toHaveBeenCalledWith('/login', { replace: true });
  });
});

describe('api client + handler', () => {
  it('network failure says 网络请求失败', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(api.get('User/loginCheck')).rejects.toMatchObject({ message: '网络请求失败' });
    expect(fb.message.error).toHaveBeenCalledWith('网络请求失败');
  });

  it('runs the shared handler by default', async () => {
    mockFetch(() =>
      jsonResponse(envelope('FORBIDDEN', null, { errorMessage: '没有权限进行此操作', showType: 2 }), 403),
    );
    await expect(api.post('Member/userInfo', {})).rejects.toBeInstanceOf(BizError);
    expect(fb.message.error).toHaveBeenCalledWith('没有权限进行此操作');
  });

  it('skipErrorHandler opts out', async () => {
    mockFetch(() =>
      jsonResponse(envelope('FORBIDDEN', null, { errorMessage: '没有权限进行此操作', showType: 2 }), 403),
    );
    await expect(api.post('Member/userInfo', {}, { skipErrorHandler: true })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      httpStatus: 403,
      showType: 2,
    });
    expect(fb.message.error).not.toHaveBeenCalled();
  });

  it('NOT_LOGGED_IN from a call sends the member to /login', async () => {
    storage.saveLogin('12345678');
    syncSessionFromStorage();
    mockFetch(() =>
      jsonResponse(envelope('NOT_LOGGED_IN', null, { errorMessage: '请先登录', showType: 0 }), 401),
    );
    await expect(api.get('User/loginCheck')).rejects.toMatchObject({ code: 'NOT_LOGGED_IN' });
    expect(storage.getCardno()).toBeNull();
    expect(nav).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('inline: the page shows the message; the session and redirects are still handled', async () => {
    mockFetch(() =>
      jsonResponse(envelope('INTERNAL', null, { errorMessage: '服务暂时不可用', showType: 2 }), 500),
    );
    await expect(api.post('Projectcenter/searchList', {}, { inline: true })).rejects.toMatchObject({
      message: '服务暂时不可用',
    });
    expect(fb.message.error).not.toHaveBeenCalled();
    expect(fb.notification.error).not.toHaveBeenCalled();

    mockFetch(() =>
      jsonResponse(envelope('NOT_FOUND', null, { errorMessage: '内容不存在', showType: 9 }), 404),
    );
    await expect(api.post('Projectcenter/searchList', {}, { inline: true })).rejects.toBeInstanceOf(BizError);
    expect(String(nav.mock.calls[0]?.[0])).toMatch(/^\/exception/);

    storage.saveLogin('12345678');
    syncSessionFromStorage();
    mockFetch(() =>
      jsonResponse(envelope('NOT_LOGGED_IN', null, { errorMessage: '请先登录', showType: 0 }), 401),
    );
    await expect(api.post('Projectcenter/searchList', {}, { inline: true })).rejects.toMatchObject({
      code: 'NOT_LOGGED_IN',
    });
    expect(nav).toHaveBeenLastCalledWith('/login', { replace: true });
  });
});
