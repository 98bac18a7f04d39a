import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { customerKeys } from './keys.ts';
import type { Quote } from './types.ts';

/** Customer/quoteList: every quote of the caller's project, for the side-by-side comparison. */
export function quoteListQuery(id: number, enabled = true) {
  return queryOptions({
    queryKey: customerKeys.quotes(id),
    queryFn: ({ signal }) => api.post<{ listItem: Quote[] }>('Customer/quoteList', { id }, { signal }),
    enabled: enabled && id > 0,
  });
}
