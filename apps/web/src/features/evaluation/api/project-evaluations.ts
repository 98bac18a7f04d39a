/** A project's two evaluations (docs/delivery-evaluation.md): Projectcenter/factoryCmtItem or Customer/evaluateInfo, and evaluating (factoryCmt, factoryCmtEdit, Customer/evaluate, evaluateEdit). */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomerEvaluateInput, FactoryCmtInput, ProjectEvaluations } from '@zl/shared';
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
