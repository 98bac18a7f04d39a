import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Tip, TipListPage } from '@zl/shared';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { stubBrowser } from '../../../lib/test-env.ts';
import { envelope, jsonResponse, mockFetch } from '../../../lib/test-utils.ts';
import MessagePage from './message-page.tsx';

const tips: Tip[] = [
  {
    id: 7,
    type: 'project',
    title: '恭喜中标：上海车展特装展台',
    content: '您在项目「上海车展特装展台」的报价已被选中，请尽快上传合同。',
    link: '/orderDetail?id=9',
    read: false,
    created: '2026-11-22T02:00:00Z',
  },
  {
    id: 6,
    type: 'finance',
    title: '金币充值成功',
    content: '100 金币已存入您的账户。',
    link: '',
    read: true,
    created: '2026-11-21T02:00:00Z',
  },
];
const page: TipListPage = { listItem: tips, total: 2, page: 1, unread: 1 };

let fetchMock: ReturnType<typeof mockFetch>;
beforeEach(() => {
  stubBrowser();
  fetchMock = mockFetch((url) => {
    if (url.endsWith('Tipcenter/getList')) return jsonResponse(envelope('success', page));
    if (url.endsWith('Conversation/list'))
      return jsonResponse(
        envelope('success', {
          listItem: [
            {
              id: 5,
              projectId: 9,
              projectOrders: 'P202611280009',
              projectTitle: '上海车展特装展台',
              role: 'supplier',
              counterpart: '华展科技有限公司',
              counterpartCardno: '10000002',
              awarded: true,
              open: true,
              last: null,
              unread: 0,
              otherReadUpTo: 0,
              created: '2026-11-22T02:00:00Z',
            },
          ],
          total: 1,
          page: 1,
          unread: 0,
        }),
      );
    if (url.endsWith('Tipcenter/editMsg'))
      return jsonResponse(envelope('success', { changed: 1, unread: 0 }));
    return jsonResponse(envelope('success', null));
  });
});
afterEach(() => vi.unstubAllGlobals());

function renderPage(entry = '/message') {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path="/message" element={<MessagePage />} />
          <Route path="/orderDetail" element={<p>项目详情页</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('/message 消息中心', { timeout: 30_000 }, () => {
  it('lists the tips with their type, unread state and the unread count', async () => {
    renderPage();
    expect(
      await screen.findByText('恭喜中标：上海车展特装展台', undefined, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(screen.getByText('金币充值成功')).toBeTruthy();
    expect(screen.getByText('1 条未读')).toBeTruthy();
    expect(screen.getByRole('button', { name: /^未读，.*恭喜中标/ })).toBeTruthy();
    expect(screen.getByText('项目动态')).toBeTruthy();
    expect(screen.getByText('资金变动')).toBeTruthy();
    expect(screen.getByRole('button', { name: '全部已读' })).toBeTruthy();
  });

  it('marks an unread tip read on click, then opens its link', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /^未读，.*恭喜中标/ }, { timeout: 15_000 }));
    expect(await screen.findByText('项目详情页')).toBeTruthy();
    const edit = fetchMock.mock.calls.find(([u]) => String(u).endsWith('Tipcenter/editMsg'));
    expect(edit).toBeTruthy();
    expect(JSON.parse(String((edit![1] as RequestInit).body))).toEqual({ ids: [7] });
  });

  it('全部已读 marks every tip read', async () => {
    renderPage();
    await screen.findByText('1 条未读', undefined, { timeout: 15_000 });
    fireEvent.click(screen.getByRole('button', { name: '全部已读' }));
    await waitFor(() => {
      const edit = fetchMock.mock.calls.find(([u]) => String(u).endsWith('Tipcenter/editMsg'));
      expect(JSON.parse(String((edit![1] as RequestInit).body))).toEqual({ all: true });
    });
  });

  it('has a 会话 tab beside 通知; the URL says which (?tab=chat)', async () => {
    renderPage();
    const tabs = await screen.findAllByRole('tab', undefined, { timeout: 15_000 });
    expect(tabs.map((t) => t.textContent)).toEqual(['通知', '会话']);
    expect(tabs[0]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.click(tabs[1]!);
    expect(await screen.findByText('华展科技有限公司')).toBeTruthy();
    // the tips are not shown (nor read) meanwhile
    expect(screen.queryByText('恭喜中标：上海车展特装展台')).toBeNull();
  });

  it('/message?tab=chat opens on 会话', async () => {
    renderPage('/message?tab=chat');
    expect(await screen.findByText('华展科技有限公司', undefined, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '会话' }).getAttribute('aria-selected')).toBe('true');
  });
});
