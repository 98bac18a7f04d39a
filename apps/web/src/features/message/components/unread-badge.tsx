import type { ReactNode } from 'react';
import { LiteBadge } from '../../../components/lite/lite-ui.tsx';
import { useUnreadCount } from '../api/unread-count.ts';

/** The header's 消息 link with a red count of unread tips (plain markup: the frame draws no antd). */
export function UnreadBadge({ children }: { children: ReactNode }) {
  const unread = useUnreadCount() ?? 0;
  return (
    <LiteBadge count={unread} overflow={99} title={`${unread} 条未读消息`}>
      {children}
    </LiteBadge>
  );
}
