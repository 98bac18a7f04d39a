import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type { AdminMe, QueueCounts } from '@zl/shared';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client.ts';
import { stubBrowser } from '../../lib/test-env.ts';
import { envelope, fakeFeedback, jsonResponse, mockFetch } from '../../lib/test-utils.ts';
import AdminLayout from './admin-layout.tsx';

const SLOW = { timeout: 15_000 };

function renderAs(me: AdminMe, counts: QueueCounts) {
  const fetch = mockFetch((url) =>
    jsonResponse(
      envelope('success', url.includes('Admin/me') ? me : url.includes('queueCounts') ? counts : null),
    ),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/admin/verify']}>
        <AdminLayout />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetch;
}

const item = (label: string) => screen.getByRole('link', { name: new RegExp(`^${label}`) });

beforeEach(() => {
  stubBrowser();
  fakeFeedback();
});
afterEach(() => vi.unstubAllGlobals());

describe('console queue badges', () => {
  it("a reviewer's menu counts its queues; an empty queue has no badge", async () => {
    const fetch = renderAs(
      { username: 'reviewer', displayName: '审核员', role: 'reviewer' },
      { verify: 3, projects: 0, withdrawals: null, complaints: 120 },
    );
    expect(
      await within(await screen.findByRole('link', { name: /^认证审核/ }, SLOW)).findByText('3', {}, SLOW),
    ).toBeTruthy();
    expect(within(item('项目审核')).queryByText('0')).toBeNull();
    expect(within(item('投诉处理')).getByText('99+')).toBeTruthy();
    // not the reviewer's: no menu item at all
    expect(screen.queryByRole('link', { name: /^提现审核/ })).toBeNull();
    expect(fetch.mock.calls.some(([u]) => String(u).includes('Admin/queueCounts'))).toBe(true);
  });

  it("finance sees the withdrawals' badge", async () => {
    renderAs(
      { username: 'finance', displayName: '财务', role: 'finance' },
      { verify: null, projects: null, withdrawals: 2, complaints: null },
    );
    const link = await screen.findByRole('link', { name: /^提现审核/ }, SLOW);
    expect(await within(link).findByText('2', {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^认证审核/ })).toBeNull();
    // 站外通知 is of the audit area, beside 操作日志
    expect(item('站外通知').getAttribute('href')).toBe('/admin/notices');
  });
});
