import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LiteBadge } from '../../../components/lite/lite-ui.tsx';
import { userInfoQuery } from '../../member/index.ts';

/** Unread tips, from userInfo: read again every minute and when the window gets the focus. */
export function useUnreadCount(): number | undefined {
  const { data } = useQuery({
    ...userInfoQuery(),
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
    meta: { skipErrorHandler: true },
  });
  return data?.unread;
}

/** The header's 消息 link with a red count of unread tips (plain markup: the frame draws no antd). */
export function UnreadBadge({ children }: { children: ReactNode }) {
  const unread = useUnreadCount() ?? 0;
  return (
    <LiteBadge count={unread} overflow={99} title={`${unread} 条未读消息`}>
      {children}
    </LiteBadge>
  );
}
