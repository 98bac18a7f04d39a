import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { MemberListInput, MemberListItem } from '@zl/shared';
import { api } from '../../../lib/api-client.ts';
import type { Paged } from './auth-queue.ts';
import { adminKeys } from './keys.ts';

export function memberListQuery(q: MemberListInput) {
  return queryOptions({
    queryKey: adminKeys.members(q),
    queryFn: ({ signal }) => api.post<Paged<MemberListItem>>('Admin/memberList', q, { signal }),
    placeholderData: keepPreviousData,
  });
}
