import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PersonAuthInfo, PersonAuthInput } from '@zl/shared';
import { api } from '../../../lib/api-client.ts';
import { memberKeys } from '../../../lib/query-keys.ts';

/** Member/personAuthInfo: the latest personal verification record, or null when never submitted. */
export function personAuthInfoQuery() {
  return queryOptions({
    queryKey: memberKeys.personAuth(),
    queryFn: ({ signal }) => api.post<PersonAuthInfo | null>('Member/personAuthInfo', {}, { signal }),
    staleTime: 30_000,
  });
}

export function usePersonAuthInfo() {
  return useQuery(personAuthInfoQuery());
}

export function submitPersonAuth(body: PersonAuthInput) {
  return api.post<PersonAuthInfo>('Member/personAuth', body, { skipErrorHandler: true });
}

/** After a submission both the record and userInfo.personauth change. */
export function useSubmitPersonAuth() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: submitPersonAuth,
    meta: { skipErrorHandler: true },
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: memberKeys.personAuth() }),
        qc.invalidateQueries({ queryKey: memberKeys.userInfo() }),
      ]),
  });
}
