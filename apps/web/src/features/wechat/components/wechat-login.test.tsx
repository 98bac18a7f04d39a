import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../lib/session-store.ts';
import { storage } from '../../../lib/storage.ts';
import { envelope, jsonResponse, mockFetch } from '../../../lib/test-utils.ts';
import { bindTicket } from '../wechat-storage.ts';
import { WechatCallback, WechatLoginButton } from './wechat-login.tsx';

function renderLogin(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/login',
        element: (
          <>
            <WechatCallback />
            <WechatLoginButton />
          </>
        ),
      },
      { path: '/', element: <p>首页内容</p> },
      { path: '/loginOther/bindPhone', element: <p>绑定手机号页</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  useSession.setState({ cardno: null, loginState: false, member: null });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('微信登录 button', () => {
  it('goes to the authorize URL answered by Wechat/login', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const fetch = mockFetch(() =>
      jsonResponse(
        envelope('success', { url: 'https://open.weixin.qq.com/connect/qrconnect?appid=x', state: 's' }),
      ),
    );
    renderLogin('/login');
    fireEvent.click(screen.getByRole('button', { name: '微信登录' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://open.weixin.qq.com/connect/qrconnect?appid=x'),
    );
    expect(String(fetch.mock.calls[0]![0])).toMatch(/\/api\/Wechat\/login$/);
  });

  it('WECHAT_NOT_CONFIGURED: the button says 微信登录暂未开通, in place', async () => {
    mockFetch(() => jsonResponse(envelope('WECHAT_NOT_CONFIGURED', null, { showType: 1 }), 503));
    renderLogin('/login');
    fireEvent.click(screen.getByRole('button', { name: '微信登录' }));
    const off = await screen.findByRole('button', { name: '微信登录暂未开通' });
    expect((off as HTMLButtonElement).disabled).toBe(true);
  });

  it('not configured (the page says so): disabled with 暂未开通 before any click, no call', () => {
    const meta = document.createElement('meta');
    meta.name = 'zl-wechat';
    meta.content = 'off';
    document.head.append(meta);
    try {
      const fetch = mockFetch(() => jsonResponse(envelope('success')));
      renderLogin('/login');
      const off = screen.getByRole('button', { name: '微信登录暂未开通' });
      expect((off as HTMLButtonElement).disabled).toBe(true);
      expect(screen.getByRole('status').textContent).toContain('请使用手机号和密码登录');
      expect(fetch).not.toHaveBeenCalled();
    } finally {
      meta.remove();
    }
  });

  it('configured: the button is active', () => {
    const meta = document.createElement('meta');
    meta.name = 'zl-wechat';
    meta.content = 'on';
    document.head.append(meta);
    try {
      renderLogin('/login');
      expect((screen.getByRole('button', { name: '微信登录' }) as HTMLButtonElement).disabled).toBe(false);
    } finally {
      meta.remove();
    }
  });

  it('another failure is shown under the button and the button works again', async () => {
    mockFetch(() => {
      throw new TypeError('network down');
    });
    renderLogin('/login');
    fireEvent.click(screen.getByRole('button', { name: '微信登录' }));
    expect((await screen.findByRole('alert')).textContent).toContain('网络请求失败');
    expect((screen.getByRole('button', { name: '微信登录' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('WeChat redirect back to /login?code&state', () => {
  it('a bound WeChat: logged in like a login (cardno, loginState) → /', async () => {
    const fetch = mockFetch(() =>
      jsonResponse(
        envelope('success', {
          bound: true,
          cardno: '12345678',
          cardtype: 'workshop',
          mobile: '13800000001',
          nickname: '老王',
        }),
      ),
    );
    const router = renderLogin('/login?code=c1&state=s1');
    await screen.findByText('首页内容');
    expect(router.state.location.pathname).toBe('/');
    expect(storage.getCardno()).toBe('12345678');
    expect(storage.getLoginState()).toBe(true);
    expect(JSON.parse(String(fetch.mock.calls[0]![1]!.body))).toEqual({ code: 'c1', state: 's1' });
  });

  it('an unbound WeChat: the ticket goes to sessionStorage (not the URL) → bindPhone', async () => {
    mockFetch(() =>
      jsonResponse(
        envelope('success', { bound: false, ticket: 'T'.repeat(43), nickname: '新人', expiresIn: 900 }),
      ),
    );
    const router = renderLogin('/login?code=c2&state=s2');
    await screen.findByText('绑定手机号页');
    expect(router.state.location.search).toBe('');
    expect(bindTicket.read()).toMatchObject({ ticket: 'T'.repeat(43), nickname: '新人' });
    expect(storage.getLoginState()).toBe(false);
  });

  it('a refused state: the message on /login, code and state gone from the URL', async () => {
    mockFetch(() =>
      jsonResponse(
        envelope('WECHAT_STATE_INVALID', null, { errMsg: '微信登录已过期，请重新扫码', showType: 2 }),
        400,
      ),
    );
    const router = renderLogin('/login?code=c3&state=s3');
    expect(await screen.findByText('微信登录已过期，请重新扫码')).toBeTruthy();
    expect(router.state.location.search).toBe('');
  });

  it('the user declined on WeChat (?state without code): a hint, no call', async () => {
    const fetch = mockFetch(() => jsonResponse(envelope('success')));
    renderLogin('/login?state=s4');
    expect(await screen.findByText(/已取消微信授权/)).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });
});
