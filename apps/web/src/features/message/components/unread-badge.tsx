import type { ReactNode } from 'react';
import { LiteBadge } from '../../../components/lite/lite-ui.tsx';
import { useUnreadTotal } from '../api/unread-count.ts';

/**
 * The header's 消息 link with a red count of what is unread: tips and conversation messages
 * (plain markup: the frame draws no antd).
 */
export function UnreadBadge({ children }: { children: ReactNode }) {
  const { total } = useUnreadTotal();
  return (
    <LiteBadge count={total} overflow={99} title={`${total} 条未读消息`}>
      {children}
    </LiteBadge>
  );
}
