import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { syncSessionFromStorage } from '../../../lib/session-store.ts';
import { storage } from '../../../lib/storage.ts';
import { stubMatchMedia } from '../../../lib/test-env.ts';
import { envelope, fakeFeedback, jsonResponse, mockFetch } from '../../../lib/test-utils.ts';
import OrderPricePage from './order-price-page.tsx';

const TEMPLATE = {
  project: { id: 7, title: '福州车展特装展台', orders: 'P202611220001', coins: 10 },
  categories: [
    { key: 'dimian', label: '地面', items: [{ name: '地毯', spec: '灰色', unit: '㎡', qty: 3, remark: '' }] },
    { key: 'beiban', label: '背板', items: [{ name: '喷绘背板', spec: '', unit: '块', qty: 2, remark: '' }] },
  ],
  quote: null,
};

/** Projectcenter/getInfo of a project open for bidding, to a verified supplier with coins. */
const OPEN_INFO = {
  id: 7,
  title: '福州车展特装展台',
  status: 1,
  biddl: '2099-11-30T10:00:00.000Z',
  myQuote: null,
  canQuote: true,
  whyNot: null,
  whyNotText: '',
};

function setup(
  submitAnswer = envelope('success', { quoteId: 1, total: 3702 }),
  info: Record<string, unknown> = OPEN_INFO,
  userInfo: Record<string, unknown> = { personauth: 1, businsauth: 3 },
) {
  const fetchMock = mockFetch((url) => {
    if (url.endsWith('getInfo')) return jsonResponse(envelope('success', info));
    if (url.endsWith('userInfo')) return jsonResponse(envelope('success', userInfo));
    if (url.endsWith('projectFee'))
      return jsonResponse(envelope('success', { coins: 10, balance: 200, enough: true, quoted: false }));
    if (url.endsWith('getPriceTable')) return jsonResponse(envelope('success', TEMPLATE));
    if (url.endsWith('questionList'))
      return jsonResponse(envelope('success', { open: true, newSinceMyQuote: 0, listItem: [] }));
    if (url.endsWith('priceTable'))
      return jsonResponse(submitAnswer, submitAnswer.errCode === 'success' ? 200 : 409);
    return jsonResponse(envelope('success', {}));
  });
  const router = createMemoryRouter(
    [
      { path: '/orderPrice', element: <OrderPricePage /> },
      { path: '/orderDetail', element: <div>detail page</div> },
    ],
    { initialEntries: ['/orderPrice?id=7'] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { fetchMock, router };
}

class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeEach(() => {
  stubMatchMedia();
  vi.stubGlobal('ResizeObserver', NoResizeObserver);
  fakeFeedback();
});
afterEach(() => vi.unstubAllGlobals());

// antd forms in jsdom on a shared 2-core machine: give each flow room beyond the 5 s default
describe('/orderPrice quote form', { timeout: 30_000 }, () => {
  it('computes line amounts, subtotals and the total live, and sends integer 分 prices', async () => {
    const { fetchMock, router } = setup();
    const carpet = await screen.findByLabelText('地毯 单价');
    fireEvent.change(carpet, { target: { value: '12.34' } });
    await waitFor(() => expect(screen.getByTestId('amount-dimian-0').textContent).toBe('¥37.02'));
    fireEvent.change(screen.getByLabelText('喷绘背板 单价'), { target: { value: '0.5' } });
    await waitFor(() => expect(screen.getByTestId('grand-total').textContent).toBe('¥38.02'));
    expect(screen.getAllByText('¥1.00')).toHaveLength(2); // 背板: its line and its subtotal, 2 × ¥0.50

    fireEvent.change(screen.getByPlaceholderText('如 5'), { target: { value: '6' } });
    fireEvent.click(screen.getByRole('button', { name: /提交报价/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/10 金币/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /确认提交/ }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/orderDetail'));
    const sent = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/Projectcenter/priceTable'));
    const body = JSON.parse(String((sent?.[1] as RequestInit | undefined)?.body));
    expect(body).toMatchObject({
      id: 7,
      days: 6,
      lines: {
        dimian: [{ name: '地毯', qty: 3, price: 1234 }],
        beiban: [{ name: '喷绘背板', qty: 2, price: 50 }],
      },
      attachments: [],
    });
    expect(router.state.location.search).toBe('?id=7');
  });

  it('INSUFFICIENT_COINS is shown clearly with the way to recharge, and the form stays', async () => {
    setup(envelope('INSUFFICIENT_COINS', null, { errorMessage: '金币不足，请先充值' }));
    fireEvent.change(await screen.findByLabelText('地毯 单价'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('喷绘背板 单价'), { target: { value: '1' } });
    fireEvent.change(screen.getByPlaceholderText('如 5'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: /提交报价/ }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /确认提交/ }));
    expect(await screen.findByText(/金币不足，本次报价未提交/)).toBeTruthy();
    expect(screen.getByRole('link', { name: '去充值' }).getAttribute('href')).toBe('/personCenter/charging');
    expect(screen.getByLabelText('地毯 单价')).toBeTruthy();
  });

  it('after the award: no editable form, one message that the quote won', async () => {
    const { fetchMock } = setup(undefined, {
      ...OPEN_INFO,
      status: 2,
      myQuote: { quoteId: 3, total: 3702, days: 6, status: 1 },
      canQuote: false,
      whyNot: 'ALREADY_QUOTED',
    });
    expect(await screen.findByText('您的报价已中标，报价不能再修改')).toBeTruthy();
    expect(screen.queryByLabelText('地毯 单价')).toBeNull();
    expect(screen.queryByRole('button', { name: /保存修改|提交报价/ })).toBeNull();
    expect(screen.getByRole('link', { name: '返回项目详情' }).getAttribute('href')).toBe('/orderDetail?id=7');
    expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('editPriceTable'))).toBe(false);
  });

  it('an unverified supplier is told first, with the way to verify, and gets no form', async () => {
    setup(
      undefined,
      {
        ...OPEN_INFO,
        canQuote: false,
        whyNot: 'NOT_VERIFIED',
        whyNotText: '完成实名认证或企业认证后才能报价',
      },
      { personauth: 3, businsauth: 3 },
    );
    expect(await screen.findByText('完成实名认证或企业认证后才能报价')).toBeTruthy();
    expect(screen.getByRole('link', { name: '去认证' }).getAttribute('href')).toBe(
      '/personCenter/security_person',
    );
    expect(screen.queryByLabelText('地毯 单价')).toBeNull();
    expect(screen.queryByRole('button', { name: /提交报价/ })).toBeNull();
  });

  it('a supplier whose verification is under review is told so, with no form', async () => {
    setup(
      undefined,
      {
        ...OPEN_INFO,
        canQuote: false,
        whyNot: 'NOT_VERIFIED',
        whyNotText: '完成实名认证或企业认证后才能报价',
      },
      { personauth: 0, businsauth: 3 },
    );
    expect(await screen.findByText('您的认证资料正在审核，通过后即可报价')).toBeTruthy();
    expect(screen.queryByLabelText('地毯 单价')).toBeNull();
  });
});

describe('/orderPrice draft', { timeout: 60_000 }, () => {
  it('what was typed comes back for the same project and member, over the template', async () => {
    window.localStorage.clear();
    storage.saveLogin('10000001');
    syncSessionFromStorage();
    setup();
    const days = await screen.findByLabelText('施工天数');
    fireEvent.change(days, { target: { value: '12' } });
    fireEvent.change(screen.getByLabelText('报价说明'), { target: { value: '含运输与安装' } });
    const key = Object.keys(window.localStorage).find((k) => k.endsWith('draft.10000001.orderPrice.7'));
    expect(key).toBeTruthy();
    cleanup();

    const { router } = setup();
    await waitFor(() => expect((screen.getByLabelText('施工天数') as HTMLInputElement).value).toBe('12'));
    expect((screen.getByLabelText('报价说明') as HTMLTextAreaElement).value).toBe('含运输与安装');
    expect(screen.getByText(/已恢复您 .* 未提交的内容/)).toBeTruthy();
    window.localStorage.clear();
    syncSessionFromStorage();
    expect(router.state.location.pathname).toBe('/orderPrice');
  });
});
