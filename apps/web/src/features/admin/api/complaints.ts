import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminComplaintDetail, ComplaintPage, ComplaintRuleInput, ComplaintState } from '@zl/shared';
import { api } from '../../../lib/api-client.ts';
import { adminComplaintKeys as keys } from './keys.ts';
import { refreshQueueCounts } from './queue-counts.ts';

export interface ComplaintQueueQuery {
  state?: ComplaintState | undefined;
  page: number;
  pageSize: number;
}

export function complaintQueueQuery(q: ComplaintQueueQuery) {
  return queryOptions({
    queryKey: keys.list(q),
    queryFn: ({ signal }) => api.post<ComplaintPage>('Admin/complaintList', q, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function adminComplaintQuery(id: number) {
  return queryOptions({
    queryKey: keys.info(id),
    queryFn: ({ signal }) => api.post<AdminComplaintDetail>('Admin/complaintInfo', { id }, { signal }),
    enabled: id > 0,
  });
}

/** Admin/complaintRule; the form shows a refused amount itself. */
export function useComplaintRule() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ComplaintRuleInput) =>
      api.post<{ id: number; projectStatus: number; refundSent: boolean }>('Admin/complaintRule', body, {
        skipErrorHandler: true,
      }),
    meta: { skipErrorHandler: true },
    onSettled: () => Promise.all([qc.invalidateQueries({ queryKey: keys.all() }), refreshQueueCounts(qc)]),
  });
}
