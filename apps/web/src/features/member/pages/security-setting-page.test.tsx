import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { stubMatchMedia } from '../../../lib/test-env.ts';
import { userInfoFixture } from '../../../lib/test-user-info.ts';
import { envelope, jsonResponse, mockFetch } from '../../../lib/test-utils.ts';
import SecuritySettingPage from './security-setting-page.tsx';

beforeEach(() => {
  stubMatchMedia();
  mockFetch(() => jsonResponse(envelope('success', userInfoFixture())));
});
afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <SecuritySettingPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The first render loads antd's form and password modules. */
const SLOW = { timeout: 15_000 };

describe('/personCenter/securitySetting', { timeout: 30_000 }, () => {
  it('no element id is used twice', async () => {
    renderPage();
    await screen.findByRole('form', { name: '支付密码与收款账户' }, SLOW);
    const ids = [...document.querySelectorAll('[id]')].map((e) => e.id);
    const twice = ids.filter((id, i) => ids.indexOf(id) !== i);
    expect(twice).toEqual([]);
  });

  it('each 登录密码 label points at the input of its own form', async () => {
    renderPage();
    const pay = await screen.findByRole('form', { name: '支付密码与收款账户' }, SLOW);
    const input = within(pay).getByLabelText('登录密码');
    expect(pay.contains(input)).toBe(true);
    const label = within(pay).getByText('登录密码', { selector: 'label' });
    fireEvent.click(label);
    expect(document.getElementById(label.getAttribute('for') ?? '')).toBe(input);
    const change = screen.getByRole('form', { name: '修改登录密码' });
    expect(change.contains(input)).toBe(false);
  });

  it('a customer is offered no pay password: it never withdraws (docs/withdrawals.md)', async () => {
    mockFetch(() => jsonResponse(envelope('success', { ...userInfoFixture(), cardtype: 'customer' })));
    renderPage();
    await screen.findByRole('form', { name: '修改登录密码' }, SLOW);
    expect(screen.getByText(/参展商账号无需支付密码/)).toBeTruthy();
    expect(screen.queryByRole('form', { name: '支付密码与收款账户' })).toBeNull();
    expect(screen.queryByText('设置支付密码')).toBeNull();
  });
});
