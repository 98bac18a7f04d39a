import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCreateInput, AdminCreateResult, AdminDisableInput, AdminListResult } from '@zl/shared';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

export function adminListQuery() {
  return queryOptions({
    queryKey: adminKeys.admins(),
    queryFn: ({ signal }) => api.post<AdminListResult>('Admin/adminList', {}, { signal }),
  });
}

export function useAdminCreate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminCreateInput) =>
      api.post<AdminCreateResult>('Admin/adminCreate', body, { skipErrorHandler: true }),
    meta: { skipErrorHandler: true },
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.admins() }),
  });
}

export function useAdminDisable() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminDisableInput) => api.post<null>('Admin/adminDisable', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.admins() }),
  });
}
