import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { CustomerProjectListInput, CustomerProjectPage } from '@zl/shared';
import { api } from '../../../lib/api-client.ts';
import { customerKeys } from './keys.ts';

export function projectListQuery(q: CustomerProjectListInput) {
  return queryOptions({
    queryKey: customerKeys.list(q),
    queryFn: ({ signal }) => api.post<CustomerProjectPage>('Customer/projectList', q, { signal }),
    placeholderData: keepPreviousData,
    // the route's loader may have just asked (lib/early: the page need not ask again on mount)
    staleTime: 5_000,
  });
}
