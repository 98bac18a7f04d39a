import { useQuery } from '@tanstack/react-query';
import Badge from 'antd/es/badge';
import type { ReactNode } from 'react';
import { userInfoQuery } from '../../member/index.ts';

/** Unread tips, from userInfo: read again every minute and when the window gets the focus. */
export function useUnreadCount(): number {
  const { data } = useQuery({
    ...userInfoQuery(),
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
    meta: { skipErrorHandler: true },
  });
  return data?.unread ?? 0;
}

/** The header's 消息 link with a red count of unread tips. */
export function UnreadBadge({ children }: { children: ReactNode }) {
  const unread = useUnreadCount();
  return (
    <Badge count={unread} size="small" overflowCount={99} offset={[8, -2]} title={`${unread} 条未读消息`}>
      <span style={{ color: 'inherit' }}>{children}</span>
    </Badge>
  );
}
