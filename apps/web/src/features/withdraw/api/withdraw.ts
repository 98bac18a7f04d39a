import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WithdrawListPage, WithdrawNewInput, WithdrawNewResult } from '@zl/shared';
import { api } from '../../../lib/api-client.ts';
import { useSubmission } from '../../../lib/submission.ts';
import { withdrawKeys } from './keys.ts';

export function withdrawListQuery(page: number, pageSize: number) {
  return queryOptions({
    queryKey: withdrawKeys.list(page, pageSize),
    queryFn: ({ signal }) => api.post<WithdrawListPage>('Applycash/list', { page, pageSize }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useWithdrawList(page: number, pageSize: number) {
  return useQuery(withdrawListQuery(page, pageSize));
}

/** Applycash/postNew; the form shows the refusal, so the shared handler stays quiet. */
export function useWithdrawNew() {
  const qc = useQueryClient();
  const submission = useSubmission();
  return useMutation({
    mutationFn: (body: WithdrawNewInput) =>
      api.post<WithdrawNewResult>('Applycash/postNew', body, { skipErrorHandler: true, submission }),
    meta: { skipErrorHandler: true },
    onSuccess: () => qc.invalidateQueries({ queryKey: withdrawKeys.all }),
  });
}
