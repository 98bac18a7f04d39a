/** The caller's own showroom (展厅设置; docs/showroom.md): Company/cmpyInfo, saveInfo, and its shareable address. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ShowroomInfoInput, ShowroomProfile } from '@zl/shared';
import { api } from '../../../lib/api-client.ts';
import { showroomKeys } from './keys.ts';

/** Company/cmpyInfo: the caller's own showroom (the settings form). */
export function myShowroomQuery() {
  return queryOptions({
    queryKey: showroomKeys.mine(),
    queryFn: ({ signal }) => api.post<ShowroomProfile>('Company/cmpyInfo', {}, { signal }),
  });
}

export function useMyShowroom() {
  return useQuery(myShowroomQuery());
}

export function useSaveShowroom() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ShowroomInfoInput) =>
      api.post<ShowroomProfile>('Company/saveInfo', body, { skipErrorHandler: true }),
    meta: { skipErrorHandler: true },
    onSuccess: (data) => {
      qc.setQueryData(showroomKeys.mine(), data);
      void qc.invalidateQueries({ queryKey: showroomKeys.shows() });
    },
  });
}

/** The shareable address of a showroom. */
export function showroomUrl(cardno: string): string {
  return `${window.location.origin}/show?id=${cardno}`;
}
