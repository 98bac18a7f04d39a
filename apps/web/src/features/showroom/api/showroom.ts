import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CaseEditInput,
  CaseListPage,
  CaseSaveInput,
  CaseView,
  ShowInfo,
  ShowroomInfoInput,
  ShowroomProfile,
} from '@zl/shared';
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

/**
 * Company/listCase: the seed's caseList is `data.listItem`; a failed call keeps the list shown
 * before (the query keeps its previous data).
 */
export function caseListQuery(page: number, pageSize: number) {
  return queryOptions({
    queryKey: showroomKeys.cases(page, pageSize),
    queryFn: ({ signal }) => api.post<CaseListPage>('Company/listCase', { page, pageSize }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCaseList(page: number, pageSize: number) {
  return useQuery(caseListQuery(page, pageSize));
}

function useCaseMutation<B>(path: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => api.post<CaseView>(path, body, { skipErrorHandler: true }),
    meta: { skipErrorHandler: true },
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: showroomKeys.all });
    },
  });
}

export const useSaveCase = () => useCaseMutation<CaseSaveInput>('Company/saveCase');
export const useEditCase = () => useCaseMutation<CaseEditInput>('Company/editCase');
export const useDeleteCase = () => useCaseMutation<{ id: number }>('Company/deleteCase');

/** Company/showInfo: anyone's view of a supplier's showroom (no login needed). */
export function showInfoQuery(cardno: string | null) {
  return queryOptions({
    queryKey: showroomKeys.show(cardno ?? ''),
    queryFn: ({ signal }) =>
      api.post<ShowInfo>('Company/showInfo', { cardno }, { signal, skipErrorHandler: true }),
    enabled: cardno !== null,
    retry: false,
    meta: { skipErrorHandler: true },
  });
}

export function useShowInfo(cardno: string | null) {
  return useQuery(showInfoQuery(cardno));
}

/** The shareable address of a showroom. */
export function showroomUrl(cardno: string): string {
  return `${window.location.origin}/show?id=${cardno}`;
}
