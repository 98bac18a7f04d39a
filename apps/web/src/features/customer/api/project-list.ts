import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { customerKeys } from './keys.ts';
import type { CustomerProjectSummary, Paged } from './types.ts';

export interface ProjectListQuery {
  status?: number;
  page: number;
  pageSize: number;
}

export function projectListQuery(q: ProjectListQuery) {
  return queryOptions({
    queryKey: customerKeys.list(q),
    queryFn: ({ signal }) => api.post<Paged<CustomerProjectSummary>>('Customer/projectList', q, { signal }),
    placeholderData: keepPreviousData,
  });
}
