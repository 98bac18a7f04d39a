import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { stubBrowser } from '../../../lib/test-env.ts';
import { envelope, fakeFeedback, jsonResponse, mockFetch } from '../../../lib/test-utils.ts';
import type { AdminNotice } from '../api/notices.ts';
import NoticesPage from './notices-page.tsx';

const SLOW = { timeout: 15_000 };

function notice(over: Partial<AdminNotice>): AdminNotice {
  return {
    id: 1,
    cardno: '10000001',
    kind: 'payment',
    channel: 'sms',
    status: 'sent',
    attempts: 1,
    lastError: '',
    created: '2026-11-22T02:05:00.000Z',
    sendAfter: '2026-11-22T02:05:00.000Z',
    sent: '2026-11-22T02:05:30.000Z',
    ...over,
  };
}

const FAILED = notice({
  id: 12,
  cardno: '20000002',
  kind: 'contract',
  channel: 'wechat',
  status: 'failed',
  attempts: 5,
  lastError: '43004 require subscribe',
  sent: null,
});
const PENDING = notice({
  id: 11,
  kind: 'withdraw',
  status: 'pending',
  attempts: 0,
  sendAfter: '2026-11-23T00:00:00.000Z',
  sent: null,
});
const SENT = notice({ id: 10 });
const COUNTS = { pending: 1, sent: 1, failed: 1 };

type Call = { url: string; body: Record<string, unknown> };

function serve(handle?: (c: Call) => unknown) {
  const calls: Call[] = [];
  mockFetch((url, init) => {
    const c = { url, body: init?.body ? JSON.parse(String(init.body)) : {} };
    calls.push(c);
    const own = handle?.(c);
    if (own !== undefined) return jsonResponse(own);
    const rows = [FAILED, PENDING, SENT].filter((n) => !c.body.status || n.status === c.body.status);
    return jsonResponse(
      envelope('success', { listItem: rows, total: rows.length, page: c.body.page ?? 1, counts: COUNTS }),
    );
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <NoticesPage />
    </QueryClientProvider>,
  );
  return calls;
}

const lists = (calls: Call[]) => calls.filter((c) => c.url.includes('Admin/noticeList'));

beforeEach(() => stubBrowser());
afterEach(() => vi.unstubAllGlobals());

describe('站外通知', () => {
  it('lists the notices in words: kind, channel, status and the counts per status', async () => {
    fakeFeedback();
    const calls = serve();
    const failed = await screen.findByRole('row', { name: /合同上传与审核/ }, SLOW);
    for (const t of ['12', '20000002', '微信', '发送失败', '5', '43004 require subscribe'])
      expect(within(failed).getByText(t)).toBeTruthy();
    expect(within(failed).getByRole('button', { name: /重\s*发/ })).toBeTruthy();
    const pending = screen.getByRole('row', { name: /提现结果/ });
    expect(within(pending).getByText('短信')).toBeTruthy();
    expect(within(pending).getByText('待发送')).toBeTruthy();
    expect(within(pending).getByText(/^计划 /)).toBeTruthy();
    expect(within(pending).queryByRole('button', { name: /重\s*发/ })).toBeNull();
    const sent = screen.getByRole('row', { name: /付款提醒与到账/ });
    expect(within(sent).getByText('已发送')).toBeTruthy();
    expect(within(sent).queryByRole('button', { name: /重\s*发/ })).toBeNull();
    // the filter with the counts; 全部 first and the default
    for (const t of ['全部', '待发送 1', '已发送 1', '发送失败 1', '未发送 0'])
      expect(screen.getByText(t)).toBeTruthy();
    expect(lists(calls)[0]!.body).toEqual({ page: 1 });
    const table = document.querySelector('.ant-table-tbody')!.textContent ?? '';
    for (const raw of ['contract', 'wechat', 'failed', 'pending', 'withdraw'])
      expect(table).not.toContain(raw);
  }, 30_000);

  it('the filter asks for the chosen status', async () => {
    fakeFeedback();
    const calls = serve();
    await screen.findByRole('row', { name: /合同上传与审核/ }, SLOW);
    fireEvent.click(screen.getByText('发送失败 1'));
    await waitFor(() => expect(lists(calls).at(-1)!.body).toEqual({ page: 1, status: 'failed' }));
    await waitFor(() => expect(screen.queryByRole('row', { name: /提现结果/ })).toBeNull());
    fireEvent.click(screen.getByText('全部'));
    await waitFor(() => expect(lists(calls).at(-1)!.body).toEqual({ page: 1 }));
  }, 30_000);

  it('重发 asks first, calls Admin/noticeRetry once and reads the list again', async () => {
    const f = fakeFeedback();
    const calls = serve((c) => (c.url.includes('noticeRetry') ? envelope('success', null) : undefined));
    const failed = await screen.findByRole('row', { name: /合同上传与审核/ }, SLOW);
    const before = lists(calls).length;
    fireEvent.click(within(failed).getByRole('button', { name: /重\s*发/ }));
    // nothing is sent before the confirmation
    const confirm = await screen.findByText('重发通知 12？');
    expect(calls.some((c) => c.url.includes('noticeRetry'))).toBe(false);
    const pop = confirm.closest('.ant-popover')! as HTMLElement;
    fireEvent.click(within(pop).getByRole('button', { name: /重\s*发/ }));
    await waitFor(() => expect(f.message.success).toHaveBeenCalledWith('通知 12 已重新排入发送'));
    const retries = calls.filter((c) => c.url.includes('Admin/noticeRetry'));
    expect(retries).toHaveLength(1);
    expect(retries[0]!.body).toEqual({ id: 12 });
    await waitFor(() => expect(lists(calls).length).toBeGreaterThan(before));
  }, 30_000);
});
