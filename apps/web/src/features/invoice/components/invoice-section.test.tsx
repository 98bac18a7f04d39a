import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Invoice } from '@zl/shared';
import dayjs from 'dayjs';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { stubBrowser } from '../../../lib/test-env.ts';
import { envelope, fakeFeedback, jsonResponse, mockFetch } from '../../../lib/test-utils.ts';
import { InvoiceSection, lastMonth } from './invoice-section.tsx';

const INV = (id: number, over: Partial<Invoice> = {}): Invoice => ({
  id,
  projectId: 9,
  orders: 'ZL20261127001',
  projectTitle: `展台项目 ${id}`,
  role: 'supplier',
  counterpart: '深圳华科电子有限公司',
  kind: 'normal',
  kindText: '普通发票',
  title: '深圳华科电子有限公司',
  taxNo: '',
  address: '',
  bank: '',
  bankAccount: '',
  amount: 100_000 * id,
  remark: '',
  status: 'issued',
  statusText: '已开票',
  number: '',
  file: { id: 'f'.repeat(22), url: `/files/${id}.pdf`, thumbUrl: null },
  reason: '',
  requested: '2026-11-27T02:00:00.000Z',
  decided: '2026-11-28T02:00:00.000Z',
  ...over,
});

function renderSection(audience: 'customer' | 'supplier') {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <InvoiceSection audience={audience} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  stubBrowser();
  fakeFeedback();
});
afterEach(() => vi.unstubAllGlobals());

describe('收支明细 → 发票', { timeout: 30_000 }, () => {
  it('the supplier pages through all its invoices, each linked to its project; 佣金月结单 of last month', async () => {
    const fetchMock = mockFetch((_url, init) => {
      const body = JSON.parse(String(init?.body)) as { page: number; pageSize: number; id?: number };
      const items =
        body.page === 1 ? [INV(1), INV(2, { status: 'requested', statusText: '待开票' })] : [INV(11)];
      return jsonResponse(
        envelope('success', { listItem: items, total: 11, page: body.page, request: null }),
      );
    });
    renderSection('supplier');
    const section = await screen.findByRole('region', { name: '发票' });
    await within(section).findByText('展台项目 1');
    expect(within(section).getByRole('link', { name: '展台项目 1' }).getAttribute('href')).toBe(
      '/orderDetail?id=9',
    );
    expect(within(section).getByText('共 11 条')).toBeTruthy();
    expect(within(section).getByRole('button', { name: /上传发票/ })).toBeTruthy();
    const month = lastMonth().format('YYYY-MM');
    const link = within(section).getByTestId('statement-link');
    expect(link.getAttribute('href')).toBe(`/api/Invoice/statement?month=${month}`);
    expect(link.hasAttribute('download')).toBe(true);

    fireEvent.click(within(section).getByRole('button', { name: '第 2 页' }));
    expect(await within(section).findByText('展台项目 11')).toBeTruthy();
    const bodies = fetchMock.mock.calls.map(([, init]) => JSON.parse(String((init as RequestInit).body)));
    expect(bodies).toEqual([
      { page: 1, pageSize: 10 },
      { page: 2, pageSize: 10 },
    ]);
  });

  it('the customer: no statement, its projects link to its own page, an empty list says how to ask', async () => {
    mockFetch(() => jsonResponse(envelope('success', { listItem: [], total: 0, page: 1, request: null })));
    renderSection('customer');
    const section = await screen.findByRole('region', { name: '发票' });
    expect(await within(section).findByText(/暂无发票。项目通过平台付款后/)).toBeTruthy();
    expect(within(section).queryByTestId('statement-link')).toBeNull();
  });

  it('a failed list says so with 重试, in the section', async () => {
    let fail = true;
    mockFetch(() =>
      fail
        ? jsonResponse(envelope('INTERNAL', null, { errorMessage: '服务繁忙', showType: 2 }), 500)
        : jsonResponse(
            envelope('success', {
              listItem: [INV(1, { role: 'customer' })],
              total: 1,
              page: 1,
              request: null,
            }),
          ),
    );
    renderSection('customer');
    const section = await screen.findByRole('region', { name: '发票' });
    expect(await within(section).findByText(/发票加载失败/)).toBeTruthy();
    fail = false;
    fireEvent.click(within(section).getByRole('button', { name: /重\s*试/ }));
    await waitFor(() =>
      expect(within(section).getByRole('link', { name: '展台项目 1' }).getAttribute('href')).toBe(
        '/customer/project?id=9',
      ),
    );
  });

  it('last month is the month before, across a new year', () => {
    expect(lastMonth(dayjs('2026-01-15')).format('YYYY-MM')).toBe('2025-12');
    expect(lastMonth(dayjs('2026-03-31')).format('YYYY-MM')).toBe('2026-02');
  });
});
