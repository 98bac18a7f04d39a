import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AdminProjectPage, AdminProjectQueueInput } from '@zl/shared';
import { api } from '../../../../lib/api-client.ts';

export const projectReviewKeys = {
  all: ['admin', 'projects'] as const,
  queues: () => [...projectReviewKeys.all, 'queue'] as const,
  queue: (q: object) => [...projectReviewKeys.queues(), q] as const,
  detail: (id: number) => [...projectReviewKeys.all, 'detail', id] as const,
};

/** Admin/projectQueue: pending first (oldest first), or the approved / rejected ones. */
export function projectQueueQuery(q: AdminProjectQueueInput) {
  return queryOptions({
    queryKey: projectReviewKeys.queue(q),
    queryFn: ({ signal }) => api.post<AdminProjectPage>('Admin/projectQueue', q, { signal }),
    placeholderData: keepPreviousData,
  });
}
