import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ComplainAddInput, ComplainEditInput, ComplaintDetail, ComplaintPage } from '@zl/shared';
import { api } from '../../../lib/api-client.ts';
import { useSubmission } from '../../../lib/submission.ts';
import { complaintKeys } from './keys.ts';

export interface ComplaintListQuery {
  page: number;
  pageSize: number;
  projectId?: number | undefined;
}

export function complaintListQuery(q: ComplaintListQuery, enabled = true) {
  return queryOptions({
    queryKey: complaintKeys.list(q),
    queryFn: ({ signal }) => api.post<ComplaintPage>('Complain/complainList', q, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function complaintInfoQuery(id: number) {
  return queryOptions({
    queryKey: complaintKeys.info(id),
    queryFn: ({ signal }) => api.post<ComplaintDetail>('Complain/complainInfo', { id }, { signal }),
    enabled: id > 0,
  });
}

/** Complain/complainAdd; the form shows field errors itself. */
export function useComplainAdd() {
  const qc = useQueryClient();
  const submission = useSubmission();
  return useMutation({
    mutationFn: (body: ComplainAddInput) =>
      api.post<ComplaintDetail>('Complain/complainAdd', body, { skipErrorHandler: true, submission }),
    meta: { skipErrorHandler: true },
    onSettled: () => qc.invalidateQueries({ queryKey: complaintKeys.all }),
  });
}

/** Complain/complainEdit: the complainant's rewrite or the respondent's statement. */
export function useComplainEdit() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ComplainEditInput) =>
      api.post<ComplaintDetail>('Complain/complainEdit', body, { skipErrorHandler: true }),
    meta: { skipErrorHandler: true },
    onSettled: () => qc.invalidateQueries({ queryKey: complaintKeys.all }),
  });
}
