/** A supplier's services (服务项目; docs/works.md): Company/listService, serviceInfo, saveService, editService, deleteService. */
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ServiceEditInput, ServiceInfo, ServiceInput, ServiceList, ServiceView } from '@zl/shared';
import { api } from '../../../lib/api-client.ts';
import { worksKeys } from './keys.ts';
import { useRefreshWorks } from './refresh.ts';

export function serviceListQuery() {
  return queryOptions({
    queryKey: worksKeys.services(),
    queryFn: ({ signal }) => api.post<ServiceList>('Company/listService', {}, { signal }),
  });
}

export function useServiceList() {
  return useQuery(serviceListQuery());
}

/** Public: one service by id. */
export function serviceInfoQuery(id: number) {
  return queryOptions({
    queryKey: worksKeys.service(id),
    queryFn: ({ signal }) =>
      api.post<ServiceInfo>('Company/serviceInfo', { id }, { signal, skipErrorHandler: true }),
    enabled: id > 0,
    retry: false,
    meta: { skipErrorHandler: true },
  });
}

export function useServiceInfo(id: number) {
  return useQuery(serviceInfoQuery(id));
}

export function useSaveService() {
  const refresh = useRefreshWorks();
  return useMutation({
    mutationFn: (body: ServiceInput | ServiceEditInput) =>
      api.post<ServiceView>('id' in body ? 'Company/editService' : 'Company/saveService', body, {
        skipErrorHandler: true,
      }),
    meta: { skipErrorHandler: true },
    onSuccess: refresh,
  });
}

export function useDeleteService() {
  const refresh = useRefreshWorks();
  return useMutation({
    mutationFn: (id: number) => api.post<{ id: number }>('Company/deleteService', { id }),
    onSuccess: refresh,
  });
}
