import { useQuery } from '@tanstack/react-query';
import type { PriceTableInfo, ProjectFeeResult, QuoteView } from '@zl/shared';
import { api } from '../../../lib/api-client.ts';
import type { Submission } from '../../../lib/submission.ts';
import { projectKeys } from '../../order-detail/index.ts';
import type { PriceTablePayload } from '../lib/quote-math.ts';

/** POST Projectcenter/projectFee: coins the quote costs and the caller's balance. */
export function useProjectFee(id: number) {
  return useQuery({
    queryKey: projectKeys.fee(id),
    queryFn: ({ signal }) => api.post<ProjectFeeResult>('Projectcenter/projectFee', { id }, { signal }),
    enabled: id > 0,
  });
}

/** POST Projectcenter/getPriceTable: the project's items by category, and the caller's quote if any. */
export function usePriceTable(id: number) {
  return useQuery({
    queryKey: projectKeys.priceTable(id),
    queryFn: ({ signal }) => api.post<PriceTableInfo>('Projectcenter/getPriceTable', { id }, { signal }),
    enabled: id > 0,
  });
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
