import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Navigate, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { syncSessionFromStorage, useSession } from '../../../lib/session-store.ts';
import { storage } from '../../../lib/storage.ts';
import { envelope, jsonResponse, mockFetch } from '../../../lib/test-utils.ts';
import LoginPage from './login-page.tsx';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/', element: <Navigate to="/mainPage" replace /> },
      { path: '/mainPage', element: <p>供应商首页</p> },
      { path: '/customer', element: <p>参展商中心</p> },
      { path: '/orderCenter', element: <p>项目大厅</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  window.localStorage.clear();
  useSession.setState({ member: null, autologin: 'idle' });
  syncSessionFromStorage();
  mockFetch(() => jsonResponse(envelope('success', null)));
});
afterEach(() => vi.unstubAllGlobals());

describe('/login opened by a member who is logged in', { timeout: 30_000 }, () => {
  it('a supplier goes home (/mainPage)', async () => {
    storage.saveLogin('10000001');
    syncSessionFromStorage();
    const router = renderAt('/login');
    await screen.findByText('供应商首页');
    expect(router.state.location.pathname).toBe('/mainPage');
  });

  it('a customer goes to /customer', async () => {
    storage.saveLogin('10000002');
    syncSessionFromStorage();
    useSession.setState({
      member: { cardno: '10000002', cardtype: 'customer', mobile: '13900000002', nickname: '' },
    });
    const router = renderAt('/login');
    await screen.findByText('参展商中心');
    expect(router.state.location.pathname).toBe('/customer');
  });

  it('the page asked for wins (?redirect)', async () => {
    storage.saveLogin('10000001');
    syncSessionFromStorage();
    const router = renderAt('/login?redirect=%2ForderCenter');
    await waitFor(() => expect(router.state.location.pathname).toBe('/orderCenter'));
  });

  it('nobody logged in: the login form', async () => {
    const router = renderAt('/login');
    expect(await screen.findByRole('heading', { name: '登录' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });
});
