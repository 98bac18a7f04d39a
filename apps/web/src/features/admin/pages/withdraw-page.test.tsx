import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AdminWithdrawItem } from '@zl/shared';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { stubBrowser } from '../../../lib/test-env.ts';
import { envelope, fakeFeedback, jsonResponse, mockFetch } from '../../../lib/test-utils.ts';
import FundsPage from './funds-page.tsx';
import WithdrawPage from './withdraw-page.tsx';

const ITEM: AdminWithdrawItem = {
  id: 7,
  cardno: '10000001',
  mobile: '13800000001',
  name: '上海鼎盛展览工程有限公司',
  nickname: '用户0001',
  cardtype: 'workshop',
  amount: 123_456,
  status: 'pending',
  statusText: '审核中',
  payoutType: 'alipay',
  payoutName: '张三',
  verifiedRealname: '张三',
  verifiedCompany: '',
  payoutAccount: '13800000001',
  payoutBank: '',
  created: '2026-11-22T02:05:00.000Z',
  reviewedAt: null,
  reviewer: null,
  reason: '',
  reference: '',
};

const SLOW = { timeout: 15_000 };

function renderWith(el: React.ReactNode) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>{el}</MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  stubBrowser();
  fakeFeedback();
});
afterEach(() => vi.unstubAllGlobals());

describe('提现审核', () => {
  it('shows the verified name beside the payee, and flags a payee that is not one', async () => {
    const wrong = { ...ITEM, id: 8, amount: 500_000, payoutName: '李四', verifiedRealname: '王行走' };
    mockFetch(() =>
      jsonResponse(
        envelope('success', { listItem: [ITEM, wrong], total: 2, page: 1, alipay: false, sandbox: false }),
      ),
    );
    renderWith(<WithdrawPage />);
    const good = await screen.findByRole('row', { name: /¥1,234\.56/ }, SLOW);
    expect(within(good).getByText('与认证一致')).toBeTruthy();
    expect(within(good).getByText('认证：张三')).toBeTruthy();
    const bad = screen.getByRole('row', { name: /¥5,000\.00/ });
    expect(within(bad).getByText('与认证不符')).toBeTruthy();
    expect(within(bad).getByText('认证：王行走')).toBeTruthy();
  }, 30_000);

  it('pays with a manual reference after a confirmation that shows the payee', async () => {
    const bodies: Array<{ url: string; body: unknown }> = [];
    mockFetch((url, init) => {
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      bodies.push({ url, body });
      if (url.includes('withdrawReview'))
        return jsonResponse(envelope('success', { id: 7, status: 'paid', reference: 'ICBC-1' }));
      return jsonResponse(
        envelope('success', { listItem: [ITEM], total: 1, page: 1, alipay: false, sandbox: false }),
      );
    });
    renderWith(<WithdrawPage />);
    expect(await screen.findByText('¥1,234.56', undefined, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^打\s*款$/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('张三')).toBeTruthy();
    // the member by its verified name (docs/members.md "Party names"), not its nickname
    expect(within(dialog).getByText(/上海鼎盛展览工程有限公司/)).toBeTruthy();
    expect(screen.queryByText(/用户0001/)).toBeNull();
    // 通过支付宝转账 is off without Alipay: the reference is required
    fireEvent.click(within(dialog).getByRole('button', { name: '确认已打款' }));
    expect(await within(dialog).findByText('请填写银行或支付宝的打款凭证号')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('打款凭证号'), { target: { value: 'ICBC-1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认已打款' }));
    await waitFor(() => expect(bodies.some((b) => b.url.includes('withdrawReview'))).toBe(true));
    expect(bodies.find((b) => b.url.includes('withdrawReview'))!.body).toEqual({
      id: 7,
      approve: true,
      reference: 'ICBC-1',
    });
  }, 30_000);
});

describe('资金概览', () => {
  it('shows the ledger check red when it fails', async () => {
    mockFetch(() =>
      jsonResponse(
        envelope('success', {
          ledger: {
            ok: false,
            accounts: 9,
            transactions: 20,
            problems: 2,
            checkedAt: '2026-11-23T01:17:00.000Z',
          },
          inflowToday: 5000,
          inflowMonth: 150_000,
          escrowHeld: 2_000_000,
          commission: 10_000,
          pendingCount: 1,
          pendingAmount: 50_000,
          paidMonthCount: 3,
          paidMonth: 300_000,
          overdue: {
            count: 1,
            amount: 597_600,
            items: [
              {
                projectId: 26,
                orders: 'P202611280001',
                title: '2026 东莞国际机械展特装展台（尾款逾期）',
                customerName: '林华展',
                customerMobile: '13900000002',
                kind: 'final',
                kindText: '尾款',
                amount: 597_600,
                dueAt: new Date(Date.now() - 2 * 86_400_000 - 3_600_000).toISOString(),
              },
            ],
          },
          at: '2026-11-23T02:00:00.000Z',
        }),
      ),
    );
    renderWith(<FundsPage />);
    expect(await screen.findByText('账本核对异常（2 处）', undefined, SLOW)).toBeTruthy();
    expect(screen.getByTestId('ledger-check').className).toContain('is-bad');
    // the check is hourly: the page says when it ran
    expect(screen.getByTestId('ledger-check').textContent).toContain('最近一次 2026-11-23 09:17');
    expect(screen.getByTestId('inflow-today').textContent).toBe('¥50.00');
    expect(screen.getByText('¥20,000.00')).toBeTruthy();
    // who owes what since when
    expect(screen.getByTestId('overdue-amount').textContent).toBe('¥5,976.00');
    const row = screen.getByText('2026 东莞国际机械展特装展台（尾款逾期）').closest('tr')!;
    for (const t of ['林华展', '13900000002', '尾款', '¥5,976.00', '逾期 2 天'])
      expect(within(row).getByText(t)).toBeTruthy();
  }, 30_000);

  it('重新核对 runs the check now and shows its time, once per click', async () => {
    const overview = {
      ledger: {
        ok: false,
        accounts: 9,
        transactions: 20,
        problems: 1,
        checkedAt: '2026-11-23T01:17:00.000Z',
      },
      inflowToday: 0,
      inflowMonth: 0,
      escrowHeld: 0,
      commission: 0,
      pendingCount: 0,
      pendingAmount: 0,
      paidMonthCount: 0,
      paidMonth: 0,
      overdue: { count: 0, amount: 0, items: [] },
      at: '2026-11-23T02:00:00.000Z',
    };
    let rechecked = false;
    const fetch = mockFetch((url) => {
      if (url.endsWith('/Admin/ledgerRecheck')) {
        rechecked = true;
        return jsonResponse(
          envelope('success', {
            ok: true,
            accounts: 9,
            transactions: 21,
            problems: 0,
            checkedAt: '2026-11-23T02:31:00.000Z',
          }),
        );
      }
      return jsonResponse(
        envelope(
          'success',
          rechecked
            ? {
                ...overview,
                ledger: { ...overview.ledger, ok: true, problems: 0, checkedAt: '2026-11-23T02:31:00.000Z' },
              }
            : overview,
        ),
      );
    });
    renderWith(<FundsPage />);
    expect(await screen.findByText('账本核对异常（1 处）', undefined, SLOW)).toBeTruthy();
    const button = screen.getByRole('button', { name: /重新核对/ });
    fireEvent.click(button);
    fireEvent.click(button);
    expect(await screen.findByText('账本核对通过', undefined, SLOW)).toBeTruthy();
    expect(screen.getByTestId('ledger-check').textContent).toContain('最近一次 2026-11-23 10:31');
    expect(fetch.mock.calls.filter(([u]) => String(u).endsWith('/Admin/ledgerRecheck'))).toHaveLength(1);
  }, 30_000);
});
