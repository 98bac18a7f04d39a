import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuthInfo, BusinesAuthInput } from '@zl/shared';
import { api } from '../../../lib/api-client.ts';
import { memberKeys } from '../../../lib/query-keys.ts';

/** Member/businesAuthInfo: the seed's authInfo (latest business verification), or null. */
export function businessAuthInfoQuery() {
  return queryOptions({
    queryKey: memberKeys.businessAuth(),
    queryFn: ({ signal }) => api.post<AuthInfo | null>('Member/businesAuthInfo', {}, { signal }),
    staleTime: 30_000,
  });
}

export function useBusinessAuthInfo() {
  return useQuery(businessAuthInfoQuery());
}

export function submitBusinessAuth(body: BusinesAuthInput) {
  return api.post<AuthInfo>('Member/businesAuth', body, { skipErrorHandler: true });
}

export function useSubmitBusinessAuth() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: submitBusinessAuth,
    meta: { skipErrorHandler: true },
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: memberKeys.businessAuth() }),
        qc.invalidateQueries({ queryKey: memberKeys.userInfo() }),
      ]),
  });
}
