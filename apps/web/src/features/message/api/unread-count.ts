import { queryOptions, useQuery } from '@tanstack/react-query';
import { userInfoQuery } from '../../../lib/user-info.ts';

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
