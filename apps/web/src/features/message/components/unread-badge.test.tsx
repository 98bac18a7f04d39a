import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { userInfoFixture } from '../../../lib/test-user-info.ts';
import { envelope, jsonResponse, mockFetch } from '../../../lib/test-utils.ts';
import { UnreadBadge } from './unread-badge.tsx';

afterEach(() => vi.unstubAllGlobals());

function renderBadge() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <UnreadBadge>消息</UnreadBadge>
    </QueryClientProvider>,
  );
}

describe('UnreadBadge', { timeout: 20_000 }, () => {
  it("shows userInfo's unread count beside 消息", async () => {
    mockFetch(() => jsonResponse(envelope('success', userInfoFixture({ hastips: true, unread: 3 }))));
    renderBadge();
    expect(screen.getByText('消息')).toBeTruthy();
    expect(await screen.findByTitle('3 条未读消息', undefined, { timeout: 10_000 })).toBeTruthy();
  });

  it('counts the unread messages of the conversation too', async () => {
    mockFetch(() =>
      jsonResponse(
        envelope('success', { ...userInfoFixture({ hastips: true, unread: 2 }), unreadMessages: 5 }),
      ),
    );
    renderBadge();
    expect(await screen.findByTitle('7 条未读消息', undefined, { timeout: 10_000 })).toBeTruthy();
  });

  it('shows no count when everything is read', async () => {
    const fetchMock = mockFetch(() => jsonResponse(envelope('success', userInfoFixture())));
    const { container } = renderBadge();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(container.querySelector('.zl-badge-count')).toBeNull();
  });
});
