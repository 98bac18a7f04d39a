import { configure, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetTicket } from '../../../lib/storage.ts';
import { stubMatchMedia } from '../../../lib/test-env.ts';
import { envelope, fakeFeedback, jsonResponse, mockFetch } from '../../../lib/test-utils.ts';
import ResetPasswordPage from './reset-password-page.tsx';
import SetPwdPage from './setpwd-page.tsx';

// an antd form validates slowly in jsdom on a shared two-core machine
configure({ asyncUtilTimeout: 10_000 });

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/login/setpwd', element: <SetPwdPage /> },
      { path: '/login/resetPassword', element: <ResetPasswordPage /> },
      { path: '/login/forget', element: <p>找回密码第 1 步</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  stubMatchMedia();
  fakeFeedback();
  window.sessionStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function fillPasswords(password: string) {
  fireEvent.change(screen.getByPlaceholderText('设置新密码'), { target: { value: password } });
  fireEvent.change(screen.getByPlaceholderText('再次输入新密码'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: '确认修改' }));
}

describe('/login/resetPassword', { timeout: 30_000 }, () => {
  it('opened directly (nothing reset in this browser) → back to step 1, no 密码已重置', async () => {
    const router = renderAt('/login/resetPassword');
    await screen.findByText('找回密码第 1 步');
    expect(router.state.location.pathname).toBe('/login/forget');
    expect(screen.queryByText('密码已重置')).toBeNull();
  });

  it('after the server accepted the new password → 密码已重置', async () => {
    resetTicket.save({ mobile: '13800000009', token: 't'.repeat(43), expiresAt: Date.now() + 600_000 });
    mockFetch(() => jsonResponse(envelope('success', null)));
    const router = renderAt('/login/setpwd');
    fillPasswords('newpass987');
    await screen.findByText('密码已重置');
    expect(router.state.location.pathname).toBe('/login/resetPassword');
  });

  it('the same password as before → 新密码不能与原密码相同 under the field, still on step 2', async () => {
    resetTicket.save({ mobile: '13800000009', token: 't'.repeat(43), expiresAt: Date.now() + 600_000 });
    mockFetch(() =>
      jsonResponse(
        envelope(
          'PASSWORD_SAME',
          { fields: { password: '新密码不能与原密码相同' } },
          {
            showType: 1,
            errorMessage: '新密码不能与原密码相同',
          },
        ),
        400,
      ),
    );
    const router = renderAt('/login/setpwd');
    fillPasswords('demo1234');
    await screen.findByText('新密码不能与原密码相同');
    expect(router.state.location.pathname).toBe('/login/setpwd');
    expect(screen.queryByText('密码已重置')).toBeNull();
    expect(resetTicket.read()).not.toBeNull();
  });
});
