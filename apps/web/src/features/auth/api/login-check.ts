import { queryOptions } from '@tanstack/react-query';
import type { SessionMember } from '@zl/shared';
import { api } from '../../../lib/api-client.ts';

export const sessionKeys = {
  all: ['session'] as const,
  check: () => [...sessionKeys.all, 'loginCheck'] as const,
};

/** GET User/loginCheck: the server's word on who is logged in. Errors are handled by the caller. */
export function loginCheckQuery() {
  return queryOptions({
    queryKey: sessionKeys.check(),
    queryFn: ({ signal }) =>
      api.get<SessionMember>('User/loginCheck', undefined, { skipErrorHandler: true, signal }),
    retry: false,
    staleTime: 60_000,
    meta: { skipErrorHandler: true },
  });
}
