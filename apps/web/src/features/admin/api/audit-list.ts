import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AuditListInput, AuditListPage } from '@zl/shared';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

export function auditListQuery(q: AuditListInput) {
  return queryOptions({
    queryKey: adminKeys.audit(q),
    queryFn: ({ signal }) => api.post<AuditListPage>('Admin/auditList', q, { signal }),
    placeholderData: keepPreviousData,
  });
}
