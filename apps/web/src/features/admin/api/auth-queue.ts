import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AuthKind, AuthQueueItem } from '@zl/shared';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

export interface AuthQueueQuery {
  kind: AuthKind;
  checked: 0 | 1 | 2;
  keyword?: string;
  page: number;
  pageSize: number;
}

export interface Paged<T> {
  listItem: T[];
  total: number;
  page: number;
}

export function authQueueQuery(q: AuthQueueQuery) {
  return queryOptions({
    queryKey: adminKeys.queue(q),
    queryFn: ({ signal }) => api.post<Paged<AuthQueueItem>>('Admin/authQueue', q, { signal }),
    placeholderData: keepPreviousData,
  });
}
