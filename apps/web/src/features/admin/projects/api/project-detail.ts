import { queryOptions } from '@tanstack/react-query';
import type { AdminProjectDetail } from '@zl/shared';
import { api } from '../../../../lib/api-client.ts';
import { projectReviewKeys } from '../../api/keys.ts';

export function projectDetailQuery(id: number) {
  return queryOptions({
    queryKey: projectReviewKeys.detail(id),
    queryFn: ({ signal }) => api.post<AdminProjectDetail>('Admin/projectDetail', { id }, { signal }),
    enabled: id > 0,
  });
}
