import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AdminProjectItem } from '@zl/shared';
import { api } from '../../../../lib/api-client.ts';

export const projectReviewKeys = {
  all: ['admin', 'projects'] as const,
  queues: () => [...projectReviewKeys.all, 'queue'] as const,
  queue: (q: object) => [...projectReviewKeys.queues(), q] as const,
  detail: (id: number) => [...projectReviewKeys.all, 'detail', id] as const,
};

export interface ProjectQueueQuery {
  checked: 0 | 1 | 2;
  keyword?: string;
  page: number;
  pageSize: number;
}

export interface ProjectQueuePage {
  listItem: AdminProjectItem[];
  total: number;
  page: number;
}

/** Admin/projectQueue: pending first (oldest first), or the approved / rejected ones. */
export function projectQueueQuery(q: ProjectQueueQuery) {
  return queryOptions({
    queryKey: projectReviewKeys.queue(q),
    queryFn: ({ signal }) => api.post<ProjectQueuePage>('Admin/projectQueue', q, { signal }),
    placeholderData: keepPreviousData,
  });
}
