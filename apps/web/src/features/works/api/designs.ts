/** A supplier's designs (设计作品; docs/works.md): Company/listDesign, designInfo, saveDesign, editDesign, deleteDesign. */
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { DesignEditInput, DesignInfo, DesignInput, DesignList, DesignView } from '@zl/shared';
import { api } from '../../../lib/api-client.ts';
import { worksKeys } from './keys.ts';
import { useRefreshWorks } from './refresh.ts';

export function designListQuery() {
  return queryOptions({
    queryKey: worksKeys.designs(),
    queryFn: ({ signal }) => api.post<DesignList>('Company/listDesign', {}, { signal }),
  });
}

export function useDesignList() {
  return useQuery(designListQuery());
}

/** Public: one design by id (`enabled` false for id 0). */
export function designInfoQuery(id: number) {
  return queryOptions({
    queryKey: worksKeys.design(id),
    queryFn: ({ signal }) =>
      api.post<DesignInfo>('Company/designInfo', { id }, { signal, skipErrorHandler: true }),
    enabled: id > 0,
    retry: false,
    meta: { skipErrorHandler: true },
  });
}

export function useDesignInfo(id: number) {
  return useQuery(designInfoQuery(id));
}

/** Save a new design or edit one (`id` in the body); the form shows the refusal. */
export function useSaveDesign() {
  const refresh = useRefreshWorks();
  return useMutation({
    mutationFn: (body: DesignInput | DesignEditInput) =>
      api.post<DesignView>('id' in body ? 'Company/editDesign' : 'Company/saveDesign', body, {
        skipErrorHandler: true,
      }),
    meta: { skipErrorHandler: true },
    onSuccess: refresh,
  });
}

export function useDeleteDesign() {
  const refresh = useRefreshWorks();
  return useMutation({
    mutationFn: (id: number) => api.post<{ id: number }>('Company/deleteDesign', { id }),
    onSuccess: refresh,
  });
}
