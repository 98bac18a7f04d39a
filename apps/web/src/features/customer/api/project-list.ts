import { keepPreviousData, type QueryClient, queryOptions } from '@tanstack/react-query';
import type { CustomerProjectListInput, CustomerProjectPage } from '@zl/shared';
import { api } from '../../../lib/api-client.ts';
import { customerKeys } from '../../../lib/query-keys.ts';
import { earlyListKey } from '../lib/list-query.ts';

export function projectListQuery(q: CustomerProjectListInput) {
  return queryOptions({
    queryKey: customerKeys.list(q),
    queryFn: ({ signal }) => api.post<CustomerProjectPage>('Customer/projectList', q, { signal }),
    placeholderData: keepPreviousData,
    // the route's loader may have just asked (lib/early: the page need not ask again on mount)
    staleTime: 5_000,
  });
}

/**
 * The list asked for by the route's loader, before the guard has seen the member's role: silent
 * when refused (a supplier who opened a customer's link is sent home by the guard, with no message
 * about a page he never saw); the page's own query reports errors as usual.
 */
export function prefetchProjectList(client: QueryClient, q: CustomerProjectListInput): Promise<void> {
  return client.prefetchQuery({
    ...projectListQuery(q),
    queryFn: ({ signal }) =>
      // the entry script may have asked already (app/early-requests.ts): that answer is taken once
      api.takeEarly(earlyListKey(q as Parameters<typeof earlyListKey>[0]), { skipErrorHandler: true }, () =>
        api.post<CustomerProjectPage>('Customer/projectList', q, { signal, skipErrorHandler: true }),
      ),
    meta: { skipErrorHandler: true },
  });
}
