import { queryOptions } from '@tanstack/react-query';
import type { AuthDetail, AuthKind } from '@zl/shared';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

export function authDetailQuery(kind: AuthKind, id: number) {
  return queryOptions({
    queryKey: adminKeys.detail(kind, id),
    queryFn: ({ signal }) => api.post<AuthDetail>('Admin/authDetail', { kind, id }, { signal }),
  });
}
