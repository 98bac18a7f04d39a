import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { PriceTableInfo, ProjectFeeResult, QuoteView } from '@zl/shared';
import { api } from '../../../lib/api-client.ts';
import { memberKeys, projectKeys } from '../../../lib/query-keys.ts';
import type { Submission } from '../../../lib/submission.ts';
import type { PriceTablePayload } from '../lib/quote-math.ts';

/** POST Projectcenter/projectFee: coins the quote costs and the caller's balance. */
export function projectFeeQuery(id: number) {
  return queryOptions({
    queryKey: projectKeys.fee(id),
    queryFn: ({ signal }) => api.post<ProjectFeeResult>('Projectcenter/projectFee', { id }, { signal }),
    enabled: id > 0,
  });
}

export function useProjectFee(id: number) {
  return useQuery(projectFeeQuery(id));
}

/** POST Projectcenter/getPriceTable: the project's items by category, and the caller's quote if any. */
export function priceTableQuery(id: number) {
  return queryOptions({
    queryKey: projectKeys.priceTable(id),
    queryFn: ({ signal }) => api.post<PriceTableInfo>('Projectcenter/getPriceTable', { id }, { signal }),
    enabled: id > 0,
  });
}

export function usePriceTable(id: number) {
  return useQuery(priceTableQuery(id));
}

/** POST Projectcenter/priceTable (a new quote) or editPriceTable (the caller's existing one). */
export function submitQuote(
  body: PriceTablePayload,
  editing: boolean,
  submission: Submission,
): Promise<QuoteView> {
  return api.post<QuoteView>(editing ? 'Projectcenter/editPriceTable' : 'Projectcenter/priceTable', body, {
    skipErrorHandler: true,
    submission,
  });
}

/**
 * After a quote, or a refusal that says the project or the supplier changed: every view of a
 * project the supplier has (detail, fee, price table, 我的项目) and the member (coins) are read again.
 */
export function refreshAfterQuote(qc: QueryClient): Promise<unknown> {
  return Promise.all([
    qc.invalidateQueries({ queryKey: projectKeys.all }),
    qc.invalidateQueries({ queryKey: memberKeys.all }),
  ]);
}

/** After INSUFFICIENT_COINS: the balance changed elsewhere, only the fee is read again. */
export function refreshProjectFee(qc: QueryClient, id: number): Promise<void> {
  return qc.invalidateQueries({ queryKey: projectKeys.fee(id) });
}
