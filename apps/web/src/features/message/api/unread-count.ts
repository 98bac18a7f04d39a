import { queryOptions, useQuery } from '@tanstack/react-query';
import { unreadMessagesOf, userInfoQuery } from '../../../lib/user-info.ts';

/** Unread tips, from userInfo: read again every minute and when the window gets the focus. */
export function unreadCountQuery() {
  return queryOptions({
    ...userInfoQuery(),
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
    meta: { skipErrorHandler: true },
  });
}

export function useUnreadCount(): number | undefined {
  return useQuery(unreadCountQuery()).data?.unread;
}

/**
 * What the header's 消息 badge counts: the unread tips and the unread messages of the project
 * conversation (userInfo's `unread` and `unreadMessages`), each kept live by `useLiveEvents`.
 */
export function useUnreadTotal(): { tips: number; messages: number; total: number } {
  const { data } = useQuery(unreadCountQuery());
  const tips = data?.unread ?? 0;
  const messages = unreadMessagesOf(data);
  return { tips, messages, total: tips + messages };
}
