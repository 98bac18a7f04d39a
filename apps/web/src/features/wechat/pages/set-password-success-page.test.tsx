import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../../lib/session-store.ts';
import { stubMatchMedia } from '../../../lib/test-env.ts';
import SetPasswordSuccessPage from './set-password-success-page.tsx';

function renderAt(entry: string | { pathname: string; state: unknown }) {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/loginOther/setPasswordSuccess" element={<SetPasswordSuccessPage />} />
        <Route path="/login" element={<p>登录页</p>} />
        <Route path="/" element={<p>首页</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  stubMatchMedia();
  useSession.getState().sessionEnded();
});

describe('/loginOther/setPasswordSuccess', () => {
  it('right after the set-password page: 密码设置成功 with the masked mobile', () => {
    renderAt({ pathname: '/loginOther/setPasswordSuccess', state: { mobile: '13800000008' } });
    expect(screen.getByText('密码设置成功')).toBeTruthy();
    expect(document.body.textContent).not.toContain('13800000008');
  });

  it('opened directly while logged out: the login page, not 密码设置成功', () => {
    renderAt('/loginOther/setPasswordSuccess');
    expect(screen.getByText('登录页')).toBeTruthy();
    expect(document.body.textContent).not.toContain('密码设置成功');
  });

  it('opened directly while logged in: home, not 密码设置成功', () => {
    useSession.getState().loggedIn({ cardno: '10000001' });
    renderAt('/loginOther/setPasswordSuccess');
    expect(screen.getByText('首页')).toBeTruthy();
    expect(document.body.textContent).not.toContain('密码设置成功');
  });
});
