import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { stubBrowser } from '../../../lib/test-env.ts';
import { envelope, jsonResponse, mockFetch } from '../../../lib/test-utils.ts';
import type { ComplaintMessages as Answer, ComplaintThreadMessage } from '../api/complaints.ts';
import { ComplaintMessages } from './complaint-messages.tsx';

const SLOW = { timeout: 10_000 };

function msg(over: Partial<ComplaintThreadMessage>): ComplaintThreadMessage {
  return {
    id: 1,
    threadId: 11,
    sender: 'customer',
    content: '',
    files: [],
    at: '2026-11-20T02:00:00.000Z',
    withdrawn: false,
    masked: false,
    withdrawnAt: null,
    ...over,
  };
}

const ANSWER: Answer = {
  listItem: [
    {
      id: 11,
      supplier: '上海鼎盛展览工程有限公司',
      supplierCardno: '10000001',
      customer: '华东会展有限公司',
      awarded: true,
      // the newest first on purpose: the panel shows them oldest first
      messages: [
        msg({
          id: 3,
          sender: 'supplier',
          content: '效果图见附件',
          at: '2026-11-20T03:00:00.000Z',
          files: [
            {
              id: 'f1',
              url: '/files/f1',
              thumbUrl: '/files/f1-t',
              name: '效果图.jpg',
              mime: 'image/jpeg',
            },
            { id: 'f2', url: '/files/f2', thumbUrl: null, name: '报价单.pdf', mime: 'application/pdf' },
          ],
        }),
        msg({
          id: 2,
          sender: 'supplier',
          content: '说错了，请忽略',
          at: '2026-11-20T02:30:00.000Z',
          withdrawn: true,
          withdrawnAt: '2026-11-20T02:31:00.000Z',
        }),
        msg({ id: 1, content: '第一行\n第二行' }),
      ],
    },
    {
      id: 12,
      supplier: '广州华美展览',
      supplierCardno: '10000002',
      customer: '华东会展有限公司',
      awarded: false,
      messages: [msg({ id: 4, threadId: 12, content: '电话 ***********', masked: true })],
    },
  ],
};

function renderPanel(answer: Answer = ANSWER) {
  const fetch = mockFetch((url) =>
    url.endsWith('Admin/complaintMessages')
      ? jsonResponse(envelope('success', answer))
      : jsonResponse(envelope('success', null)),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ComplaintMessages complaintId={7} />
    </QueryClientProvider>,
  );
  return fetch;
}

beforeEach(() => stubBrowser());
afterEach(() => vi.unstubAllGlobals());

describe('投诉处理 › 双方会话记录', { timeout: 30_000 }, () => {
  it('reads nothing until the operator asks (every read is audited), then shows each thread', async () => {
    const fetch = renderPanel();
    const button = screen.getByRole('button', { name: '查看双方会话（将记入审计日志）' });
    // a moment for anything that would load on its own
    await new Promise((r) => setTimeout(r, 50));
    expect(fetch).not.toHaveBeenCalled();

    fireEvent.click(button);
    const first = await screen.findByTestId('complaint-thread-11', undefined, SLOW);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toMatch(/\/api\/Admin\/complaintMessages$/);
    expect(JSON.parse(String(init.body))).toEqual({ id: 7 });
    expect(screen.queryByRole('button', { name: /查看双方会话/ })).toBeNull();

    // header: both parties, the supplier's number; 成交前 only on the thread before the award
    expect(within(first).getByText('华东会展有限公司')).toBeTruthy();
    expect(within(first).getByText('上海鼎盛展览工程有限公司')).toBeTruthy();
    expect(within(first).getByText('（10000001）')).toBeTruthy();
    expect(within(first).queryByText('成交前')).toBeNull();
    const second = screen.getByTestId('complaint-thread-12');
    expect(within(second).getByText('成交前')).toBeTruthy();
    expect(within(second).getByText('已隐藏联系方式')).toBeTruthy();

    // oldest first, with who sent each and the text's line breaks kept
    const rows = [...first.querySelectorAll('[data-message]')];
    expect(rows.map((r) => r.getAttribute('data-message'))).toEqual(['1', '2', '3']);
    expect(within(rows[0] as HTMLElement).getByText('参展商')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('2026-11-20 10:00')).toBeTruthy();
    expect(rows[0]?.querySelector('.zl-cmsg-text')?.textContent).toBe('第一行\n第二行');
    expect(within(rows[2] as HTMLElement).getByText('供应商')).toBeTruthy();

    // a withdrawn message: its text still there for the operator, greyed, with when it was withdrawn
    const withdrawn = rows[1] as HTMLElement;
    expect(within(withdrawn).getByText('已撤回 2026-11-20 10:31')).toBeTruthy();
    expect(within(withdrawn).getByText('说错了，请忽略')).toBeTruthy();
    expect(withdrawn.classList.contains('zl-cmsg-withdrawn')).toBe(true);

    // a picture as a thumbnail, a PDF as a link with its name
    const files = rows[2] as HTMLElement;
    expect(within(files).getByRole('img', { name: '效果图.jpg' }).getAttribute('src')).toBe('/files/f1-t');
    expect(
      within(files)
        .getByRole('link', { name: /报价单\.pdf/ })
        .getAttribute('href'),
    ).toBe('/files/f2');
  });

  it('says so when the parties never talked', async () => {
    renderPanel({ listItem: [] });
    fireEvent.click(screen.getByRole('button', { name: '查看双方会话（将记入审计日志）' }));
    expect(await screen.findByText('双方没有会话记录', undefined, SLOW)).toBeTruthy();
  });
});
