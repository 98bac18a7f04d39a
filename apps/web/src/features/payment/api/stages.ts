import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConfirmBuildInResult } from '@zl/shared';
import { api } from '../../../lib/api-client.ts';
import { customerKeys, projectKeys } from '../../../lib/query-keys.ts';
import { useSubmission } from '../../../lib/submission.ts';

/**
 * Customer/confirmBuildIn (确认进场, docs/staged-escrow.md): the held 预付款 and 进场款 go to the
 * supplier. Sent with its Idempotency-Key; the panel shows a refusal (INVALID_STATE,
 * ACCEPTANCE_FROZEN) itself. Afterwards the plan and the customer's project are read again.
 */
export function useConfirmBuildIn() {
  const qc = useQueryClient();
  const submission = useSubmission();
  return useMutation({
    mutationFn: (id: number) =>
      api.post<ConfirmBuildInResult>(
        'Customer/confirmBuildIn',
        { id },
        { skipErrorHandler: true, submission },
      ),
    meta: { skipErrorHandler: true },
    onSuccess: (_r, id) => {
      void qc.invalidateQueries({ queryKey: projectKeys.payPlan(id) });
      void qc.invalidateQueries({ queryKey: customerKeys.all });
    },
  });
}
