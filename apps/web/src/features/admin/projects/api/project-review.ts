import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminProjectDetail, AdminProjectReviewInput } from '@zl/shared';
import { api } from '../../../../lib/api-client.ts';
import { projectReviewKeys } from '../../api/keys.ts';
import { refreshQueueCounts } from '../../api/queue-counts.ts';

export function postProjectReview(body: AdminProjectReviewInput) {
  return api.post<AdminProjectDetail>('Admin/projectReview', body, { skipErrorHandler: true });
}

/** 通过 / 驳回; the queue and the record refresh afterwards (also when another reviewer won). */
export function useProjectReview() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: postProjectReview,
    meta: { skipErrorHandler: true },
    onSettled: (_d, _e, vars) => {
      void qc.invalidateQueries({ queryKey: projectReviewKeys.queues() });
      void qc.invalidateQueries({ queryKey: projectReviewKeys.detail(vars.id) });
      void refreshQueueCounts(qc);
    },
  });
}
