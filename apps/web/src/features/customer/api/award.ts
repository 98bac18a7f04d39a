import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AwardInput, AwardResult } from '@zl/shared';
import { api } from '../../../lib/api-client.ts';
import { customerKeys } from '../../../lib/query-keys.ts';

export function award(body: AwardInput) {
  return api.post<AwardResult>('Customer/award', body, { skipErrorHandler: true });
}

/** 选他中标: the project, its quotes and the list refresh afterwards (also when it failed). */
export function useAward() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: award,
    meta: { skipErrorHandler: true },
    onSettled: (_d, _e, vars) => {
      void qc.invalidateQueries({ queryKey: customerKeys.project(vars.id) });
      void qc.invalidateQueries({ queryKey: customerKeys.quotes(vars.id) });
      void qc.invalidateQueries({ queryKey: customerKeys.winner(vars.id) });
      void qc.invalidateQueries({ queryKey: customerKeys.lists() });
    },
  });
}
