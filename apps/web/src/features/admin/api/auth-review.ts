import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthReviewInput, AuthReviewResult } from '@zl/shared';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';
import { refreshQueueCounts } from './queue-counts.ts';

export function postAuthReview(body: AuthReviewInput) {
  return api.post<AuthReviewResult>('Admin/authReview', body, { skipErrorHandler: true });
}

/** Approve / reject; the queues and the record refresh afterwards (also when another reviewer won). */
export function useAuthReview() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: postAuthReview,
    meta: { skipErrorHandler: true },
    onSettled: (_d, _e, vars) => {
      void qc.invalidateQueries({ queryKey: adminKeys.queues() });
      void qc.invalidateQueries({ queryKey: adminKeys.detail(vars.kind, Number(vars.id)) });
      void refreshQueueCounts(qc);
    },
  });
}
