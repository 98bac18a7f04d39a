import { queryOptions } from '@tanstack/react-query';
import type { AdminLoginInput, AdminMe } from '@zl/shared';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

/** GET Admin/me: the console guard asks it on load; ADMIN_NOT_LOGGED_IN is handled by the guard. */
export function adminMeQuery() {
  return queryOptions({
    queryKey: adminKeys.me(),
    queryFn: ({ signal }) => api.get<AdminMe>('Admin/me', undefined, { skipErrorHandler: true, signal }),
    retry: false,
    staleTime: 60_000,
    meta: { skipErrorHandler: true },
  });
}

export function adminLogin(body: AdminLoginInput) {
  return api.post<AdminMe>('Admin/login', body, { skipErrorHandler: true });
}

export function adminLogout() {
  return api.get<null>('Admin/logout', undefined, { skipErrorHandler: true });
}
