import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdminWithdrawPage,
  FundsOverview,
  LedgerCheckView,
  WithdrawReviewInput,
  WithdrawStatus,
} from '@zl/shared';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';
import { refreshQueueCounts } from './queue-counts.ts';

export interface WithdrawListQuery {
  status?: WithdrawStatus | undefined;
  page: number;
  pageSize: number;
}

export function withdrawListQuery(q: WithdrawListQuery) {
  return queryOptions({
    queryKey: adminKeys.withdrawList(q),
    queryFn: ({ signal }) => api.post<AdminWithdrawPage>('Admin/withdrawList', q, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function fundsOverviewQuery() {
  return queryOptions({
    queryKey: adminKeys.funds(),
    queryFn: ({ signal }) => api.post<FundsOverview>('Admin/fundsOverview', {}, { signal }),
  });
}

/**
 * Admin/ledgerRecheck (资金概览's 重新核对): the check run now; its answer replaces the ledger part of
 * the shown overview, and the figures are read again.
 */
export function useLedgerRecheck() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<LedgerCheckView>('Admin/ledgerRecheck', {}),
    onSuccess: (ledger) => {
      qc.setQueryData<FundsOverview>(adminKeys.funds(), (d) => (d ? { ...d, ledger } : d));
      return qc.invalidateQueries({ queryKey: adminKeys.funds() });
    },
  });
}

/** Admin/withdrawReview; the dialog shows a refused reference itself. */
export function useWithdrawReview() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: WithdrawReviewInput) =>
      api.post<{ id: number; status: WithdrawStatus; reference: string }>('Admin/withdrawReview', body, {
        skipErrorHandler: true,
      }),
    meta: { skipErrorHandler: true },
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: adminKeys.withdrawals() }),
        qc.invalidateQueries({ queryKey: adminKeys.funds() }),
        refreshQueueCounts(qc),
      ]),
  });
}
