import { useMutation } from '@tanstack/react-query';
import type { openThreadSchema, Thread } from '@zl/shared';
import { api } from '../../../lib/api-client.ts';
import { useSubmission } from '../../../lib/submission.ts';

/**
 * 联系 a bidder (Customer/openThread, docs/conversation.md): opens, or reopens, the customer's thread
 * with that supplier on the project; the page then opens it on 消息中心 → 会话.
 */
export function useOpenThread() {
  const submission = useSubmission();
  return useMutation({
    mutationFn: (body: ReturnType<typeof openThreadSchema.parse>) =>
      api.post<Thread>('Customer/openThread', body, { submission }),
  });
}
