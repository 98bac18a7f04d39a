/** One received evaluation (docs/delivery-evaluation.md): Projectcenter/evaluateItem, the reply (evaluateReply) and the change request (evaluateChange). */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EvaluateChangeInput, EvaluateReplyInput, EvaluationView } from '@zl/shared';
import { api } from '../../../lib/api-client.ts';
import { evaluationKeys } from './keys.ts';

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
