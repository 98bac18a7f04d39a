import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AuditItem, AuditListInput } from '@zl/shared';
import { api } from '../../../lib/api-client.ts';
import type { Paged } from './auth-queue.ts';
import { adminKeys } from './keys.ts';

export function auditListQuery(q: AuditListInput) {
  return queryOptions({
    queryKey: adminKeys.audit(q),
    queryFn: ({ signal }) => api.post<Paged<AuditItem>>('Admin/auditList', q, { signal }),
    placeholderData: keepPreviousData,
  });
}
