import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import type { UserInfo } from '@zl/shared';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { memberKeys } from '../../../lib/query-keys.ts';
import { stubBrowser } from '../../../lib/test-env.ts';
import { userInfoFixture } from '../../../lib/test-user-info.ts';
import { envelope, jsonResponse, mockFetch } from '../../../lib/test-utils.ts';
import { UnreadBadge } from '../../message/index.ts';
import { HomeTodos } from './home-todos.tsx';

beforeEach(() => {
  stubBrowser();
  mockFetch(() => jsonResponse(envelope('success', { ...userInfoFixture(), unread: 3 })));
});
afterEach(() => vi.unstubAllGlobals());

describe('待办 unread tips', { timeout: 30_000 }, () => {
  it('agrees with the header badge, also after a live tip changes the count', async () => {
    const qc = createQueryClient();
    render(
      <QueryClientProvider client={qc}>
        <MemoryRouter>
          <UnreadBadge>消息</UnreadBadge>
          {/* Home/info answered earlier, when there was one unread tip */}
          <HomeTodos todos={{ quote: [], delivery: [], unreadTips: 1 }} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByTitle('3 条未读消息')).toBeTruthy();
    expect(screen.getByRole('link', { name: /有 3 条未读消息/ })).toBeTruthy();
    // a live event sets the badge's count (live-events.ts): the 待办 line follows at once
    act(() => {
      qc.setQueryData<UserInfo>(memberKeys.userInfo(), (u) => (u ? { ...u, unread: 5 } : u));
    });
    expect(await screen.findByTitle('5 条未读消息')).toBeTruthy();
    expect(screen.getByRole('link', { name: /有 5 条未读消息/ })).toBeTruthy();
  });

  it('unread conversation messages are a 待办 of their own, linking to 会话', async () => {
    mockFetch(() =>
      jsonResponse(envelope('success', { ...userInfoFixture(), unread: 0, unreadMessages: 2 })),
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <HomeTodos todos={{ quote: [], delivery: [], unreadTips: 0 }} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const link = await screen.findByRole('link', { name: /有 2 条未读会话消息/ });
    expect(link.getAttribute('href')).toBe('/message?tab=chat');
    expect(screen.queryByText(/暂无待办/)).toBeNull();
  });
});
