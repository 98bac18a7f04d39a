import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type { HomeInfo } from '@zl/shared';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { useSession } from '../../../lib/session-store.ts';
import { stubBrowser } from '../../../lib/test-env.ts';
import { envelope, fakeFeedback, jsonResponse, mockFetch } from '../../../lib/test-utils.ts';
import MainPage from './main-page.tsx';

const SLOW = { timeout: 15_000 };
const months = (amounts: number[]) =>
  amounts.map((amount, i) => ({ month: `2026-${String(i + 1).padStart(2, '0')}`, amount }));

const BUSY: HomeInfo = {
  todos: {
    quote: [
      {
        id: 11,
        orders: 'P1',
        title: '上海车展特装展台',
        city: '上海市',
        biddl: new Date(Date.now() + 5 * 3_600_000).toISOString(),
        coins: 8,
        reason: 'closing',
      },
    ],
    delivery: [
      {
        id: 21,
        orders: 'P2',
        title: '广州照明展展台',
        step: '待签合同',
        action: '下载并签订合同',
        href: '/signContract?id=21',
        due: '2026-01-09',
        overdue: true,
      },
    ],
    unreadTips: 4,
  },
  figures: { quotes: 12, won: 5, winRate: 63, completed: 3, earningsMonth: 950_000, earningsYear: 2_140_000 },
  earnings: months([0, 0, 0, 0, 0, 0, 0, 0, 0, 1_190_000, 0, 950_000]),
  projects: [],
  region: '',
};
const NEW: HomeInfo = {
  todos: { quote: [], delivery: [], unreadTips: 0 },
  figures: { quotes: 0, won: 0, winRate: null, completed: 0, earningsMonth: 0, earningsYear: 0 },
  earnings: months(Array(12).fill(0)),
  projects: [],
  region: '',
};

function renderHome(home: HomeInfo) {
  mockFetch((url) => jsonResponse(envelope('success', url.includes('homeInfo') ? home : null)));
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <MainPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  stubBrowser();
  fakeFeedback();
  useSession.setState({
    cardno: '10000001',
    member: { cardno: '10000001', cardtype: 'workshop', mobile: '13800000001', nickname: '鼎盛展览工厂' },
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('the supplier home', () => {
  it('lists the to-dos with their links and deadlines, the figures and the earnings chart', async () => {
    renderHome(BUSY);
    const todos = await screen.findByRole('list', { name: '交付待办' }, SLOW);
    expect(within(todos).getByRole('link', { name: '下载并签订合同' }).getAttribute('href')).toBe(
      '/signContract?id=21',
    );
    expect(within(todos).getByText(/已逾期/)).toBeTruthy();
    const quote = screen.getByRole('list', { name: '待报价' });
    expect(within(quote).getByText('即将截止')).toBeTruthy();
    expect(within(quote).getByRole('link', { name: '去报价（8 金币）' }).getAttribute('href')).toBe(
      '/orderDetail?id=11',
    );
    expect(screen.getByRole('link', { name: /4 条未读消息/ }).getAttribute('href')).toBe('/message');
    expect(screen.getByText('63%')).toBeTruthy();
    expect(screen.getByText('¥9,500.00')).toBeTruthy();
    expect(screen.getByText('¥21,400.00')).toBeTruthy();
    // the chart's months with their amounts, formatted from the integer 分
    const chart = screen.getByTestId('home-earnings-chart');
    expect(within(chart).getByRole('group', { name: /近 12 个月收入/ })).toBeTruthy();
    const rows = within(chart).getAllByRole('row');
    expect(rows).toHaveLength(12);
    expect(rows.at(-1)!.textContent).toContain('收入 ¥9,500.00');
    expect(rows.at(-3)!.textContent).toContain('收入 ¥11,900.00');
  });

  it('a new supplier gets empty states that say what to do, and the flow', async () => {
    renderHome(NEW);
    expect(await screen.findByText(/暂无待办/, {}, SLOW)).toBeTruthy();
    expect(screen.getByText(/还没有收入/)).toBeTruthy();
    expect(screen.getByText('尚无定标结果')).toBeTruthy();
    expect(screen.getByText(/暂时没有竞标中的项目/)).toBeTruthy();
    expect(screen.getByText('接单流程')).toBeTruthy();
    // no chart to draw
    expect(screen.queryByTestId('home-earnings-chart')).toBeNull();
  });
});
