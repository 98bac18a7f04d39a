import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CustomerEvaluateInput,
  EvaluateChangeInput,
  EvaluateReplyInput,
  EvaluationListPage,
  EvaluationView,
  FactoryCmtInput,
  ProjectEvaluations,
} from '@zl/shared';
import { api } from '../../../lib/api-client.ts';
import { evaluationKeys } from './keys.ts';

export function evaluationItemQuery(side: 'supplier' | 'customer', id: number) {
  return queryOptions({
    queryKey: evaluationKeys.item(side, id),
    queryFn: ({ signal }) =>
      api.post<ProjectEvaluations>(
        side === 'supplier' ? 'Projectcenter/factoryCmtItem' : 'Customer/evaluateInfo',
        { id },
        { signal },
      ),
  });
}

export function useEvaluationItem(side: 'supplier' | 'customer', id: number) {
  return useQuery(evaluationItemQuery(side, id));
}

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

/** Submit or edit one side's evaluation; the form shows the refusal. */
export function useSubmitEvaluation(side: 'supplier' | 'customer', edit: boolean) {
  const qc = useQueryClient();
  const path =
    side === 'supplier'
      ? edit
        ? 'Projectcenter/factoryCmtEdit'
        : 'Projectcenter/factoryCmt'
      : edit
        ? 'Customer/evaluateEdit'
        : 'Customer/evaluate';
  return useMutation({
    mutationFn: (body: FactoryCmtInput | CustomerEvaluateInput) =>
      api.post<ProjectEvaluations>(path, body, { skipErrorHandler: true }),
    meta: { skipErrorHandler: true },
    // a first evaluation also changes the project's next action (交付进度, the lists): refresh all
    onSuccess: () => (edit ? qc.invalidateQueries({ queryKey: evaluationKeys.all }) : qc.invalidateQueries()),
  });
}

export function useReplyEvaluation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: EvaluateReplyInput) =>
      api.post<EvaluationView>('Projectcenter/evaluateReply', body, { skipErrorHandler: true }),
    meta: { skipErrorHandler: true },
    onSuccess: () => qc.invalidateQueries({ queryKey: evaluationKeys.all }),
  });
}

export function useRequestChange() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: EvaluateChangeInput) =>
      api.post<EvaluationView>('Projectcenter/evaluateChange', body, { skipErrorHandler: true }),
    meta: { skipErrorHandler: true },
    onSuccess: () => qc.invalidateQueries({ queryKey: evaluationKeys.all }),
  });
}

export function receivedEvaluationQuery(id: number) {
  return queryOptions({
    queryKey: evaluationKeys.received(id),
    queryFn: ({ signal }) => api.post<EvaluationView>('Projectcenter/evaluateItem', { id }, { signal }),
    enabled: id > 0,
  });
}

export function useReceivedEvaluation(id: number) {
  return useQuery(receivedEvaluationQuery(id));
}
