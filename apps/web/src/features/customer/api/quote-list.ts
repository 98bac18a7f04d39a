import { queryOptions } from '@tanstack/react-query';
import type { CustomerQuoteList } from '@zl/shared';
import { api } from '../../../lib/api-client.ts';
import { customerKeys } from '../../../lib/query-keys.ts';

/** Customer/quoteList: every quote of the caller's project, for the side-by-side comparison. */
export function quoteListQuery(id: number, enabled = true) {
  return queryOptions({
    queryKey: customerKeys.quotes(id),
    queryFn: ({ signal }) => api.post<CustomerQuoteList>('Customer/quoteList', { id }, { signal }),
    enabled: enabled && id > 0,
  });
}
