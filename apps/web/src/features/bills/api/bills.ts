import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BillsListInput, BillsListResult, BillsMonthlyInput, BillsMonthlyResult } from '@zl/shared';
import { api } from '../../../lib/api-client.ts';
import type { BillsView } from '../lib/bills-filter.ts';
import { billsKeys } from './keys.ts';

export const BILLS_PAGE_SIZE = 20;

/** POST Bills/transaction for the filter and page shown. */
export function billsQuery(v: BillsView) {
  return queryOptions({
    queryKey: billsKeys.list(v),
    queryFn: ({ signal }) =>
      api.post<BillsListResult>(
        'Bills/transaction',
        { ...v, pageSize: BILLS_PAGE_SIZE } satisfies BillsListInput,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useBills(v: BillsView) {
  return useQuery(billsQuery(v));
}

/** POST Bills/monthly: in and out per month. */
export function monthlyQuery(currency: 'CNY' | 'COIN', months = 12) {
  return queryOptions({
    queryKey: billsKeys.monthly(currency, months),
    queryFn: ({ signal }) =>
      api.post<BillsMonthlyResult>('Bills/monthly', { currency, months } satisfies BillsMonthlyInput, {
        signal,
      }),
  });
}

export function useMonthly(currency: 'CNY' | 'COIN', months = 12) {
  return useQuery(monthlyQuery(currency, months));
}
