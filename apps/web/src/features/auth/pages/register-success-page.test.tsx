import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../../lib/session-store.ts';
import { stubMatchMedia } from '../../../lib/test-env.ts';
import RegisterSuccessPage, { type RegisteredState } from './register-success-page.tsx';

function renderAt(entry: string | { pathname: string; state: unknown }) {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/loginOther/registerSuccess" element={<RegisterSuccessPage />} />
        <Route path="/login" element={<p>登录页</p>} />
        <Route path="/" element={<p>首页</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

const registered = (cardtype: 'customer' | 'workshop'): RegisteredState => ({
  registered: { cardno: '10000009', cardtype },
});

beforeEach(() => {
  stubMatchMedia();
  useSession.getState().sessionEnded();
});

describe('/loginOther/registerSuccess', () => {
  it('a new 参展商 is told to publish a project, not to quote', () => {
    renderAt({ pathname: '/loginOther/registerSuccess', state: registered('customer') });
    expect(screen.getByText(/发布展台项目/)).toBeTruthy();
    expect(screen.getByText('10000009')).toBeTruthy();
    expect(document.body.textContent).not.toContain('即可在项目大厅报价');
    expect(document.body.textContent).not.toContain('认证');
  });

  it('a new 供应商 is told to verify, then quote in the 项目大厅', () => {
    renderAt({ pathname: '/loginOther/registerSuccess', state: registered('workshop') });
    expect(screen.getByText(/完成实名或企业认证，即可在项目大厅报价/)).toBeTruthy();
  });

  it('opened directly while logged out: no 账号已创建, the login page instead', () => {
    renderAt('/loginOther/registerSuccess');
    expect(screen.getByText('登录页')).toBeTruthy();
    expect(document.body.textContent).not.toContain('账号已创建');
    expect(document.body.textContent).not.toContain('注册成功');
  });

  it('opened directly while logged in (or with the old query): home, nothing claimed', () => {
    useSession.getState().loggedIn({ cardno: '10000001' });
    renderAt('/loginOther/registerSuccess?cardno=10000008&mobile=13800000008&cardtype=workshop');
    expect(screen.getByText('首页')).toBeTruthy();
    expect(document.body.textContent).not.toContain('注册成功');
  });
});
