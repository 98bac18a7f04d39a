import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AdminProjectPage, AdminProjectQueueInput } from '@zl/shared';
import { api } from '../../../../lib/api-client.ts';
import { projectReviewKeys } from '../../api/keys.ts';

/** Admin/projectQueue: pending first (oldest first), or the approved / rejected ones. */
export function projectQueueQuery(q: AdminProjectQueueInput) {
  return queryOptions({
    queryKey: projectReviewKeys.queue(q),
    queryFn: ({ signal }) => api.post<AdminProjectPage>('Admin/projectQueue', q, { signal }),
    placeholderData: keepPreviousData,
  });
}
