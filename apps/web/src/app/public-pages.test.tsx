import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showInfoFixture } from '../features/showroom/showroom-fixture.ts';
import { setNavigator } from '../lib/navigation.ts';
import { syncSessionFromStorage, useSession } from '../lib/session-store.ts';
import { storage } from '../lib/storage.ts';
import { stubMatchMedia } from '../lib/test-env.ts';
import { envelope, jsonResponse, mockFetch } from '../lib/test-utils.ts';
import { routes } from './router.tsx';

/** The first visit loads each page's lazy module. */
const SLOW = { timeout: 8000 };

function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  setNavigator((to, opts) => void router.navigate(to, opts));
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  stubMatchMedia();
  window.localStorage.clear();
  useSession.setState({ member: null, autologin: 'idle' });
  syncSessionFromStorage();
  mockFetch(() => jsonResponse(envelope('NOT_LOGGED_IN', null, { showType: 0 }), 401));
});
afterEach(() => {
  vi.unstubAllGlobals();
  setNavigator(null);
});

describe('/about and /help are public', () => {
  it('/help without a login: the help itself, with 收不到验证码？, not /login', async () => {
    const router = renderApp('/help');
    expect(await screen.findByRole('heading', { name: '帮助中心' }, SLOW)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/help');
    fireEvent.click(screen.getByText('收不到验证码？'));
    expect(await screen.findByText(/骚扰拦截/, undefined, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: '登录' })).toBeTruthy();
  });

  it('/help#sms opens the SMS question', async () => {
    renderApp('/help#sms');
    expect(await screen.findByText(/骚扰拦截/, undefined, SLOW)).toBeTruthy();
  });

  it('/about without a login: the page, not /login', async () => {
    const router = renderApp('/about');
    expect(await screen.findByRole('heading', { name: '关于我们' }, SLOW)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/about');
  });

  it('a logged-in member reads them too, with a way home', async () => {
    storage.saveLogin('10000001');
    syncSessionFromStorage();
    renderApp('/help');
    expect(await screen.findByRole('heading', { name: '帮助中心' }, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回首页' })).toBeTruthy();
  });

  it('the login page links to both', async () => {
    renderApp('/login');
    expect(await screen.findByRole('link', { name: '帮助中心' }, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: '关于我们' })).toBeTruthy();
  });

  it('/noPage without a login: the 404 itself, not /login', async () => {
    const router = renderApp('/noPage');
    expect(await screen.findByText('页面不存在', undefined, SLOW)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/noPage');
    expect(screen.getByRole('button', { name: /去登录/ })).toBeTruthy();
  });

  it('an unknown address without a login lands on the 404, not /login', async () => {
    const router = renderApp('/no/such/page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/noPage'), SLOW);
    expect(await screen.findByText('页面不存在', undefined, SLOW)).toBeTruthy();
  });

  it('other main pages still need a login', async () => {
    const router = renderApp('/orderCenter');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), SLOW);
    expect(router.state.location.search).toBe('?redirect=%2ForderCenter');
  });
});

describe('/show is public', () => {
  it('opens a supplier showroom without a login, in the public layout', async () => {
    const calls: string[] = [];
    mockFetch((url, init) => {
      calls.push(`${url} ${String(init?.body ?? '')}`);
      if (url.endsWith('/api/Company/showInfo')) return jsonResponse(envelope('success', showInfoFixture()));
      return jsonResponse(envelope('NOT_LOGGED_IN', null, { showType: 0 }), 401);
    });
    const router = renderApp('/show?id=10000001');
    expect(await screen.findByRole('heading', { name: '鼎盛展览工程' }, SLOW)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/show');
    expect(calls.some((c) => c.includes('Company/showInfo') && c.includes('"cardno":"10000001"'))).toBe(true);
    expect(screen.getByText('企业认证')).toBeTruthy();
    expect(screen.getByText('上海车展双层展台')).toBeTruthy();
    expect(screen.getByText('搭建质量很好')).toBeTruthy();
    expect(screen.getByRole('link', { name: '登录' })).toBeTruthy();
    // a visitor gets no share or edit buttons
    expect(screen.queryByText('复制分享链接')).toBeNull();
  });

  it('an unknown number says so', async () => {
    mockFetch(() =>
      jsonResponse(envelope('NOT_FOUND', null, { errorMessage: '展厅不存在', showType: 2 }), 404),
    );
    renderApp('/show?id=99999999');
    expect(await screen.findByText('展厅不存在', undefined, SLOW)).toBeTruthy();
  });

  it('the supplier itself, with no id, sees its own showroom and 复制分享链接', async () => {
    storage.saveLogin('10000003');
    syncSessionFromStorage();
    mockFetch((url, init) => {
      if (url.endsWith('/api/Company/showInfo') && String(init?.body).includes('10000003'))
        return jsonResponse(envelope('success', showInfoFixture({ mine: true })));
      return jsonResponse(envelope('NOT_LOGGED_IN', null, { showType: 0 }), 401);
    });
    renderApp('/show');
    expect(await screen.findByRole('heading', { name: '鼎盛展览工程' }, SLOW)).toBeTruthy();
    expect(screen.getByRole('button', { name: /复制分享链接/ })).toBeTruthy();
  });
});
