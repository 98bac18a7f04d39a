/** The caller's cases (案例; docs/showroom.md): Company/listCase, saveCase, editCase, deleteCase. */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CaseEditInput, CaseListPage, CaseSaveInput, CaseView } from '@zl/shared';
import { api } from '../../../lib/api-client.ts';
import { showroomKeys } from './keys.ts';

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
