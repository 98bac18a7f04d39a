/** Projectcenter/factoryCmtList: the evaluations a supplier received or gave (docs/delivery-evaluation.md). */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { EvaluationListPage } from '@zl/shared';
import { api } from '../../../lib/api-client.ts';
import { evaluationKeys } from './keys.ts';

export function evaluationListQuery(kind: 'received' | 'given', page: number, pageSize: number) {
  return queryOptions({
    queryKey: evaluationKeys.list(kind, page, pageSize),
    queryFn: ({ signal }) =>
      api.post<EvaluationListPage>('Projectcenter/factoryCmtList', { page, pageSize, kind }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useEvaluationList(kind: 'received' | 'given', page: number, pageSize: number) {
  return useQuery(evaluationListQuery(kind, page, pageSize));
}
