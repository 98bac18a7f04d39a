import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNavigator } from '../lib/navigation.ts';
import { syncSessionFromStorage, useSession } from '../lib/session-store.ts';
import { storage } from '../lib/storage.ts';
import { envelope, jsonResponse, mockFetch } from '../lib/test-utils.ts';
import { AuthGate } from './auth-gate.tsx';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <p>登录页</p> },
      {
        path: '/',
        element: <AuthGate />,
        children: [
          { index: true, element: <p>首页内容</p> },
          { path: 'orderCenter', element: <p>项目大厅内容</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  setNavigator((to, opts) => void router.navigate(to, opts));
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  useSession.setState({ member: null, autologin: 'idle' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  setNavigator(null);
});

describe('<AuthGate>', () => {
  it('rule 1: shows the page when a cardno is stored', async () => {
    storage.saveLogin('10000001');
    syncSessionFromStorage();
    const fetchMock = mockFetch(() => jsonResponse(envelope('success')));
    renderAt('/orderCenter');
    expect(await screen.findByText('项目大厅内容')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('rule 5: nothing stored → /login with ?redirect', async () => {
    syncSessionFromStorage();
    const router = renderAt('/orderCenter');
    expect(await screen.findByText('登录页')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?redirect=%2ForderCenter');
  });

  it('rules 2+3: remembered mobile → /login, auto-login with {autologin: 1} and no password, then the page asked for', async () => {
    storage.saveName('13800138000');
    syncSessionFromStorage();
    const fetchMock = mockFetch(() =>
      jsonResponse(
        envelope('success', {
          cardno: '10000001',
          cardtype: 'workshop',
          mobile: '13800138000',
          nickname: '',
          remembered: true,
        }),
      ),
    );
    const router = renderAt('/orderCenter?page=2');
    // issue 8 item 13: the page that was opened, not the home page
    await waitFor(() => expect(screen.getByText('项目大厅内容')).toBeTruthy());
    expect(router.state.location.pathname).toBe('/orderCenter');
    expect(router.state.location.search).toBe('?page=2');
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/User/login');
    expect(JSON.parse(String(init.body))).toEqual({ autologin: 1 });
    expect(storage.getCardno()).toBe('10000001');
    expect(localStorage.getItem('zlgys_loginState')).toBe('true');
  });

  it('rules 2+4: auto-login refused → stays on /login and forgets the mobile', async () => {
    storage.saveName('13800138000');
    syncSessionFromStorage();
    mockFetch(() =>
      jsonResponse(envelope('REMEMBER_INVALID', null, { errorMessage: '自动登录已失效', showType: 0 }), 401),
    );
    const router = renderAt('/orderCenter');
    expect(await screen.findByText('登录页')).toBeTruthy();
    await waitFor(() => expect(storage.getName()).toBeNull());
    expect(router.state.location.pathname).toBe('/login');
    expect(storage.getCardno()).toBeNull();
    expect(useSession.getState().autologin).toBe('failed');
  });

  it('a NOT_LOGGED_IN session end re-runs the guard', async () => {
    storage.saveLogin('10000001');
    syncSessionFromStorage();
    const router = renderAt('/orderCenter');
    expect(await screen.findByText('项目大厅内容')).toBeTruthy();
    useSession.getState().sessionEnded();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
