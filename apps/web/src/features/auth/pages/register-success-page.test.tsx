import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubMatchMedia } from '../../../lib/test-env.ts';
import RegisterSuccessPage from './register-success-page.tsx';

function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <RegisterSuccessPage />
    </MemoryRouter>,
  );
}

beforeEach(() => stubMatchMedia());

describe('/loginOther/registerSuccess', () => {
  it('a new 参展商 is told to publish a project, not to quote', () => {
    renderAt('/loginOther/registerSuccess?cardno=10000009&mobile=13900000009&cardtype=customer');
    expect(screen.getByText(/发布展台项目/)).toBeTruthy();
    expect(document.body.textContent).not.toContain('即可在项目大厅报价');
    expect(document.body.textContent).not.toContain('认证');
  });

  it('a new 供应商 is told to verify, then quote in the 项目大厅', () => {
    renderAt('/loginOther/registerSuccess?cardno=10000008&mobile=13800000008&cardtype=workshop');
    expect(screen.getByText(/完成实名或企业认证，即可在项目大厅报价/)).toBeTruthy();
  });
});
