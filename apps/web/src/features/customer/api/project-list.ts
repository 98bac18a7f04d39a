import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { CustomerProjectListInput, CustomerProjectPage } from '@zl/shared';
import { api } from '../../../lib/api-client.ts';
import { customerKeys } from './keys.ts';

export function projectListQuery(q: CustomerProjectListInput) {
  return queryOptions({
    queryKey: customerKeys.list(q),
    queryFn: ({ signal }) => api.post<CustomerProjectPage>('Customer/projectList', q, { signal }),
    placeholderData: keepPreviousData,
  });
}
