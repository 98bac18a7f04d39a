import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { stubBrowser } from '../../../lib/test-env.ts';
import { userInfoFixture } from '../../../lib/test-user-info.ts';
import { envelope, jsonResponse, mockFetch } from '../../../lib/test-utils.ts';
import DefaultPage from './default-page.tsx';

beforeEach(() => stubBrowser());
afterEach(() => vi.unstubAllGlobals());

const emptyWithdrawals = { listItem: [], total: 0, page: 1, balance: { cash: 0, frozen: 0 }, today: 0 };

function renderPage() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <DefaultPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('/personCenter/defaultPage (账户概览)', () => {
  it('shows the coin balance from userInfo.coins, with the way to top up', async () => {
    mockFetch((url) =>
      url.includes('Applycash/list')
        ? jsonResponse(envelope('success', emptyWithdrawals))
        : jsonResponse(envelope('success', userInfoFixture({ coins: 37 }))),
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <DefaultPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const label = await screen.findByText('金币余额', undefined, { timeout: 15_000 });
    expect(label.closest('.zl-ov-card')?.querySelector('.zl-ov-balance')?.textContent).toBe('37');
    expect(screen.getByRole('link', { name: '去充值' }).getAttribute('href')).toBe('/personCenter/charging');
  }, 30_000);

  it('shows the cash balance with 提现, the records with their status, and the invitation coins', async () => {
    mockFetch((url) =>
      url.includes('Applycash/list')
        ? jsonResponse(
            envelope('success', {
              listItem: [
                {
                  id: 2,
                  amount: 50_000,
                  status: 'rejected',
                  statusText: '已驳回',
                  reason: '收款账户姓名不符',
                  payoutType: 'alipay',
                  payoutAccount: '138****8000',
                  created: '2026-11-20T02:00:00.000Z',
                  reviewedAt: '2026-11-20T03:00:00.000Z',
                },
              ],
              total: 1,
              page: 1,
              balance: { cash: 123_456, frozen: 2000 },
              today: 0,
            }),
          )
        : jsonResponse(
            envelope(
              'success',
              userInfoFixture({
                ispaycode: true,
                payout: { type: 'alipay', name: '张三', account: '138****8000', bank: '' },
                invitpples: 3,
                invitcoins: 20,
                invitcoins_dsnr: 10,
                invitcoins_bsns: 10,
              }),
            ),
          ),
    );
    renderPage();
    await screen.findByText('¥1,234.56', undefined, { timeout: 15_000 });
    expect(screen.getByTestId('cash-available').textContent).toBe('¥1,234.56');
    expect(screen.getByTestId('cash-frozen').textContent).toBe('¥20.00');
    expect(screen.getByRole('button', { name: /^提\s*现$/ })).toBeTruthy();
    expect(screen.getByText('已驳回')).toBeTruthy();
    expect(screen.getByText('驳回原因：收款账户姓名不符')).toBeTruthy();
    expect(screen.getByTestId('invite-coins').textContent).toContain('20');
  }, 30_000);

  it('without a pay password, points to 账号安全 instead of 提现', async () => {
    mockFetch((url) =>
      url.includes('Applycash/list')
        ? jsonResponse(envelope('success', emptyWithdrawals))
        : jsonResponse(envelope('success', userInfoFixture({ ispaycode: false }))),
    );
    renderPage();
    await screen.findByText('暂无提现记录', undefined, { timeout: 15_000 });
    expect(screen.queryByRole('button', { name: /^提\s*现$/ })).toBeNull();
    expect(screen.getByRole('link', { name: '账号安全' }).getAttribute('href')).toBe(
      '/personCenter/securitySetting',
    );
  }, 30_000);
});
