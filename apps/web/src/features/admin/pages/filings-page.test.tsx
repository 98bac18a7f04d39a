import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { stubBrowser } from '../../../lib/test-env.ts';
import { envelope, fakeFeedback, jsonResponse, mockFetch } from '../../../lib/test-utils.ts';
import type { AdminFiling } from '../api/filings.ts';
import FilingsPage from './filings-page.tsx';

const SLOW = { timeout: 15_000 };

function row(over: Partial<AdminFiling>): AdminFiling {
  return {
    id: 1,
    orders: 'ZL202611010001',
    title: '2026 上海国际汽车零部件展特装展台',
    customerName: '上海某汽配有限公司',
    supplierName: '杭州某展览工程有限公司',
    deadline: '2026-11-20T10:00:00.000Z',
    buildStart: '2026-11-24T00:00:00.000Z',
    status: 'none',
    statusText: '未填写',
    late: false,
    ...over,
  };
}

const LATE = row({
  id: 2,
  orders: 'ZL202610150002',
  title: '2026 广州家具博览会特装展台',
  customerName: '广州某家具公司',
  status: 'submitted',
  statusText: '已提交场馆，待审核',
  deadline: '2026-11-10T10:00:00.000Z',
  late: true,
});
const ON_TIME = row({});
const APPROVED = row({
  id: 3,
  orders: 'ZL202609010003',
  title: '北京教育装备展',
  status: 'approved',
  statusText: '场馆已通过',
});

type Call = { url: string; body: Record<string, unknown> };

function serve(total?: number) {
  const calls: Call[] = [];
  mockFetch((url, init) => {
    const c = { url, body: init?.body ? JSON.parse(String(init.body)) : {} };
    calls.push(c);
    const rows = [LATE, ON_TIME, APPROVED].filter((r) => !c.body.late || r.late);
    return jsonResponse(
      envelope('success', {
        listItem: rows,
        total: total ?? rows.length,
        page: c.body.page ?? 1,
        pageSize: 20,
      }),
    );
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <FilingsPage />
    </QueryClientProvider>,
  );
  return calls;
}

const lists = (calls: Call[]) => calls.filter((c) => c.url.includes('Admin/filingList'));

beforeEach(() => {
  stubBrowser();
  fakeFeedback();
});
afterEach(() => vi.unstubAllGlobals());

describe('报馆进度', () => {
  it('lists the filings: order, project, both parties, the deadline and 进场 in China time, the state, late ones red', async () => {
    const calls = serve();
    const late = await screen.findByRole('row', { name: /广州家具博览会/ }, SLOW);
    expect(screen.getByRole('heading', { name: '报馆进度' })).toBeTruthy();
    const heads = [...document.querySelectorAll('.ant-table-thead th')].map((th) => th.textContent);
    expect(heads).toEqual(['订单号', '项目', '参展商', '供应商', '报馆截止', '进场', '状态']);
    for (const t of ['ZL202610150002', '广州某家具公司', '杭州某展览工程有限公司', '2026-11-10 18:00'])
      expect(within(late).getByText(t)).toBeTruthy();
    expect(within(late).getByText('已提交场馆，待审核')).toBeTruthy();
    const mark = within(late).getByText('逾期');
    expect(mark.className).toContain('ant-tag-red');
    const onTime = screen.getByRole('row', { name: /汽车零部件展/ });
    expect(within(onTime).getByText('2026-11-24 08:00')).toBeTruthy();
    expect(within(onTime).getByText('未填写')).toBeTruthy();
    expect(within(onTime).queryByText('逾期')).toBeNull();
    expect(screen.getByText('共 3 个项目')).toBeTruthy();
    expect(lists(calls)[0]!.body).toEqual({ late: false, page: 1 });
  }, 30_000);

  it('只看逾期 asks for the late ones, from page 1', async () => {
    const calls = serve(45);
    await screen.findByRole('row', { name: /汽车零部件展/ }, SLOW);
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(lists(calls).at(-1)!.body).toEqual({ late: false, page: 2 }));
    fireEvent.click(screen.getByRole('switch', { name: '只看逾期' }));
    await waitFor(() => expect(lists(calls).at(-1)!.body).toEqual({ late: true, page: 1 }));
    await waitFor(() => expect(screen.queryByRole('row', { name: /汽车零部件展/ })).toBeNull());
    expect(screen.getByRole('row', { name: /广州家具博览会/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: '只看逾期' }));
    await waitFor(() => expect(lists(calls).at(-1)!.body).toEqual({ late: false, page: 1 }));
  }, 30_000);
});
