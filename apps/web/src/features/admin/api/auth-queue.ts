import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AuthQueueInput, AuthQueuePage } from '@zl/shared';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

export function authQueueQuery(q: AuthQueueInput) {
  return queryOptions({
    queryKey: adminKeys.queue(q),
    queryFn: ({ signal }) => api.post<AuthQueuePage>('Admin/authQueue', q, { signal }),
    placeholderData: keepPreviousData,
  });
}
