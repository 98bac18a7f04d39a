import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { MemberListInput, MemberListPage } from '@zl/shared';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

export function memberListQuery(q: MemberListInput) {
  return queryOptions({
    queryKey: adminKeys.members(q),
    queryFn: ({ signal }) => api.post<MemberListPage>('Admin/memberList', q, { signal }),
    placeholderData: keepPreviousData,
  });
}
