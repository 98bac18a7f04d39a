import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DesignEditInput,
  DesignInfo,
  DesignInput,
  DesignList,
  DesignView,
  ServiceEditInput,
  ServiceInfo,
  ServiceInput,
  ServiceList,
  ServiceView,
  ShowWorks,
} from '@zl/shared';
import { api } from '../../../lib/api-client.ts';
import { memberKeys } from '../../../lib/query-keys.ts';
import { worksKeys } from './keys.ts';

export function designListQuery() {
  return queryOptions({
    queryKey: worksKeys.designs(),
    queryFn: ({ signal }) => api.post<DesignList>('Company/listDesign', {}, { signal }),
  });
}

export function useDesignList() {
  return useQuery(designListQuery());
}

export function serviceListQuery() {
  return queryOptions({
    queryKey: worksKeys.services(),
    queryFn: ({ signal }) => api.post<ServiceList>('Company/listService', {}, { signal }),
  });
}

export function useServiceList() {
  return useQuery(serviceListQuery());
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

export function showWorksQuery(cardno: string) {
  return queryOptions({
    queryKey: worksKeys.show(cardno),
    queryFn: ({ signal }) =>
      api.post<ShowWorks>('Company/showWorks', { cardno }, { signal, skipErrorHandler: true }),
    enabled: /^\d{8}$/.test(cardno),
    retry: false,
    meta: { skipErrorHandler: true },
  });
}

/** Public: a supplier's designs and services (the showcase page). */
export function useShowWorks(cardno: string) {
  return useQuery(showWorksQuery(cardno));
}

function useRefresh() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: worksKeys.all });
    // myworks counts the designs
    void qc.invalidateQueries({ queryKey: memberKeys.userInfo() });
  };
}

/** Save a new design or edit one (`id` in the body); the form shows the refusal. */
export function useSaveDesign() {
  const refresh = useRefresh();
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
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => api.post<{ id: number }>('Company/deleteDesign', { id }),
    onSuccess: refresh,
  });
}

export function useSaveService() {
  const refresh = useRefresh();
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
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => api.post<{ id: number }>('Company/deleteService', { id }),
    onSuccess: refresh,
  });
}
