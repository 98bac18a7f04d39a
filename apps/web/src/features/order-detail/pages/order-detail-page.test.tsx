import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { stubMatchMedia } from '../../../lib/test-env.ts';
import { payPlanFixture } from '../../../lib/test-pay-plan.ts';
import { envelope, fakeFeedback, jsonResponse, mockFetch } from '../../../lib/test-utils.ts';
import OrderDetailPage from './order-detail-page.tsx';

const empty = { dimian: [], beiban: [], mentou: [], zhanshi: [], jiedai: [], meigong: [], zulin: [] };
const DETAIL = {
  ...empty,
  id: 7,
  mobile: '',
  orders: 'P202611220001',
  groupid: 1,
  groupname: '特装展台',
  title: '福州车展特装展台',
  length: 6,
  width: 4,
  height: 3,
  areas: 24,
  opens: 2,
  prepay: 1234500,
  payPlan: { prepay: 30, progress: 40, final: 30, retention: 5 },
  contractAmount: null,
  coins: 10,
  peoples: 3,
  picture: [],
  workpic: [],
  attach: '',
  attachname: '',
  conts: '需要木结构',
  sdate: '2099-12-01',
  edate: '2099-12-03',
  // the defaults of the show's days (docs/show-dates.md), China time
  buildStart: '2099-11-29T00:00:00.000Z',
  buildEnd: '2099-11-30T14:00:00.000Z',
  teardownStart: '2099-12-03T09:00:00.000Z',
  teardownEnd: '2099-12-03T15:00:00.000Z',
  filingDeadline: '',
  hall: '',
  booth: '',
  deposit: 0,
  biddl: '2099-11-30T10:00:00.000Z',
  prov: '福建省',
  city: '福州市',
  strt: '仓山区',
  addr: '海峡会展中心',
  dates: '2026-11-20',
  times: '10:00:00',
  status: 1,
  statusText: '竞标中',
  checked: 1,
  orbits: [{ status: 1, statusText: '竞标中', at: '2026-11-20 12:00:00' }],
  favorite: false,
  myQuote: null,
  canQuote: false,
  whyNot: 'NOT_VERIFIED',
  whyNotText: '完成实名认证或企业认证后才能报价',
};

class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

function show(detail: Record<string, unknown>) {
  mockFetch((url) =>
    url.endsWith('questionList')
      ? jsonResponse(envelope('success', { open: true, newSinceMyQuote: 0, listItem: [] }))
      : jsonResponse(envelope('success', detail)),
  );
  const router = createMemoryRouter([{ path: '/orderDetail', element: <OrderDetailPage /> }], {
    initialEntries: ['/orderDetail?id=7'],
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  stubMatchMedia();
  vi.stubGlobal('ResizeObserver', NoResizeObserver);
  fakeFeedback();
});
afterEach(() => vi.unstubAllGlobals());

// antd in jsdom on a shared 2-core machine: give each page room beyond the 5 s default
describe('/orderDetail', { timeout: 30_000 }, () => {
  it('hides the customer contact (「中标后可见」) while mobile is empty', async () => {
    show(DETAIL);
    expect(await screen.findByText('中标后可见')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /tel:|1\d{10}/ })).toBeNull();
    expect(screen.getAllByText('¥12,345.00').length).toBeGreaterThan(0);
  });

  it('before the award a bidder sees the payment plan, never 预付款 ¥0.00 (docs/staged-escrow.md)', async () => {
    show({ ...DETAIL, prepay: 0 });
    expect(await screen.findByText('预付款 30% · 进场款 40% · 尾款 30%（含质保金 5%）')).toBeTruthy();
    expect(screen.getByText('预付比例')).toBeTruthy();
    expect(screen.queryByText('¥0.00')).toBeNull();
  });

  it('展期: build-in, the show, teardown, 报馆截止, 馆号/展位号 and 施工押金 (docs/show-dates.md)', async () => {
    show({
      ...DETAIL,
      filingDeadline: '2099-11-20T10:00:00.000Z',
      hall: '7.1H',
      booth: 'A01',
      deposit: 500000,
    });
    const block = await screen.findByTestId('show-dates');
    expect(block.closest('section')?.querySelector('h2')?.textContent).toBe('展期');
    const text = block.textContent ?? '';
    expect(text).toContain('进场布展2099-11-29 08:00 – 11-30 22:00');
    expect(text).toContain('开展2099-12-01 – 12-03');
    expect(text).toContain('撤场2099-12-03 17:00 – 23:00');
    expect(text).toContain('报馆截止2099-11-20 18:00');
    expect(text).toContain('馆号/展位号7.1H / A01');
    expect(text).toContain('施工押金¥5,000.00');
  });

  it('a stranger gets no timeline: 项目进度 says who sees it (docs/delivery.md § Who sees the delivery)', async () => {
    const { orbits: _orbits, ...stranger } = DETAIL;
    show(stranger);
    expect(await screen.findByText('仅参展商和中标方可见')).toBeTruthy();
    expect(screen.queryByText('暂无记录')).toBeNull();
  });

  it('a party gets the timeline', async () => {
    show(DETAIL);
    expect(await screen.findByText('项目进度')).toBeTruthy();
    expect(screen.queryByText('仅参展商和中标方可见')).toBeNull();
  });

  it('shows the contact once the server sends it (the winner)', async () => {
    show({ ...DETAIL, status: 2, statusText: '已选标', mobile: '13900000002' });
    expect(await screen.findByText(/13900000002/)).toBeTruthy();
    expect(screen.queryByText('中标后可见')).toBeNull();
  });

  it('an unverified supplier gets a disabled button with the reason and the way to verify', async () => {
    show(DETAIL);
    const btn = await screen.findByRole('button', { name: '认证后报价' });
    expect((btn as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('link', { name: '去认证' }).getAttribute('href')).toBe(
      '/personCenter/security_person',
    );
  });

  it('a verified supplier with coins may quote', async () => {
    show({ ...DETAIL, canQuote: true, whyNot: null, whyNotText: '' });
    const btn = await screen.findByRole('button', { name: '立即报价' });
    expect((btn as HTMLButtonElement).disabled).toBe(false);
  });

  it('a won project before the deadline says won, once, and never 「请等待客户选标」', async () => {
    const won = {
      ...DETAIL,
      status: 2,
      statusText: '已选标',
      mobile: '13900000002',
      myQuote: { quoteId: 3, total: 972000, days: 5, status: 1, created: '2026-11-21 10:00:00', updated: '' },
      whyNot: 'ALREADY_QUOTED',
      whyNotText: '您已报价，可在截止前修改报价',
    };
    mockFetch((url) => {
      if (url.endsWith('winnerInfo')) {
        return jsonResponse(
          envelope('success', {
            awarded: true,
            winner: { cardno: '10000009', nickname: '李师傅', company: '' },
            mine: 'won',
            contact: { mobile: '13900000002', name: '王经理' },
          }),
        );
      }
      if (url.endsWith('userInfo'))
        return jsonResponse(envelope('success', { personauth: 1, businsauth: 3 }));
      if (url.endsWith('questionList'))
        return jsonResponse(envelope('success', { open: false, newSinceMyQuote: 0, listItem: [] }));
      if (url.endsWith('Invoice/list'))
        return jsonResponse(envelope('success', { listItem: [], total: 0, page: 1, request: null }));
      if (url.endsWith('Projectcenter/payPlan')) return jsonResponse(envelope('success', payPlanFixture()));
      if (url.endsWith('Projectcenter/changeOrderList'))
        return jsonResponse(
          envelope('success', {
            listItem: [],
            contractAmount: 972000,
            role: 'supplier',
            canAdd: false,
            reducible: 0,
          }),
        );
      return jsonResponse(envelope('success', won));
    });
    const router = createMemoryRouter(
      [
        { path: '/orderDetail', element: <OrderDetailPage /> },
        { path: '/message', element: <p>消息中心</p> },
      ],
      { initialEntries: ['/orderDetail?id=7'] },
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('恭喜您中标')).toBeTruthy();
    const btn = screen.getByRole('button', { name: '已中标' });
    expect((btn as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByText(/请等待客户选标/)).toBeNull();
    expect(screen.queryByRole('button', { name: '已报价' })).toBeNull();
    expect(screen.queryByText(/修改报价/)).toBeNull();
    // the winner issues the customer's invoices here (docs/invoices.md)
    const invoices = await screen.findByRole('region', { name: '发票' });
    expect(invoices.textContent).toContain('参展商暂未申请发票');
    // and follows the customer's payments (docs/staged-escrow.md), without a button of the customer's
    const stages = await screen.findByRole('region', { name: '付款计划' });
    expect(stages.textContent).toContain('尾款逾期未付');
    expect(screen.queryAllByRole('button', { name: /支付|确认进场/ })).toHaveLength(0);
    // 联系参展商 opens the project's conversation on 消息中心 (docs/conversation.md)
    fireEvent.click(screen.getByRole('button', { name: /联系参展商/ }));
    expect(await screen.findByText('消息中心')).toBeTruthy();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/message?project=7');
  });
  it('the winner in 施工中 gets 现场 at #site with 进场打卡 (docs/site.md)', async () => {
    const building = {
      ...DETAIL,
      status: 4,
      statusText: '施工中',
      mobile: '13900000002',
      myQuote: { quoteId: 3, total: 972000, days: 5, status: 1, created: '2026-11-21 10:00:00', updated: '' },
      whyNot: 'ALREADY_QUOTED',
      whyNotText: '',
    };
    mockFetch((url) => {
      if (url.endsWith('Projectcenter/getInfo')) return jsonResponse(envelope('success', building));
      if (url.endsWith('winnerInfo'))
        return jsonResponse(
          envelope('success', {
            awarded: true,
            winner: { cardno: '10000009', nickname: '李师傅', company: '' },
            mine: 'won',
            contact: { mobile: '13900000002', name: '王经理' },
          }),
        );
      if (url.endsWith('Projectcenter/siteTimeline'))
        return jsonResponse(
          envelope('success', {
            listItem: [],
            role: 'supplier',
            checkInOpens: '2026-11-24T16:00:00.000Z',
            showOpens: '2099-11-30T16:00:00.000Z',
            canCheckIn: true,
            canLog: false,
            canReady: false,
            canConfirm: false,
            onTime: null,
          }),
        );
      return jsonResponse(envelope('success', null));
    });
    const router = createMemoryRouter([{ path: '/orderDetail', element: <OrderDetailPage /> }], {
      initialEntries: ['/orderDetail?id=7'],
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const panel = await screen.findByRole('region', { name: '现场' });
    expect(panel.id).toBe('site');
    expect(panel.textContent).toContain('未进场');
    expect(screen.getByRole('button', { name: /进场打卡$/ })).toBeTruthy();
  });
});
